#include <stdio.h>
#include <stdlib.h>

#include "stack.h"

static int failures;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

int main(void) {
    struct stack s;
    int v = 0;
    stack_init(&s);
    check(stack_pop(&s, &v) == 0, "pop from empty stack");
    for (int i = 1; i <= 16; i++) {
        check(stack_push(&s, i * 3 % 7) == 1, "push while room");
    }
    check(stack_push(&s, 99) == 0, "push when full");
    check(stack_max(&s) == 6, "max of the stack");
    stack_reverse(&s);
    check(stack_pop(&s, &v) == 1 && v == 3, "reverse puts the first push on top");
    if (failures) {
        return EXIT_FAILURE;
    }
    puts("ok");
    return 0;
}
