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
// "collection". For a project target the id is empty. The name is what the
// user sees: an entity's or pattern's name, a field as "Order.items.sku",
// a relationship as the diagram's edge, "Ticket → User (assignee)"; the id
// is for machines (--json, selecting the object), never shown as a name.
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
    // The rule's source as a citation (a title and section, or a manual
    // page) and, for the course texts, the passage it quotes (may be empty).
    std::string_view source() const;
    std::string_view passage() const;
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
// A target kind in words, as the studio, the CLI and the report say it:
// "access pattern" for "accessPattern".
std::string_view kindWords(std::string_view kind);
// The target as findings name it in the studio, the CLI and the report:
// "access pattern 'Recent tickets'", "relationship 'Ticket → User (assignee)'".
std::string targetText(const FindingTarget &target);
std::optional<Severity> severityFromString(std::string_view s);

} // namespace docshape
