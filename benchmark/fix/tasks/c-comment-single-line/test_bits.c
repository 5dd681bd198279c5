// Hand-written assertions: exits non-zero on the first failure.
#include <stdio.h>
#include <stdlib.h>

#include "bits.h"

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        exit(EXIT_FAILURE);
    }
}

int main(void) {
    check(popcount32(0) == 0, "popcount of 0");
    check(popcount32(0xF0F0u) == 8, "popcount of 0xF0F0");
    check(next_pow2(0) == 1 && next_pow2(17) == 32 && next_pow2(64) == 64, "next_pow2");
    check(reverse_bits(1u) == 0x80000000u, "reverse of 1");
    check(reverse_bits(0x0000FFFFu) == 0xFFFF0000u, "reverse of low half");
    puts("ok");
    return 0;
}
