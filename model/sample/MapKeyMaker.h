#pragma once

#include "core/MapKeys.h"
#include "util/PatternStrings.h"
#include "util/Prng.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>

namespace docshape {

// The keys of one generated map: each matches the map's pattern (and so
// the validator's patternProperties, and the importer's reading of the
// pattern), and no key repeats within the map.
class MapKeyMaker {
public:
    // `keys` must outlive the maker; `rng` draws every key.
    MapKeyMaker(const MapKeys &keys, const PatternStrings *regex, Prng &rng);

    // The length nearest to `bytes` that the pattern has keys of (ObjectIds
    // 24, UUIDs 36, dates 7 or 10 and more; a regex's nearest length).
    std::optional<std::uint64_t> fit(std::uint64_t bytes) const;

    // A key of `bytes` bytes (fit() first) not made before for this map;
    // nullopt when kAttempts draws gave only keys already made (a length
    // with fewer keys than the map holds).
    std::optional<std::string> next(std::uint64_t bytes);

    // The same, or for hex and number keys a key up to kLongerLengths bytes
    // longer when that length has run out: a map of the hours 0 to 23 holds
    // ten keys of one digit, and the rest have two.
    std::optional<std::string> nextNear(std::uint64_t bytes);

    static constexpr int kAttempts = 16;
    static constexpr std::uint64_t kLongerLengths = 4;

private:
    std::string draw(std::uint64_t bytes);

    const MapKeys &m_keys;
    const PatternStrings *m_regex;
    Prng &m_rng;
    std::unordered_set<std::string> m_made;
    std::int64_t m_day;       // date keys: consecutive days from a drawn one
    std::uint64_t m_dates = 0; // date keys made so far
};

} // namespace docshape
