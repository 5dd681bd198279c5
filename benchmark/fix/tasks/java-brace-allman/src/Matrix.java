/** A small dense integer matrix. */
public final class Matrix {
    private final int[][] cells;

    public Matrix(int[][] cells) {
        this.cells = cells;
    }

    public static Matrix identity(int n) {
        int[][] c = new int[n][n];
        for (int i = 0; i < n; i++) {
            c[i][i] = 1;
        }
        return new Matrix(c);
    }

    public Matrix times(Matrix o) {
        int n = cells.length, m = o.cells[0].length, k = o.cells.length;
        if (cells[0].length != k) {
            throw new IllegalArgumentException("shape mismatch");
        }
        int[][] r = new int[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                int s = 0;
                for (int x = 0; x < k; x++) {
                    s += cells[i][x] * o.cells[x][j];
                }
                r[i][j] = s;
            }
        }
        return new Matrix(r);
    }

    public int get(int i, int j) {
        return cells[i][j];
    }

    public static int[] fibPair(int n) {
        Matrix q = new Matrix(new int[][] {{1, 1}, {1, 0}});
        Matrix p = identity(2);
        while (n > 0) {
            if ((n & 1) == 1) {
                p = p.times(q);
            }
            q = q.times(q);
            n >>= 1;
        }
        return new int[] {p.get(1, 0), p.get(0, 0)};
    }
}
