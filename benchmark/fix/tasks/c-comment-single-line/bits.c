#include "bits.h"

/*
 * Counts set bits by clearing the lowest one each round
 * (Kernighan's method): one iteration per set bit.
 */
int popcount32(uint32_t x) {
    int n = 0;
    while (x) {
        x &= x - 1; /* drop the lowest set bit */
        n++;
    }
    return n;
}

/* Smallest power of two >= x; 0 maps to 1. */
uint32_t next_pow2(uint32_t x) {
    if (x <= 1) {
        return 1;
    }
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x + 1;
}

/* Swaps ever larger halves: bits, pairs, nibbles, bytes, half-words. */
uint32_t reverse_bits(uint32_t x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}
