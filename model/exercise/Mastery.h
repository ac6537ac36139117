#pragma once

#include <array>
#include <string_view>

namespace docshape::exercise {

// The mastery checklist of seed lesson-135-data-modeling.txt ("Mastery
// checklist: Explain: ..."), in the lesson's order and words. Exercises name
// the topics they cover with these spellings; the browser and the CLI list
// them from here.
inline constexpr std::array<std::string_view, 11> kMasteryTopics = {
    "access-pattern-first modeling",
    "embedding versus referencing",
    "bounded arrays",
    "denormalization",
    "the Subset, Computed, and Bucket patterns",
    "polymorphism",
    "validation",
    "migration",
    "multi-tenancy",
    "$lookup and transaction design signals",
    "deletion and soft-delete trade-offs",
};

bool isMasteryTopic(std::string_view topic);

} // namespace docshape::exercise
