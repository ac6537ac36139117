#pragma once

#include "core/Project.h"

// The one list of what a .docshape file holds: for each struct, its JSON
// keys in file order and the member each maps to. The reader and the writer
// both walk these lists, so they cannot disagree about a key's spelling,
// position or presence. Keys are the C++ member names (FORMAT.md).
//
// A schema is a function template `describe(v, Tag<T>)` that calls
// `v(key, &T::member, presence)` once per member, in declaration order; a
// member of a boxed part (Field::details) is named `inBox(&T::box,
// &Part::member)`. Reader and writer reach either through memberOf().
namespace docshape::io {

template <typename T> struct Tag {};

// A member of the part a struct holds in a Boxed<Part>.
template <typename T, typename Part, typename M> struct InBox {
    Boxed<Part> T::*box;
    M Part::*member;
};
template <typename T, typename Part, typename M>
constexpr InBox<T, Part, M> inBox(Boxed<Part> T::*box, M Part::*member) {
    return {box, member};
}

template <typename T, typename M> M &memberOf(T &object, M T::*member) { return object.*member; }
template <typename T, typename M> const M &memberOf(const T &object, M T::*member) { return object.*member; }
// Writing creates the part; reading an unset one gives the part's defaults.
template <typename T, typename Part, typename M> M &memberOf(T &object, InBox<T, Part, M> p) {
    return (object.*p.box).edit().*p.member;
}
template <typename T, typename Part, typename M> const M &memberOf(const T &object, InBox<T, Part, M> p) {
    return (*(object.*p.box)).*p.member;
}

// kAlways members are written even when they hold their default value.
enum class Presence { IfNotDefault, Always };
inline constexpr Presence kAlways = Presence::Always;
inline constexpr Presence kOptional = Presence::IfNotDefault;

template <typename V> void describe(V &v, Tag<SortKey>) {
    v("path", &SortKey::path, kOptional);
    v("direction", &SortKey::direction, kOptional);
}

template <typename V> void describe(V &v, Tag<IndexKey>) {
    v("path", &IndexKey::path, kOptional);
    v("kind", &IndexKey::kind, kOptional);
}

template <typename V> void describe(V &v, Tag<Collation>) {
    v("locale", &Collation::locale, kOptional);
    v("strength", &Collation::strength, kOptional);
}

template <typename V> void describe(V &v, Tag<TimeSeriesOptions>) {
    v("timeField", &TimeSeriesOptions::timeField, kOptional);
    v("metaField", &TimeSeriesOptions::metaField, kOptional);
    v("granularity", &TimeSeriesOptions::granularity, kOptional);
    v("expireAfterSeconds", &TimeSeriesOptions::expireAfterSeconds, kOptional);
}

template <typename V> void describe(V &v, Tag<StatedWorksheet>) {
    v("documentBytes", &StatedWorksheet::documentBytes, kOptional);
    v("maxArrayCount", &StatedWorksheet::maxArrayCount, kOptional);
    v("atomicUpdateBoundary", &StatedWorksheet::atomicUpdateBoundary, kOptional);
    v("notes", &StatedWorksheet::notes, kOptional);
}

template <typename V> void describe(V &v, Tag<CanvasPosition>) {
    v("x", &CanvasPosition::x, kOptional);
    v("y", &CanvasPosition::y, kOptional);
}

template <typename V> void describe(V &v, Tag<MapKeys>) {
    v("keys", &MapKeys::keys, kAlways);
    v("regex", &MapKeys::regex, kOptional);
    v("avgKeys", &MapKeys::avgKeys, kAlways);
    v("maxKeys", &MapKeys::maxKeys, kAlways);
    v("avgKeyBytes", &MapKeys::avgKeyBytes, kAlways);
    v("maxKeyBytes", &MapKeys::maxKeyBytes, kAlways);
}

template <typename V> void describe(V &v, Tag<Field>) {
    v("id", &Field::id, kAlways);
    v("name", &Field::name, kAlways);
    v("type", &Field::type, kOptional);
    v("required", &Field::required, kOptional);
    v("presence", &Field::presence, kOptional);
    v("avgBytes", &Field::avgBytes, kOptional);
    v("maxBytes", &Field::maxBytes, kOptional);
    v("regexOptions", inBox(&Field::details, &FieldDetails::regexOptions), kOptional);
    v("elementType", &Field::elementType, kOptional);
    v("avgCount", &Field::avgCount, kOptional);
    v("maxCount", &Field::maxCount, kOptional);
    v("maxEnforcedBy", &Field::maxEnforcedBy, kOptional);
    v("uniqueItems", &Field::uniqueItems, kOptional);
    v("distinctFraction", &Field::distinctFraction, kOptional);
    v("countGrowthPerDay", &Field::countGrowthPerDay, kOptional);
    v("map", inBox(&Field::details, &FieldDetails::map), kOptional);
    v("fields", &Field::fields, kOptional);
    v("enumValues", inBox(&Field::details, &FieldDetails::enumValues), kOptional);
    v("minimum", inBox(&Field::details, &FieldDetails::minimum), kOptional);
    v("maximum", inBox(&Field::details, &FieldDetails::maximum), kOptional);
    v("pattern", inBox(&Field::details, &FieldDetails::pattern), kOptional);
    v("minLength", inBox(&Field::details, &FieldDetails::minLength), kOptional);
    v("maxLength", inBox(&Field::details, &FieldDetails::maxLength), kOptional);
    v("minItems", inBox(&Field::details, &FieldDetails::minItems), kOptional);
    v("description", inBox(&Field::details, &FieldDetails::description), kOptional);
    v("duplicatedFrom", inBox(&Field::details, &FieldDetails::duplicatedFrom), kOptional);
    v("duplication", inBox(&Field::details, &FieldDetails::duplication), kOptional);
    v("duplicationOwner", inBox(&Field::details, &FieldDetails::duplicationOwner), kOptional);
    v("computedFrom", inBox(&Field::details, &FieldDetails::computedFrom), kOptional);
    v("defaultValue", inBox(&Field::details, &FieldDetails::defaultValue), kOptional);
    v("nullFraction", &Field::nullFraction, kOptional);
}

template <typename V> void describe(V &v, Tag<Variant>) {
    v("value", &Variant::value, kOptional);
    v("share", &Variant::share, kOptional);
    v("fields", &Variant::fields, kOptional);
}

template <typename V> void describe(V &v, Tag<Entity>) {
    v("id", &Entity::id, kAlways);
    v("name", &Entity::name, kAlways);
    v("collectionName", &Entity::collectionName, kOptional);
    v("description", &Entity::description, kOptional);
    v("idType", &Entity::idType, kOptional);
    v("fields", &Entity::fields, kOptional);
    v("count", &Entity::count, kOptional);
    v("growthPerDay", &Entity::growthPerDay, kOptional);
    v("retentionDays", &Entity::retentionDays, kOptional);
    v("deletion", &Entity::deletion, kOptional);
    v("tenantScoped", &Entity::tenantScoped, kOptional);
    v("schemaVersion", &Entity::schemaVersion, kOptional);
    v("discriminator", &Entity::discriminator, kOptional);
    v("variants", &Entity::variants, kOptional);
    v("closedShape", &Entity::closedShape, kOptional);
    v("validationLevel", &Entity::validationLevel, kOptional);
    v("validationAction", &Entity::validationAction, kOptional);
    v("timeSeries", &Entity::timeSeries, kOptional);
    v("stated", &Entity::stated, kOptional);
    v("position", &Entity::position, kOptional);
}

template <typename V> void describe(V &v, Tag<Relationship>) {
    v("id", &Relationship::id, kAlways);
    v("name", &Relationship::name, kAlways);
    v("parentId", &Relationship::parentId, kOptional);
    v("childId", &Relationship::childId, kOptional);
    v("cardinality", &Relationship::cardinality, kOptional);
    v("presence", &Relationship::presence, kOptional);
    v("avgChildren", &Relationship::avgChildren, kOptional);
    v("maxChildren", &Relationship::maxChildren, kOptional);
    v("growthPerParentPerDay", &Relationship::growthPerParentPerDay, kOptional);
    v("maxEnforcedBy", &Relationship::maxEnforcedBy, kOptional);
    v("representation", &Relationship::representation, kOptional);
    v("fieldName", &Relationship::fieldName, kOptional);
    v("backFieldName", &Relationship::backFieldName, kOptional);
    v("junctionName", &Relationship::junctionName, kOptional);
    v("subsetCount", &Relationship::subsetCount, kOptional);
    v("subsetEnforcedBy", &Relationship::subsetEnforcedBy, kOptional);
    v("copiedFieldIds", &Relationship::copiedFieldIds, kOptional);
    v("bucketSize", &Relationship::bucketSize, kOptional);
    v("parentRequired", &Relationship::parentRequired, kOptional);
    v("copySemantics", &Relationship::copySemantics, kOptional);
    v("copyOwner", &Relationship::copyOwner, kOptional);
}

template <typename V> void describe(V &v, Tag<AccessPattern>) {
    v("id", &AccessPattern::id, kAlways);
    v("name", &AccessPattern::name, kAlways);
    v("kind", &AccessPattern::kind, kOptional);
    v("entityId", &AccessPattern::entityId, kOptional);
    v("operation", &AccessPattern::operation, kOptional);
    v("equality", &AccessPattern::equality, kOptional);
    v("range", &AccessPattern::range, kOptional);
    v("sort", &AccessPattern::sort, kOptional);
    v("limit", &AccessPattern::limit, kOptional);
    v("fieldsReturned", &AccessPattern::fieldsReturned, kOptional);
    v("alsoReads", &AccessPattern::alsoReads, kOptional);
    v("frequencyPerSecond", &AccessPattern::frequencyPerSecond, kOptional);
    v("latencyBudgetMs", &AccessPattern::latencyBudgetMs, kOptional);
    v("consistency", &AccessPattern::consistency, kOptional);
    v("tenantScoped", &AccessPattern::tenantScoped, kOptional);
    v("description", &AccessPattern::description, kOptional);
}

template <typename V> void describe(V &v, Tag<IndexSpec>) {
    v("id", &IndexSpec::id, kAlways);
    v("name", &IndexSpec::name, kAlways);
    v("entityId", &IndexSpec::entityId, kOptional);
    v("keys", &IndexSpec::keys, kOptional);
    v("unique", &IndexSpec::unique, kOptional);
    v("sparse", &IndexSpec::sparse, kOptional);
    v("partialFilter", &IndexSpec::partialFilter, kOptional);
    v("partialSelectivity", &IndexSpec::partialSelectivity, kOptional);
    v("expireAfterSeconds", &IndexSpec::expireAfterSeconds, kOptional);
    v("collation", &IndexSpec::collation, kOptional);
}

template <typename V> void describe(V &v, Tag<Decision>) {
    v("id", &Decision::id, kAlways);
    v("date", &Decision::date, kOptional);
    v("title", &Decision::title, kOptional);
    v("text", &Decision::text, kOptional);
}

// The project: top-level keys in file order. "formatVersion" comes first and
// is handled by the reader and writer themselves; the five arrays are always
// written, even when empty.
template <typename V> void describe(V &v, Tag<Project>) {
    v("name", &Project::name, kAlways);
    v("description", &Project::description, kOptional);
    v("database", &Project::database, kOptional);
    v("mongoVersion", &Project::mongoVersion, kOptional);
    v("ramGiB", &Project::ramGiB, kOptional);
    v("tenancy", &Project::tenancy, kOptional);
    v("tenantField", &Project::tenantField, kOptional);
    v("tenantCount", &Project::tenantCount, kOptional);
    v("growthDays", &Project::growthDays, kOptional);
    v("thresholds", &Project::thresholds, kOptional);
    v("entities", &Project::entities, kAlways);
    v("relationships", &Project::relationships, kAlways);
    v("accessPatterns", &Project::accessPatterns, kAlways);
    v("indexes", &Project::indexes, kAlways);
    v("decisions", &Project::decisions, kAlways);
}

} // namespace docshape::io
