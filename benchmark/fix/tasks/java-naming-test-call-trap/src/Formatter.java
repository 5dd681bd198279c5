/** Groups long ids into blocks of four for display. */
final class Formatter {
    private Formatter() {
    }

    private static String Group_of(String s, int from) {
        return s.substring(from, Math.min(s.length(), from + 4));
    }

    static String display(String id) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < id.length(); i += 4) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(Group_of(id, i));
        }
        return b.toString();
    }
}
