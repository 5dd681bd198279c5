import unittest

from loader import load


class LoadTest(unittest.TestCase):
    def test_defaults_fill_gaps(self):
        self.assertEqual(load({"timeout": 30}, ["retries", "timeout"]), {"retries": 3, "timeout": 30})

    def test_unknown_key(self):
        self.assertEqual(load({}, ["color"]), {"color": None})


if __name__ == "__main__":
    unittest.main()
