import java.util.List;

/** Hand-written assertions: exits non-zero on the first failure. */
public class TestMain {
    static void check(boolean ok, String what) {
        if (!ok) {
            System.err.println("FAIL: " + what);
            System.exit(1);
        }
    }

    public static void main(String[] args) {
        Inventory inv = new Inventory();
        inv.add("bolt", 3, 10);
        inv.add("nut", 50, 10);
        inv.add("gear", 5, 5);
        List<String> got = inv.reorderList();
        check(got.equals(List.of("bolt:17", "gear:5")), "reorder list " + got);
        check(new Inventory().reorderList().isEmpty(), "empty inventory");
        System.out.println("ok");
    }
}
