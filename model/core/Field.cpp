#include "core/Field.h"

#include "util/EnumNames.h"

namespace docshape {

namespace {
constexpr std::pair<BoundEnforcer, std::string_view> kEnforcers[] = {
    {BoundEnforcer::Nobody, "nobody"},
    {BoundEnforcer::Ui, "ui"},
    {BoundEnforcer::Validator, "validator"},
};
constexpr std::pair<Duplication, std::string_view> kDuplications[] = {
    {Duplication::None, "none"},
    {Duplication::Snapshot, "snapshot"},
    {Duplication::Synchronous, "synchronous"},
    {Duplication::Eventual, "eventual"},
};
} // namespace

std::string_view toString(BoundEnforcer e) { return detail::enumName(kEnforcers, e); }
std::optional<BoundEnforcer> boundEnforcerFromString(std::string_view s) {
    return detail::enumFromName(kEnforcers, s);
}
std::string_view toString(Duplication d) { return detail::enumName(kDuplications, d); }
std::optional<Duplication> duplicationFromString(std::string_view s) {
    return detail::enumFromName(kDuplications, s);
}

} // namespace docshape
