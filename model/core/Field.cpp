#include "core/Field.h"

#include "util/EnumNames.h"

namespace docshape {

std::string_view toString(BoundEnforcer e) { return detail::enumName(kBoundEnforcerNames, e); }
std::optional<BoundEnforcer> boundEnforcerFromString(std::string_view s) {
    return detail::enumFromName(kBoundEnforcerNames, s);
}
std::string_view toString(Duplication d) { return detail::enumName(kDuplicationNames, d); }
std::optional<Duplication> duplicationFromString(std::string_view s) {
    return detail::enumFromName(kDuplicationNames, s);
}

} // namespace docshape
