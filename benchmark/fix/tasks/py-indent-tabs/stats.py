"""Running statistics over a stream of numbers."""


class Running:
	"""Mean and variance by Welford's method."""

	def __init__(self):
		self.count = 0
		self.mean = 0.0
		self._m2 = 0.0

	def push(self, x):
		self.count += 1
		delta = x - self.mean
		self.mean += delta / self.count
		self._m2 += delta * (x - self.mean)

	def variance(self):
		if self.count < 2:
			return 0.0
		return self._m2 / (self.count - 1)


def describe(values):
	r = Running()
	for v in values:
		if v is None:
			continue
		r.push(v)
	return {"n": r.count, "mean": round(r.mean, 3), "var": round(r.variance(), 3)}
