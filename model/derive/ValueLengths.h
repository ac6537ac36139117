#pragma once

#include "core/Field.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace docshape {

// What bounds a value's size besides a stated maxBytes.
enum class LengthCap : std::uint8_t { None, Enum, MaxLength, Pattern };

// The byte lengths a string, binData or regex value of a field can have
// (for an array, each element's), from what the model states.
//
// - `stated` is the field's maxBytes (0 there: not stated).
// - `cap` is the most bytes the field's constraints allow a string: the
//   longest enum value; else the smaller of maxLength characters (4 bytes
//   each, as UTF-8 allows, or 1 when the pattern admits only ASCII) and the
//   most bytes an anchored pattern matches (PatternStrings::maxBytes).
//   Where both are given the smaller is an upper bound, not always reached.
// - `least` is the fewest bytes they allow: minLength characters, the
//   pattern's shortest match, the shortest enum value.
// - `max` is the maximum the estimate uses: an enum's longest value; else
//   the stated maxBytes brought into [least, cap]; else the cap; else
//   nothing (nullopt: the value, and so the document, has no known
//   maximum).
//
// binData and regex values have no length constraints: only the stated
// maxBytes bounds them.
struct ValueLengths {
    std::optional<std::uint64_t> stated;
    std::optional<std::uint64_t> cap;
    LengthCap capBy = LengthCap::None;
    std::uint64_t least = 0;
    std::optional<std::uint64_t> max;

    // The stated maxBytes is one no valid value can have: over the cap,
    // under the least, or (for an enum) under its longest value, which the
    // largest document holds.
    bool contradicts() const;
};

// `valueType` is the type of the values sized: the field's type, or its
// element type for an array.
ValueLengths valueLengths(const Field &field, BsonType valueType);

// "enum", "maxLength", "pattern", or "" for LengthCap::None.
std::string_view toString(LengthCap cap);

} // namespace docshape
