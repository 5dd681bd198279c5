// Install order for packages and their dependencies (header-only).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

using Graph = std::map<std::string, std::vector<std::string>>;

// True when pkg lists dep directly.
inline bool Requires(const Graph& g, const std::string& pkg, const std::string& dep) {
    auto it = g.find(pkg);
    if (it == g.end()) {
        return false;
    }
    for (const auto& d : it->second) {
        if (d == dep) {
            return true;
        }
    }
    return false;
}

inline void visit(const Graph& g, const std::string& pkg, std::set<std::string>& seen,
                  std::vector<std::string>& order) {
    if (!seen.insert(pkg).second) {
        return;
    }
    auto it = g.find(pkg);
    if (it != g.end()) {
        for (const auto& d : it->second) {
            visit(g, d, seen, order);
        }
    }
    order.push_back(pkg);
}

inline std::vector<std::string> install_order(const Graph& g, const std::string& root) {
    std::set<std::string> seen;
    std::vector<std::string> order;
    visit(g, root, seen, order);
    return order;
}

inline std::vector<std::string> dependents(const Graph& g, const std::string& dep) {
    std::vector<std::string> out;
    for (const auto& entry : g) {
        if (Requires(g, entry.first, dep)) {
            out.push_back(entry.first);
        }
    }
    return out;
}
