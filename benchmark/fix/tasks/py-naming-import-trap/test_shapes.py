import math
import unittest

from shapes import getArea, total_area


class AreaTest(unittest.TestCase):
    def test_circle(self):
        self.assertAlmostEqual(getArea("circle", 2), 4 * math.pi)

    def test_triangle(self):
        self.assertAlmostEqual(getArea("triangle", 3, 4, 5), 6.0)

    def test_unknown(self):
        with self.assertRaises(ValueError):
            getArea("hexagon", 1)

    def test_total(self):
        self.assertEqual(total_area([("rect", (2, 3)), ("rect", (1, 1))]), 7)


if __name__ == "__main__":
    unittest.main()
