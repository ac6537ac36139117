#pragma once

#include "diff/ModelDiff.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace docshape {

// The diff as a reader reads it: changes by kind of object (+ added,
// - removed, ~ renamed or changed, with each property's old and new value),
// representation changes, then the consequences. Deterministic; ends with a
// newline. Sizes in bytes ("412.0 B", exact as BSON is), counts as numbers.
std::string diffText(const ModelDiff &diff);

// The same as JSON, for CI and tools: {equal, before, after, changes,
// representations, consequences}.
nlohmann::ordered_json diffJson(const ModelDiff &diff);

// The heading of a kind of object in a report: "Entities", "Fields", ...
std::string_view heading(ObjectKind kind);

// A JSON value as the text report shows it: strings quoted, numbers in
// their shortest exact form, null as "unset".
std::string displayValue(const nlohmann::ordered_json &value);

} // namespace docshape
