#include "gcd.h"

long gcd(long a, long b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    long t = a%b;
    a = b;
    b = t;
  }
  return a;
}

long lcm(long a, long b) {
  if (a == 0 || b == 0) {
    return 0;
  }
  long g = gcd(a, b);
  return a/g*b;
}

long mod_pow(long base, long exp, long mod) {
  long result = 1;
  base = base%mod;
  while (exp > 0) {
    if (exp & 1) {
      result = result*base % mod;
    }
    base = base*base % mod;
    exp = exp/2;
  }
  return result;
}
