/** Checksums for record ids. */
final class Util {
    private Util() {
    }

    /** Luhn check digit of a string of digits. */
    static int Compute(String digits) {
        int sum = 0;
        boolean dbl = true;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (dbl) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            dbl = !dbl;
        }
        return (10 - sum % 10) % 10;
    }

    static String withCheckDigit(String digits) {
        return digits + Compute(digits);
    }
}
