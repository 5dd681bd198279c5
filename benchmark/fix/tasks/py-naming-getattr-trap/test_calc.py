import unittest

from calc import Machine
from tokens import tokenize


class CalcTest(unittest.TestCase):
    def test_tokenize(self):
        self.assertEqual(tokenize("2 -3 ADD"), [("num", 2), ("num", -3), ("cmd", "add")])

    def test_program(self):
        self.assertEqual(Machine().run("2 3 add dup mul"), 25)

    def test_unknown_command(self):
        with self.assertRaises(AttributeError):
            Machine().run("1 frobnicate")


if __name__ == "__main__":
    unittest.main()
