#ifndef STATS_H
#define STATS_H

struct summary {
    long count;
    long total;
    long min, max;
};

struct summary summarize(const long *xs, long n);
long clamp(long x, long lo, long hi);

#endif
