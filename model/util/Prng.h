#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace docshape {

// xoshiro256** seeded through splitmix64 (Blackman and Vigna). Every draw is
// defined here, so a seed gives the same samples with any compiler and
// standard library: std::uniform_*_distribution is implementation-defined.
class Prng {
public:
    explicit Prng(std::uint64_t seed) {
        std::uint64_t s = seed;
        for (auto &word : m_state)
            word = splitmix64(s);
    }

    std::uint64_t nextU64() {
        const std::uint64_t result = rotl(m_state[1] * 5, 7) * 9;
        const std::uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }

    // Uniform in [0, 1), 53 bits.
    double unit() { return static_cast<double>(nextU64() >> 11) * 0x1.0p-53; }

    // Uniform in [0, n); 0 when n is 0. Rejection keeps it unbiased.
    std::uint64_t below(std::uint64_t n) {
        if (n == 0)
            return 0;
        const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
        std::uint64_t x;
        do
            x = nextU64();
        while (x >= limit);
        return x % n;
    }

    // Uniform in [lo, hi] (inclusive); lo when hi < lo.
    std::int64_t between(std::int64_t lo, std::int64_t hi) {
        if (hi <= lo)
            return lo;
        const auto span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
        if (span == UINT64_MAX)
            return static_cast<std::int64_t>(nextU64());
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + below(span + 1));
    }

    bool chance(double p) { return p >= 1 || (p > 0 && unit() < p); }

    // An integer whose expected value is exactly `mean`: a uniform real in the
    // widest range symmetric around the mean that fits [lo, hi], rounded down
    // or up with the probability of its fractional part. Requires
    // lo <= mean <= hi; hi may be infinite.
    std::uint64_t aroundMean(double mean, double lo, double hi) {
        const double width = std::isinf(hi) ? mean - lo : std::min(mean - lo, hi - mean);
        const double x = mean + (2 * unit() - 1) * width;
        const double whole = std::floor(x);
        const double n = whole + (chance(x - whole) ? 1 : 0);
        return static_cast<std::uint64_t>(std::clamp(n, lo, hi));
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static std::uint64_t splitmix64(std::uint64_t &s) {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    std::uint64_t m_state[4];
};

} // namespace docshape
