import unittest

from pricing import price, price_all


class PriceTest(unittest.TestCase):
    def test_non_member_pays_list_price(self):
        self.assertEqual(price(3, 2.5, False), 7.5)

    def test_member_discount_grows_with_quantity(self):
        self.assertEqual(price(1, 100.0, True), 95.0)
        self.assertEqual(price(20, 10.0, True), 186.0)
        self.assertEqual(price(500, 1.0, True), 400.0)

    def test_all(self):
        self.assertEqual(price_all([(2, 1.0, False), (10, 1.0, True)]), [2.0, 9.4])


if __name__ == "__main__":
    unittest.main()
