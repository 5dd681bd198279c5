import unittest

from status import classify


class ClassifyTest(unittest.TestCase):
    def test_success(self):
        self.assertEqual(classify(204, False), "ok")
        self.assertEqual(classify(204, True), "ok")

    def test_redirects(self):
        self.assertEqual(classify(308, True), "redirect:permanent")
        self.assertEqual(classify(301, False), "error")

    def test_errors(self):
        self.assertEqual(classify(404, True), "error")


if __name__ == "__main__":
    unittest.main()
