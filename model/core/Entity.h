#pragma once

#include "core/BsonType.h"
#include "core/Field.h"

#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <string>
#include <vector>

namespace docshape {

// What happens to references when a document of this entity is deleted
// (seed lesson-135, "Deletion").
enum class DeletionPolicy { Unspecified, Restrict, SoftDelete, Cascade, AllowOrphans, CleanupJob };

enum class ValidationLevel { Strict, Moderate, Off };
enum class ValidationAction { Error, Warn };

enum class TimeSeriesGranularity { Seconds, Minutes, Hours };

struct TimeSeriesOptions {
    std::string timeField;
    std::string metaField; // may be empty
    TimeSeriesGranularity granularity = TimeSeriesGranularity::Seconds;
    std::optional<std::int64_t> expireAfterSeconds;

    friend bool operator==(const TimeSeriesOptions &, const TimeSeriesOptions &) = default;
};

// One shape of a polymorphic entity: documents whose discriminator equals
// `value` carry `fields` in addition to the entity's own.
struct Variant {
    std::string value;
    double share = 0; // fraction of the entity's documents; shares sum to 1
    std::vector<Field> fields;

    friend bool operator==(const Variant &, const Variant &) = default;
};

// What the designer states about the collection in the lesson-135
// worksheet; the advisor compares it with what the model derives.
struct StatedWorksheet {
    std::optional<double> documentBytes;  // expected average document size
    std::optional<double> maxArrayCount;  // expected largest array bound
    std::string atomicUpdateBoundary;
    std::string notes;

    friend bool operator==(const StatedWorksheet &, const StatedWorksheet &) = default;
};

struct CanvasPosition {
    double x = 0;
    double y = 0;

    friend bool operator==(const CanvasPosition &, const CanvasPosition &) = default;
};

// A named thing of the domain. When it is not embedded in another entity it
// is the root of a collection named `collectionName` (or `name` if empty).
struct Entity {
    std::string id;
    std::string name;
    std::string collectionName; // empty: derived from name
    std::string description;
    BsonType idType = BsonType::ObjectId; // type of _id when a collection root
    std::vector<Field> fields;             // never includes _id

    double count = 0;        // documents now
    double growthPerDay = 0; // new documents per day
    std::optional<double> retentionDays;
    DeletionPolicy deletion = DeletionPolicy::Unspecified;
    bool tenantScoped = false;
    std::optional<int> schemaVersion;

    std::string discriminator; // field name; empty when not polymorphic
    std::vector<Variant> variants;

    bool closedShape = false; // additionalProperties: false in the validator
    ValidationLevel validationLevel = ValidationLevel::Strict;
    ValidationAction validationAction = ValidationAction::Error;
    std::optional<TimeSeriesOptions> timeSeries;

    StatedWorksheet stated;
    CanvasPosition position;

    friend bool operator==(const Entity &, const Entity &) = default;
};

std::string_view toString(DeletionPolicy p);
std::optional<DeletionPolicy> deletionPolicyFromString(std::string_view s);
std::string_view toString(ValidationLevel v);
std::optional<ValidationLevel> validationLevelFromString(std::string_view s);
std::string_view toString(ValidationAction v);
std::optional<ValidationAction> validationActionFromString(std::string_view s);
std::string_view toString(TimeSeriesGranularity g);
std::optional<TimeSeriesGranularity> granularityFromString(std::string_view s);

// The spellings of DeletionPolicy in the model file, the CLI and messages, in the
// enum's order: the one table its names and count come from.
inline constexpr std::pair<DeletionPolicy, std::string_view> kDeletionPolicyNames[] = {
    {DeletionPolicy::Unspecified, "unspecified"}, {DeletionPolicy::Restrict, "restrict"},
    {DeletionPolicy::SoftDelete, "softDelete"},   {DeletionPolicy::Cascade, "cascade"},
    {DeletionPolicy::AllowOrphans, "allowOrphans"}, {DeletionPolicy::CleanupJob, "cleanupJob"},
};
constexpr std::span<const std::pair<DeletionPolicy, std::string_view>> namesOf(DeletionPolicy) { return kDeletionPolicyNames; }

// The spellings of ValidationLevel in the model file, the CLI and messages, in the
// enum's order: the one table its names and count come from.
inline constexpr std::pair<ValidationLevel, std::string_view> kValidationLevelNames[] = {
    {ValidationLevel::Strict, "strict"},
    {ValidationLevel::Moderate, "moderate"},
    {ValidationLevel::Off, "off"},
};
constexpr std::span<const std::pair<ValidationLevel, std::string_view>> namesOf(ValidationLevel) { return kValidationLevelNames; }

// The spellings of ValidationAction in the model file, the CLI and messages, in the
// enum's order: the one table its names and count come from.
inline constexpr std::pair<ValidationAction, std::string_view> kValidationActionNames[] = {
    {ValidationAction::Error, "error"},
    {ValidationAction::Warn, "warn"},
};
constexpr std::span<const std::pair<ValidationAction, std::string_view>> namesOf(ValidationAction) { return kValidationActionNames; }

// The spellings of TimeSeriesGranularity in the model file, the CLI and messages, in the
// enum's order: the one table its names and count come from.
inline constexpr std::pair<TimeSeriesGranularity, std::string_view> kTimeSeriesGranularityNames[] = {
    {TimeSeriesGranularity::Seconds, "seconds"},
    {TimeSeriesGranularity::Minutes, "minutes"},
    {TimeSeriesGranularity::Hours, "hours"},
};
constexpr std::span<const std::pair<TimeSeriesGranularity, std::string_view>> namesOf(TimeSeriesGranularity) { return kTimeSeriesGranularityNames; }

} // namespace docshape
