#include "ring.h"

#define CAP (sizeof(((struct ring *)0)->buf) / sizeof(int))

void ring_init(struct ring *r)
{
    r->head = 0;
    r->len = 0;
}

/* Overwrites the oldest value when full; returns 1 if one was dropped. */
int ring_push(struct ring *r, int v)
{
    int dropped = 0;
    if (r->len == CAP)
    {
        r->head = (r->head + 1) % CAP;
        r->len--;
        dropped = 1;
    }
    r->buf[(r->head + r->len) % CAP] = v;
    r->len++;
    return dropped;
}

int ring_pop(struct ring *r, int *out)
{
    if (r->len == 0)
    {
        return 0;
    }
    else
    {
        *out = r->buf[r->head];
        r->head = (r->head + 1) % CAP;
        r->len--;
        return 1;
    }
}

int ring_sum(const struct ring *r)
{
    static const int zero[1] = {0};
    int s = zero[0];
    for (size_t i = 0; i < r->len; i++)
    {
        s += r->buf[(r->head + i) % CAP];
    }
    return s;
}
