import unittest

from stats import Running, describe


class StatsTest(unittest.TestCase):
    def test_describe(self):
        self.assertEqual(describe([2, 4, 4, 4, 5, 5, 7, 9]), {"n": 8, "mean": 5.0, "var": 4.571})

    def test_skips_missing(self):
        self.assertEqual(describe([1, None, 3])["mean"], 2.0)

    def test_single_value_has_no_variance(self):
        r = Running()
        r.push(10)
        self.assertEqual(r.variance(), 0.0)


if __name__ == "__main__":
    unittest.main()
