#ifndef GCD_H
#define GCD_H

long gcd(long a, long b);
long lcm(long a, long b);
long mod_pow(long base, long exp, long mod);

#endif
