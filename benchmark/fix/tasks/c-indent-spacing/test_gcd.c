#include <stdio.h>
#include <stdlib.h>

#include "gcd.h"

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        exit(EXIT_FAILURE);
    }
}

int main(void) {
    check(gcd(84, -36) == 12, "gcd with a negative argument");
    check(gcd(0, 5) == 5, "gcd with zero");
    check(lcm(4, 6) == 12 && lcm(0, 3) == 0, "lcm");
    check(mod_pow(2, 10, 1000) == 24, "2^10 mod 1000");
    check(mod_pow(7, 128, 13) == 3, "7^128 mod 13");
    puts("ok");
    return 0;
}
