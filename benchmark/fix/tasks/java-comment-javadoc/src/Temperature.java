// Converts between Celsius and Fahrenheit, rounding to one decimal.
public final class Temperature {
    private Temperature() {
    }

    // Returns the Fahrenheit value of the given Celsius temperature.
    public static double toFahrenheit(double celsius) {
        return round1(celsius * 9 / 5 + 32);
    }

    // Returns the Celsius value of the given Fahrenheit temperature.
    public static double toCelsius(double fahrenheit) {
        return round1((fahrenheit - 32) * 5 / 9);
    }

    // Rounds half away from zero to one decimal place.
    static double round1(double x) {
        double r = Math.round(Math.abs(x) * 10) / 10.0; // magnitude first
        return Math.copySign(r, x);
    }
}
