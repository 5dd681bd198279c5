// Hand-written assertions: exits non-zero on the first failure.
#include <cstdio>
#include <cstdlib>

#include "histogram.hpp"

static void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "FAIL: %s\n", what);
        std::exit(EXIT_FAILURE);
    }
}

int main() {
    Histogram h = Histogram::with_buckets(0, 10, 3);
    for (int s : {1, 5, 12, 19, 25, -4, 99}) {
        h.add(s);
    }
    check(h.count(0) == 3, "bucket 0 (with the clamped low sample)");
    check(h.count(1) == 2, "bucket 1");
    check(h.count(2) == 2, "bucket 2 (with the clamped high sample)");
    check(h.render() == "0 ###\n10 ##\n20 ##\n", "render");
    std::puts("ok");
    return 0;
}
