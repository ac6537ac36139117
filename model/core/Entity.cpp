#include "core/Entity.h"

#include "util/EnumNames.h"

namespace docshape {

namespace {
constexpr std::pair<DeletionPolicy, std::string_view> kDeletion[] = {
    {DeletionPolicy::Unspecified, "unspecified"}, {DeletionPolicy::Restrict, "restrict"},
    {DeletionPolicy::SoftDelete, "softDelete"},   {DeletionPolicy::Cascade, "cascade"},
    {DeletionPolicy::AllowOrphans, "allowOrphans"}, {DeletionPolicy::CleanupJob, "cleanupJob"},
};
constexpr std::pair<ValidationLevel, std::string_view> kLevels[] = {
    {ValidationLevel::Strict, "strict"},
    {ValidationLevel::Moderate, "moderate"},
    {ValidationLevel::Off, "off"},
};
constexpr std::pair<ValidationAction, std::string_view> kActions[] = {
    {ValidationAction::Error, "error"},
    {ValidationAction::Warn, "warn"},
};
constexpr std::pair<TimeSeriesGranularity, std::string_view> kGranularity[] = {
    {TimeSeriesGranularity::Seconds, "seconds"},
    {TimeSeriesGranularity::Minutes, "minutes"},
    {TimeSeriesGranularity::Hours, "hours"},
};
} // namespace

std::string_view toString(DeletionPolicy p) { return detail::enumName(kDeletion, p); }
std::optional<DeletionPolicy> deletionPolicyFromString(std::string_view s) {
    return detail::enumFromName(kDeletion, s);
}
std::string_view toString(ValidationLevel v) { return detail::enumName(kLevels, v); }
std::optional<ValidationLevel> validationLevelFromString(std::string_view s) {
    return detail::enumFromName(kLevels, s);
}
std::string_view toString(ValidationAction v) { return detail::enumName(kActions, v); }
std::optional<ValidationAction> validationActionFromString(std::string_view s) {
    return detail::enumFromName(kActions, s);
}
std::string_view toString(TimeSeriesGranularity g) { return detail::enumName(kGranularity, g); }
std::optional<TimeSeriesGranularity> granularityFromString(std::string_view s) {
    return detail::enumFromName(kGranularity, s);
}

} // namespace docshape
