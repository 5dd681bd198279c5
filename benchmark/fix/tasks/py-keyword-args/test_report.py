import unittest

from report import format_row, format_table, totals


class ReportTest(unittest.TestCase):
    def test_row(self):
        self.assertEqual(format_row(["a", "b"], width=3), "a   | b")

    def test_table(self):
        got = format_table([[1, 2]], width=2, header=["x", "y"])
        self.assertEqual(got, "x  | y\n------\n 1 |  2")

    def test_totals(self):
        self.assertEqual(totals([[1, 2], [3, 4]]), 6)
        self.assertEqual(totals([[1, 2]], key=lambda r: r[0], start=10), 11)


if __name__ == "__main__":
    unittest.main()
