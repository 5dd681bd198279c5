/** Hand-written assertions: exits non-zero on the first failure. */
public class TestMain {
    static void check(boolean ok, String what) {
        if (!ok) {
            System.err.println("FAIL: " + what);
            System.exit(1);
        }
    }

    public static void main(String[] args) {
        check(Temperature.toFahrenheit(100) == 212.0, "boiling point");
        check(Temperature.toCelsius(-40) == -40.0, "minus forty");
        check(Temperature.toCelsius(98.6) == 37.0, "body temperature");
        check(Temperature.round1(-2.25) == -2.3, "rounds half away from zero");
        System.out.println("ok");
    }
}
