#include "stats.h"

/* Declarators' "=" and designated initializers are infix operators too:
   `long total=0;` must be spaced like `total = 0`. */
struct summary summarize(const long *xs, long n) {
    struct summary s={.count=0, .total=0, .min=0, .max=0};
    long total=0;
    long lo=n > 0 ? xs[0] : 0, hi=lo;
    for (long i=0; i < n; i++) {
        long x=xs[i];
        total += x;
        if (x < lo) lo = x;
        if (x > hi) hi = x;
    }
    s.count = n;
    s.total = total;
    s.min = lo;
    s.max = hi;
    return s;
}

long clamp(long x, long lo, long hi) {
    long *p=&x;
    if (*p < lo) return lo;
    if (*p > hi) return hi;
    return -*p;
}
