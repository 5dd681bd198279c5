/** Hand-written assertions: exits non-zero on the first failure. */
public class TestMain {
    static void check(boolean ok, String what) {
        if (!ok) {
            System.err.println("FAIL: " + what);
            System.exit(1);
        }
    }

    public static void main(String[] args) {
        check(Util.Compute("7992739871") == 3, "Luhn digit of 7992739871");
        check(Util.withCheckDigit("4111111111111111".substring(0, 15)).equals("4111111111111111"), "card number");
        check(Formatter.display("4111111111111111").equals("4111 1111 1111 1111"), "grouping");
        check(Formatter.display("12345").equals("1234 5"), "short tail");
        System.out.println("ok");
    }
}
