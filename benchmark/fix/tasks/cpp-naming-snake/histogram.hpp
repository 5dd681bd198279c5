// Fixed-width histogram of integer samples (header-only).
#pragma once

#include <string>
#include <vector>

class Histogram {
public:
    static Histogram with_buckets(int lo, int width, int buckets) {
        Histogram h;
        h.lo_ = lo;
        h.width_ = width;
        h.counts_.assign(buckets, 0);
        return h;
    }

    void add(int sample) { counts_[bucketOf(sample)]++; }

    int count(int bucket) const { return counts_[bucket]; }

    std::string render() const {
        std::string out;
        for (int i = 0; i < static_cast<int>(counts_.size()); i++) {
            out += labelFor(i) + " " + std::string(counts_[i], '#') + "\n";
        }
        return out;
    }

private:
    int bucketOf(int sample) const {
        int b = (sample - lo_) / width_;
        return clampIndex(b, static_cast<int>(counts_.size()));
    }

    std::string labelFor(int i) const { return std::to_string(lo_ + i * width_); }

    static int clampIndex(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }

    int lo_ = 0, width_ = 1;
    std::vector<int> counts_;
};
