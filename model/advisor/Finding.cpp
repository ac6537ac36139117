#include "advisor/Finding.h"

#include "core/EnumNames.h"

namespace docshape {

namespace {
constexpr std::pair<Severity, std::string_view> kSeverities[] = {
    {Severity::Info, "info"},
    {Severity::Warning, "warning"},
    {Severity::Error, "error"},
};
} // namespace

std::string_view toString(Severity s) { return detail::enumName(kSeverities, s); }
std::optional<Severity> severityFromString(std::string_view s) {
    return detail::enumFromName(kSeverities, s);
}

} // namespace docshape
