"""Price rules. Blocks are indented with tabs; the continuation line of the
discount formula was aligned by an editor that used a tab plus spaces."""


def price(qty, unit, member):
	total = qty * unit
	if member:
		rate = min(0.05 + 0.01 * (qty // 10),
	    0.20)
		total -= total * rate
	return round(total, 2)


def price_all(orders):
	return [price(q, u, m) for q, u, m in orders]
