#include "core/Relationship.h"

#include "util/EnumNames.h"

namespace docshape {

namespace {
constexpr std::pair<Cardinality, std::string_view> kCardinality[] = {
    {Cardinality::OneToOne, "oneToOne"},
    {Cardinality::OneToFew, "oneToFew"},
    {Cardinality::OneToMany, "oneToMany"},
    {Cardinality::ManyToMany, "manyToMany"},
};
constexpr std::pair<Representation, std::string_view> kRepresentation[] = {
    {Representation::EmbedOne, "embedOne"},
    {Representation::EmbedArray, "embedArray"},
    {Representation::ReferenceFromChild, "referenceFromChild"},
    {Representation::ReferenceArrayInParent, "referenceArrayInParent"},
    {Representation::TwoWay, "twoWay"},
    {Representation::Junction, "junction"},
    {Representation::Subset, "subset"},
    {Representation::ExtendedReference, "extendedReference"},
    {Representation::Bucket, "bucket"},
};
} // namespace

bool embedsChild(Representation r) {
    return r == Representation::EmbedOne || r == Representation::EmbedArray ||
           r == Representation::Bucket;
}

std::string_view toString(Cardinality c) { return detail::enumName(kCardinality, c); }
std::optional<Cardinality> cardinalityFromString(std::string_view s) {
    return detail::enumFromName(kCardinality, s);
}
std::string_view toString(Representation r) { return detail::enumName(kRepresentation, r); }
std::optional<Representation> representationFromString(std::string_view s) {
    return detail::enumFromName(kRepresentation, s);
}

} // namespace docshape
