#include "core/Entity.h"

#include "util/EnumNames.h"

namespace docshape {

std::string_view toString(DeletionPolicy p) { return detail::enumName(kDeletionPolicyNames, p); }
std::optional<DeletionPolicy> deletionPolicyFromString(std::string_view s) {
    return detail::enumFromName(kDeletionPolicyNames, s);
}
std::string_view toString(ValidationLevel v) { return detail::enumName(kValidationLevelNames, v); }
std::optional<ValidationLevel> validationLevelFromString(std::string_view s) {
    return detail::enumFromName(kValidationLevelNames, s);
}
std::string_view toString(ValidationAction v) { return detail::enumName(kValidationActionNames, v); }
std::optional<ValidationAction> validationActionFromString(std::string_view s) {
    return detail::enumFromName(kValidationActionNames, s);
}
std::string_view toString(TimeSeriesGranularity g) { return detail::enumName(kTimeSeriesGranularityNames, g); }
std::optional<TimeSeriesGranularity> granularityFromString(std::string_view s) {
    return detail::enumFromName(kTimeSeriesGranularityNames, s);
}

} // namespace docshape
