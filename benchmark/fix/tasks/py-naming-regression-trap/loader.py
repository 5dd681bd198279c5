"""Loads settings from a mapping-like source with defaults and caching."""

DEFAULTS = {"retries": 3, "timeout": 10}


def fetchData(source, key):
    if key in source:
        return source[key]
    return DEFAULTS.get(key)


class settings_cache:
    def __init__(self, source):
        self.source = source
        self.hits = {}

    def get(self, key):
        if key not in self.hits:
            self.hits[key] = fetchData(self.source, key)
        return self.hits[key]


def load(source, keys):
    cache = settings_cache(source)
    return {k: cache.get(k) for k in keys}
