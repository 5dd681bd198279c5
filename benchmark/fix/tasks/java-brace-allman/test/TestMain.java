/** Hand-written assertions: exits non-zero on the first failure. */
public class TestMain {
    static void check(boolean ok, String what) {
        if (!ok) {
            System.err.println("FAIL: " + what);
            System.exit(1);
        }
    }

    public static void main(String[] args) {
        Matrix m = new Matrix(new int[][] {{1, 2}, {3, 4}});
        Matrix sq = m.times(m);
        check(sq.get(0, 0) == 7 && sq.get(1, 1) == 22, "square of [[1,2],[3,4]]");
        check(Matrix.identity(2).times(m).get(1, 0) == 3, "identity times m");
        check(Matrix.fibPair(10)[0] == 55, "fib(10) = 55");
        check(Matrix.fibPair(1)[0] == 1, "fib(1) = 1");
        boolean threw = false;
        try {
            m.times(new Matrix(new int[][] {{1, 2, 3}}));
        } catch (IllegalArgumentException e) {
            threw = true;
        }
        check(threw, "shape mismatch throws");
        System.out.println("ok");
    }
}
