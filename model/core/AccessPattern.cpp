#include "core/AccessPattern.h"

#include "util/EnumNames.h"

namespace docshape {

std::string_view toString(AccessKind k) { return detail::enumName(kAccessKindNames, k); }
std::optional<AccessKind> accessKindFromString(std::string_view s) {
    return detail::enumFromName(kAccessKindNames, s);
}
std::string_view toString(Operation o) { return detail::enumName(kOperationNames, o); }
std::optional<Operation> operationFromString(std::string_view s) {
    return detail::enumFromName(kOperationNames, s);
}

} // namespace docshape
