"""Which URLs a crawler checks, and how raw HTTP request lines parse."""

CHECKED_SCHEMES = ("http", "https")


def parseHTTPRequest(line):
    method, target, version = line.split(" ")
    return {"method": method, "target": target, "version": version}


def schemeOf(url):
    return url.split(":", 1)[0].lower()


def nonhttp_schemes_dont_check_URLs(urls):
    return [u for u in urls if schemeOf(u) not in CHECKED_SCHEMES]


def request_summary(line, extra_URLs):
    """Describe a request line and how many extra URLs go unchecked."""
    req = parseHTTPRequest(line)
    skippedURLs = nonhttp_schemes_dont_check_URLs(extra_URLs)
    return "%s %s (%d unchecked)" % (req["method"], req["target"], len(skippedURLs))
