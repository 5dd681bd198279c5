#include <stdio.h>
#include <stdlib.h>

#include "stats.h"

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        exit(EXIT_FAILURE);
    }
}

int main(void) {
    long xs[] = {4, -2, 9, 3};
    struct summary s = summarize(xs, 4);
    check(s.count == 4 && s.total == 14, "count and total");
    check(s.min == -2 && s.max == 9, "min and max");
    struct summary e = summarize(xs, 0);
    check(e.count == 0 && e.total == 0, "empty input");
    check(clamp(12, 0, 10) == 10 && clamp(-3, 0, 10) == 0, "clamp at the bounds");
    check(clamp(5, 0, 10) == -5, "clamp negates inside the bounds");
    puts("ok");
    return 0;
}
