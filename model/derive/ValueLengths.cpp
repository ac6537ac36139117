#include "derive/ValueLengths.h"

#include "util/PatternStrings.h"

#include <algorithm>

namespace docshape {

namespace {

// UTF-8 takes at most 4 bytes for a code point (RFC 3629), and $jsonSchema's
// minLength and maxLength count code points.
constexpr std::uint64_t kMaxUtf8Bytes = 4;

std::uint64_t timesSaturated(std::uint64_t a, std::uint64_t b) {
    std::uint64_t out = 0;
    return __builtin_mul_overflow(a, b, &out) ? UINT64_MAX : out;
}

void lower(std::optional<std::uint64_t> &cap, LengthCap &by, std::uint64_t bytes, LengthCap source) {
    if (!cap || bytes < *cap) {
        cap = bytes;
        by = source;
    }
}

} // namespace

bool ValueLengths::contradicts() const {
    if (!stated)
        return false;
    if (capBy == LengthCap::Enum)
        return *stated != *cap;
    return (cap && *stated > *cap) || *stated < least;
}

ValueLengths valueLengths(const Field &field, BsonType valueType) {
    ValueLengths out;
    if (field.maxBytes > 0)
        out.stated = field.maxBytes;
    const FieldDetails &d = *field.details;
    if (valueType == BsonType::String && !d.enumValues.empty()) {
        std::uint64_t longest = 0, shortest = UINT64_MAX;
        for (const auto &v : d.enumValues) {
            longest = std::max<std::uint64_t>(longest, v.size());
            shortest = std::min<std::uint64_t>(shortest, v.size());
        }
        out.cap = longest;
        out.capBy = LengthCap::Enum;
        out.least = shortest;
        out.max = longest; // the largest document holds the longest value: a valid one
        return out;
    }
    if (valueType == BsonType::String) {
        std::optional<PatternStrings> pattern;
        if (d.pattern)
            pattern = PatternStrings::parse(*d.pattern);
        if (d.maxLength)
            lower(out.cap, out.capBy,
                  pattern && pattern->asciiOnly() ? *d.maxLength : timesSaturated(*d.maxLength, kMaxUtf8Bytes),
                  LengthCap::MaxLength);
        if (pattern && pattern->maxBytes())
            lower(out.cap, out.capBy, *pattern->maxBytes(), LengthCap::Pattern);
        out.least = std::max<std::uint64_t>(d.minLength.value_or(0), pattern ? pattern->minLength() : 0);
    }
    if (out.stated) {
        std::uint64_t max = std::max(*out.stated, out.least);
        if (out.cap)
            max = std::min(max, *out.cap);
        out.max = max;
    } else {
        out.max = out.cap;
    }
    return out;
}

std::string_view toString(LengthCap cap) {
    switch (cap) {
    case LengthCap::Enum:
        return "enum";
    case LengthCap::MaxLength:
        return "maxLength";
    case LengthCap::Pattern:
        return "pattern";
    case LengthCap::None:
        break;
    }
    return "";
}

} // namespace docshape
