#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "ring_buffer.h"

static void check(bool ok, const char *what) {
    if (!ok) {
        std::fprintf(stderr, "FAIL: %s\n", what);
        std::exit(EXIT_FAILURE);
    }
}

int main() {
    ring::RingBuffer<int, 3> r;
    check(r.empty(), "starts empty");
    r.push(1);
    r.push(2);
    r.push(3);
    check(r.full() && r.size() == 3, "full after three pushes");
    check(r.sum() == 6, "sum of 1, 2, 3");
    bool threw = false;
    try {
        r.push(4);
    } catch (const std::overflow_error &) {
        threw = true;
    }
    check(threw, "pushing onto a full buffer throws");
    check(r.pop() == 1 && r.pop() == 2, "pops in order");
    r.push(5);
    r.push(6);
    check(r.sum() == 14, "sum after wrapping around");
    check(r.pop() == 3 && r.pop() == 5 && r.pop() == 6 && r.empty(), "drains in order");
    std::puts("ok");
    return 0;
}
