// Package checksums: XOR-folded 32-bit words (header-only).
#pragma once

#include <cstdint>
#include <string>

// Combines two words.
inline std::uint32_t Xor(std::uint32_t a, std::uint32_t b) {
    return a ^ b;
}

inline std::uint32_t checksum(const std::string& s) {
    std::uint32_t acc = 0;
    for (std::size_t i = 0; i < s.size(); i++) {
        acc = Xor(acc, static_cast<std::uint32_t>(static_cast<unsigned char>(s[i])) << (8 * (i % 4)));
    }
    return acc;
}
