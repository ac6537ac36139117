#include "sample/MapKeyMaker.h"

#include <ctime>

namespace docshape {

namespace {

constexpr std::string_view kHexDigits = "0123456789abcdef";
constexpr std::uint64_t kObjectIdBytes = 24, kUuidBytes = 36, kMonthBytes = 7, kDayBytes = 10;

} // namespace

MapKeyMaker::MapKeyMaker(const MapKeys &keys, const PatternStrings *regex, Prng &rng)
    : m_keys(keys), m_regex(regex), m_rng(rng), m_day(static_cast<std::int64_t>(rng.below(3650))) {}

std::optional<std::uint64_t> MapKeyMaker::fit(std::uint64_t bytes) const {
    switch (m_keys.keys) {
    case MapKeyPattern::Hex:
    case MapKeyPattern::Number:
        return std::max<std::uint64_t>(bytes, 1);
    case MapKeyPattern::ObjectId:
        return kObjectIdBytes;
    case MapKeyPattern::Uuid:
        return kUuidBytes;
    case MapKeyPattern::Date:
        if (bytes <= (kMonthBytes + kDayBytes) / 2)
            return kMonthBytes;
        return std::max(bytes, kDayBytes);
    case MapKeyPattern::Regex:
        if (!m_regex)
            return std::nullopt;
        return m_regex->nearestLength(bytes);
    }
    return std::nullopt;
}

std::string MapKeyMaker::draw(std::uint64_t bytes) {
    auto hex = [&](std::uint64_t n) {
        std::string s(n, '0');
        for (auto &c : s)
            c = kHexDigits[m_rng.below(16)];
        return s;
    };
    switch (m_keys.keys) {
    case MapKeyPattern::Hex:
    case MapKeyPattern::ObjectId:
        return hex(bytes);
    case MapKeyPattern::Uuid: {
        std::string s = hex(8) + "-" + hex(4) + "-4" + hex(3) + "-" + kHexDigits[8 + m_rng.below(4)] + hex(3) + "-" +
                        hex(12);
        return s;
    }
    case MapKeyPattern::Number: {
        std::string s(bytes, '0');
        for (auto &c : s)
            c = static_cast<char>('0' + m_rng.below(10));
        if (bytes > 1 && s[0] == '0')
            s[0] = static_cast<char>('1' + m_rng.below(9)); // a number as written, without leading zeros
        return s;
    }
    case MapKeyPattern::Date: {
        // Consecutive days from a drawn one (2000-01-01 on), as a daily
        // rollup keys them; months 31 days apart, so each is a new month.
        const std::int64_t step = bytes == kMonthBytes ? 31 : 1;
        const std::int64_t day = 10957 + m_day + step * static_cast<std::int64_t>(m_dates++);
        const auto t = static_cast<std::time_t>(day * 86400);
        std::tm tm{};
        gmtime_r(&t, &tm);
        char buf[32];
        std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S.000Z", &tm);
        std::string s(buf);
        if (bytes == kMonthBytes)
            return s.substr(0, kMonthBytes);
        if (bytes <= s.size())
            return s.substr(0, bytes);
        return s + std::string(bytes - s.size(), '0');
    }
    case MapKeyPattern::Regex:
        return m_regex ? m_regex->generate(bytes, m_rng) : std::string();
    }
    return {};
}

std::optional<std::string> MapKeyMaker::next(std::uint64_t bytes) {
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        std::string key = draw(bytes);
        if (m_made.insert(key).second)
            return key;
    }
    return std::nullopt;
}

std::optional<std::string> MapKeyMaker::nextNear(std::uint64_t bytes) {
    if (auto key = next(bytes))
        return key;
    if (m_keys.keys != MapKeyPattern::Hex && m_keys.keys != MapKeyPattern::Number)
        return std::nullopt;
    for (std::uint64_t longer = bytes + 1; longer <= bytes + kLongerLengths; ++longer)
        if (auto key = next(longer))
            return key;
    return std::nullopt;
}

} // namespace docshape
