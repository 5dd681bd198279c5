import unittest

from urls import request_summary


class RequestSummaryTest(unittest.TestCase):
    def test_counts_non_http_schemes(self):
        got = request_summary("GET /index.html HTTP/1.1", ["https://a.example", "ftp://b.example", "mailto:c@example"])
        self.assertEqual(got, "GET /index.html (2 unchecked)")

    def test_all_checked(self):
        self.assertEqual(request_summary("POST /form HTTP/2", ["HTTP://x.example"]), "POST /form (0 unchecked)")


if __name__ == "__main__":
    unittest.main()
