/* A file in ISO C90, as cJSON is: its build says -std=c89 -pedantic
   -Werror, where a // comment does not compile. */
#include <stddef.h>

/* the length of s */
size_t length(const char *s)
{
    size_t n = 0; /* counted */
    while (s[n] != '\0')
    {
        n++;
    }
    return n;
}
