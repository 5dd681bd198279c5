"""Order totals: line items, tax and a bulk discount."""

TAX_RATE = 0.08


class order_line:
    def __init__(self, name, qty, price):
        self.name = name
        self.qty = qty
        self.price = price

    def lineTotal(self):
        return self.qty * self.price


def computeTax(amount):
    return round(amount * TAX_RATE, 2)


def applyDiscount(amount, qty):
    if qty >= 10:
        return round(amount * 0.9, 2)
    return amount


def summarize(items):
    """Return (subtotal, tax, total) for (name, qty, price) tuples."""
    lines = [order_line(n, q, p) for n, q, p in items]
    qty = sum(line.qty for line in lines)
    subtotal = applyDiscount(sum(line.lineTotal() for line in lines), qty)
    tax = computeTax(subtotal)
    return subtotal, tax, round(subtotal + tax, 2)
