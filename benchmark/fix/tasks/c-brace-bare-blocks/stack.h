#ifndef STACK_H
#define STACK_H

#include <stddef.h>

struct stack {
    int items[16];
    size_t len;
};

void stack_init(struct stack *s);
int stack_push(struct stack *s, int v);
int stack_pop(struct stack *s, int *out);
int stack_max(const struct stack *s);
void stack_reverse(struct stack *s);

#endif
