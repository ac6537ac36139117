#include "core/AccessPattern.h"

#include "util/EnumNames.h"

namespace docshape {

namespace {
constexpr std::pair<AccessKind, std::string_view> kKinds[] = {
    {AccessKind::Read, "read"},
    {AccessKind::Write, "write"},
};
constexpr std::pair<Operation, std::string_view> kOperations[] = {
    {Operation::FindOneById, "findOneById"}, {Operation::FindMany, "findMany"},
    {Operation::Aggregate, "aggregate"},     {Operation::Insert, "insert"},
    {Operation::Update, "update"},           {Operation::Delete, "delete"},
};
} // namespace

std::string_view toString(AccessKind k) { return detail::enumName(kKinds, k); }
std::optional<AccessKind> accessKindFromString(std::string_view s) {
    return detail::enumFromName(kKinds, s);
}
std::string_view toString(Operation o) { return detail::enumName(kOperations, o); }
std::optional<Operation> operationFromString(std::string_view s) {
    return detail::enumFromName(kOperations, s);
}

} // namespace docshape
