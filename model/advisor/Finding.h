#pragma once

#include "advisor/Wording.h"

#include <optional>
#include <string>
#include <string_view>

namespace docshape {

// Ordered so that a larger value is more severe: `--fail-on warning` fails on
// warnings and errors.
enum class Severity { Info, Warning, Error };

// What a finding points at, by stable id and display name. `kind` is one of
// "project", "entity", "field", "relationship", "index", "accessPattern",
// "collection". For a project target the id is empty.
struct FindingTarget {
    std::string kind;
    std::string id;
    std::string name;

    friend bool operator==(const FindingTarget &, const FindingTarget &) = default;
};

// One piece of advice: a rule of the catalogue (RuleCatalog.h) applied to
// one object. `message()` carries the number that triggered it; `reason()`
// explains why it matters with `source()` (a seed file or a manual page);
// `fix()` names what to do, usually a pattern. The text is rendered on each
// call from the rule's catalogue text and the finding's own phrases.
struct Finding {
    std::string id; // rule id, e.g. "DS101"
    Severity severity = Severity::Warning;
    FindingTarget target;

    std::string message() const;
    std::string reason() const;
    std::string_view source() const;
    std::string fix() const;

    // The finding's own words: its message, specifics appended to the rule's
    // reason, and a fix that replaces the rule's; the last two may be empty.
    Wording words;
    Phrase messagePhrase;
    Phrase reasonPhrase;
    Phrase fixPhrase;

    friend bool operator==(const Finding &, const Finding &) = default;
};

std::string_view toString(Severity s);
std::optional<Severity> severityFromString(std::string_view s);

} // namespace docshape
