import unittest

from textwrap2 import wrap


class WrapTest(unittest.TestCase):
    def test_plain(self):
        self.assertEqual(wrap("the quick brown fox jumps", 10, False), ["the quick", "brown fox", "jumps"])

    def test_justify(self):
        self.assertEqual(wrap("a bb ccc dd e", 8, True), ["a bb ccc", "dd e"])
        self.assertEqual(wrap("aa b cc dddd", 9, True), ["aa  b  cc", "dddd"])

    def test_empty(self):
        self.assertEqual(wrap("   ", 5, True), [])


if __name__ == "__main__":
    unittest.main()
