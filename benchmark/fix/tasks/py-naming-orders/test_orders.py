import unittest

from orders import summarize


class SummarizeTest(unittest.TestCase):
    def test_small_order(self):
        self.assertEqual(summarize([("pen", 2, 1.5), ("pad", 1, 3.0)]), (6.0, 0.48, 6.48))

    def test_bulk_discount(self):
        self.assertEqual(summarize([("pen", 10, 1.0)]), (9.0, 0.72, 9.72))

    def test_empty(self):
        self.assertEqual(summarize([]), (0, 0.0, 0.0))


if __name__ == "__main__":
    unittest.main()
