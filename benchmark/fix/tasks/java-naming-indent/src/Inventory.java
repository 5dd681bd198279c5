import java.util.ArrayList;
import java.util.List;

/** Stock levels with reorder suggestions. */
public class Inventory {
  private final List<stock_entry> entries = new ArrayList<>();

  public void add(String sku, int onHand, int reorderAt) {
    entries.add(new stock_entry(sku, onHand, reorderAt));
  }

  private static int ShortfallOf(stock_entry e) {
    return Math.max(0, e.reorderAt * 2 - e.onHand);
  }

  private boolean Needs_reorder(stock_entry e) {
    return e.onHand <= e.reorderAt;
  }

  public List<String> reorderList() {
    List<String> out = new ArrayList<>();
    for (stock_entry e : entries) {
      if (Needs_reorder(e)) {
        out.add(e.sku + ":" + ShortfallOf(e));
      }
    }
    return out;
  }
}

class stock_entry {
  final String sku;
  final int onHand;
  final int reorderAt;

  stock_entry(String sku, int onHand, int reorderAt) {
    this.sku = sku;
    this.onHand = onHand;
    this.reorderAt = reorderAt;
  }
}
