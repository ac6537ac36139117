#pragma once

#include "core/Project.h"

#include <optional>
#include <string>
#include <string_view>

namespace docshape::exercise {

// The explanation seed lesson-135 asks for after every exercise: "explain
// the boundary you chose and the assumption that makes it safe. State the
// array bound, the source of truth for duplicated fields, the tenant
// constraint, and the index that supports the main read."
//
// It travels in the submission itself, as the decision titled
// kExplanationTitle, one "key: value" line per statement, so that one
// .docshape file is the whole submission and a Git diff shows it:
//
//   boundary: one order document holds header, items, address and totals
//   assumption: an order never has more than 50 lines
//   array bound: items <= 50                     (or: none)
//   source of truth: LineItem.name <- Product.name; LineItem.pricePaise <-
//   Product.pricePaise  (or: none) tenant constraint: tenantId (or: none)
//   index: _id_                                  (the index serving the main
//   read)
struct Explanation {
    std::string boundary;
    std::string assumption;
    std::string arrayBound;
    std::string sourceOfTruth;
    std::string tenantConstraint;
    std::string index;

    friend bool operator==(const Explanation &, const Explanation &) = default;
};

inline constexpr std::string_view kExplanationTitle = "Workshop explanation";

// The explanation of a submission, or nothing when it has none. Unknown keys
// and lines without a colon are ignored (they may be the student's notes).
std::optional<Explanation> explanationOf(const Project &project);

// The decision text of an explanation (the lines above, empty ones left out).
std::string explanationText(const Explanation &explanation);

// `project` with its explanation decision replaced by (or set to) this one.
void setExplanation(Project &project, const Explanation &explanation);

} // namespace docshape::exercise
