// Hand-written assertions: exits non-zero on the first failure.
#include <cstdio>
#include <cstdlib>

#include "checksum.hpp"
#include "deps.hpp"

static void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "FAIL: %s\n", what);
        std::exit(EXIT_FAILURE);
    }
}

int main() {
    Graph g = {{"app", {"http", "log"}}, {"http", {"tls", "log"}}, {"tls", {}}, {"log", {}}};
    check(install_order(g, "app") == std::vector<std::string>{"tls", "log", "http", "app"}, "dependencies first");
    check(install_order(g, "tls") == std::vector<std::string>{"tls"}, "leaf package");
    check(dependents(g, "log") == std::vector<std::string>{"app", "http"}, "direct dependents");
    check(dependents(g, "app").empty(), "nothing depends on app");
    check(checksum("") == 0, "empty checksum");
    check(checksum("abcd") == 0x64636261u, "one word");
    check(checksum("abcde") == (0x64636261u ^ 0x65u), "folds the second word");
    std::puts("ok");
    return 0;
}
