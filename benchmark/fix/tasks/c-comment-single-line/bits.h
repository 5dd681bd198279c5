// Bit tricks on unsigned 32-bit words.
#ifndef BITS_H
#define BITS_H

#include <stdint.h>

int popcount32(uint32_t x);
uint32_t next_pow2(uint32_t x);
uint32_t reverse_bits(uint32_t x);

#endif
