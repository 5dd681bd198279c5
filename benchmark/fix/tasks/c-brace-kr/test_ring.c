#include <stdio.h>
#include <stdlib.h>

#include "ring.h"

static int failures;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

int main(void) {
    struct ring r;
    int v = 0;
    ring_init(&r);
    check(ring_pop(&r, &v) == 0, "pop from empty ring");
    for (int i = 1; i <= 10; i++) {
        check(ring_push(&r, i) == (i > 8), "push reports drops once full");
    }
    check(ring_sum(&r) == 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10, "sum keeps the newest eight");
    check(ring_pop(&r, &v) == 1 && v == 3, "pop returns the oldest");
    if (failures) {
        return EXIT_FAILURE;
    }
    puts("ok");
    return 0;
}
