/* A file in C99: it declares in a for clause, so C90 rejects it and
   // comments are the standard's own. */
int sum(const int *v, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
    {
        s += v[i]; /* add */
    }
    return s;
}
