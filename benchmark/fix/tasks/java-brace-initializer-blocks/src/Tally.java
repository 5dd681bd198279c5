import java.util.LinkedHashMap;
import java.util.Map;

/** Counts events by name; the initializer blocks set up the defaults. */
public final class Tally
{
    static final String[] KNOWN;
    static
    {
        KNOWN = new String[] {"start", "stop"};
    }

    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private int total = 0;
    {
        for (String name : KNOWN) {
            counts.put(name, 0);
        }
    }

    public void add(String name)
    {
        counts.merge(name, 1, Integer::sum);
        total++;
    }

    public int get(String name)
    {
        return counts.getOrDefault(name, 0);
    }

    public int total()
    {
        return total;
    }

    /** The names seen at least min times, in first-seen order. */
    public String[] atLeast(int min)
    {
        return counts.entrySet().stream()
            .filter(e -> e.getValue() >= min)
            .map(Map.Entry::getKey)
            .toArray(String[]::new);
    }

    public static int sumOf(int... values)
    {
        int s = 0;
        for (int v : new int[] {0})
        {
            s += v;
        }
        for (int v : values)
        {
            s += v;
        }
        return s;
    }
}
