#include "stack.h"

void stack_init(struct stack *s)
{
    s->len = 0;
}

/* Returns 0 when the stack is full. */
int stack_push(struct stack *s, int v)
{
    if (s->len == sizeof s->items / sizeof s->items[0])
    {
        return 0;
    }
    s->items[s->len++] = v;
    return 1;
}

int stack_pop(struct stack *s, int *out)
{
    if (s->len == 0)
    {
        return 0;
    }
    else
    {
        *out = s->items[--s->len];
        return 1;
    }
}

int stack_max(const struct stack *s)
{
    int best = s->len ? s->items[0] : 0;
    {
        /* A block of its own scopes the index. */
        size_t i;
        for (i = 1; i < s->len; i++)
        {
            if (s->items[i] > best)
                best = s->items[i];
        }
    }
    return best;
}

void stack_reverse(struct stack *s)
{
    size_t lo = 0, hi = s->len;
    while (hi > lo + 1)
    {
        int tmp = s->items[lo];
        {
            int top = s->items[hi - 1];
            s->items[lo] = top;
        }
        s->items[hi - 1] = tmp;
        lo++;
        hi--;
    }
}
