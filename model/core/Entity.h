#pragma once

#include "core/BsonType.h"
#include "core/Field.h"
#include "util/EnumNames.h"

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

// The spellings of DeletionPolicy in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<DeletionPolicy> kDeletionPolicyNames[] = {
    {DeletionPolicy::Unspecified, "unspecified", "unspecified"},
    {DeletionPolicy::Restrict, "restrict", "restrict"},
    {DeletionPolicy::SoftDelete, "softDelete", "soft delete"},
    {DeletionPolicy::Cascade, "cascade", "cascade"},
    {DeletionPolicy::AllowOrphans, "allowOrphans", "allow orphans"},
    {DeletionPolicy::CleanupJob, "cleanupJob", "cleanup job"},
};
constexpr std::span<const EnumSpelling<DeletionPolicy>> namesOf(DeletionPolicy) { return kDeletionPolicyNames; }

// The spellings of ValidationLevel in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<ValidationLevel> kValidationLevelNames[] = {
    {ValidationLevel::Strict, "strict", "strict"},
    {ValidationLevel::Moderate, "moderate", "moderate"},
    {ValidationLevel::Off, "off", "off"},
};
constexpr std::span<const EnumSpelling<ValidationLevel>> namesOf(ValidationLevel) { return kValidationLevelNames; }

// The spellings of ValidationAction in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<ValidationAction> kValidationActionNames[] = {
    {ValidationAction::Error, "error", "error"},
    {ValidationAction::Warn, "warn", "warn"},
};
constexpr std::span<const EnumSpelling<ValidationAction>> namesOf(ValidationAction) { return kValidationActionNames; }

// The spellings of TimeSeriesGranularity in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<TimeSeriesGranularity> kTimeSeriesGranularityNames[] = {
    {TimeSeriesGranularity::Seconds, "seconds", "seconds"},
    {TimeSeriesGranularity::Minutes, "minutes", "minutes"},
    {TimeSeriesGranularity::Hours, "hours", "hours"},
};
constexpr std::span<const EnumSpelling<TimeSeriesGranularity>> namesOf(TimeSeriesGranularity) { return kTimeSeriesGranularityNames; }

} // namespace docshape
