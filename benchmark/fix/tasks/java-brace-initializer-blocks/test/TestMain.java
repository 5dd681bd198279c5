/** Hand-written assertions: exits non-zero on the first failure. */
public class TestMain {
    static void check(boolean ok, String what) {
        if (!ok) {
            System.err.println("FAIL: " + what);
            System.exit(1);
        }
    }

    public static void main(String[] args) {
        Tally t = new Tally();
        check(t.get("start") == 0 && t.get("stop") == 0, "instance initializer seeds the known names");
        check(Tally.KNOWN.length == 2, "static initializer fills KNOWN");
        t.add("start");
        t.add("tick");
        t.add("tick");
        check(t.get("tick") == 2 && t.total() == 3, "add counts");
        String[] two = t.atLeast(2);
        check(two.length == 1 && two[0].equals("tick"), "atLeast keeps order and threshold");
        check(t.atLeast(0).length == 3 && t.atLeast(0)[0].equals("start"), "first-seen order");
        check(Tally.sumOf(1, 2, 3) == 6 && Tally.sumOf() == 0, "sumOf");
        System.out.println("ok");
    }
}
