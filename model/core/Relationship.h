#pragma once

#include "core/Field.h"
#include "util/EnumNames.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <string>
#include <vector>

namespace docshape {

enum class Cardinality { OneToOne, OneToFew, OneToMany, ManyToMany };

// How a relationship is stored. "Parent" is the document that holds the
// embedded data or the copied fields; "child" the other side.
//
// - EmbedOne: child is one subdocument `fieldName` of the parent.
// - EmbedArray: child is an array `fieldName` of subdocuments in the parent.
// - ReferenceFromChild: child is a collection; each child holds the parent's
//   _id in `fieldName`.
// - ReferenceArrayInParent: parent holds an array `fieldName` of child ids.
// - TwoWay: both of the above (`fieldName` in the parent, `backFieldName` in
//   the child).
// - Junction: a collection `junctionName` of {parentId, childId} pairs.
// - Subset: child is a collection referencing the parent (`backFieldName`),
//   and the newest `subsetCount` children are copied into the parent's array
//   `fieldName`; `subsetEnforcedBy` says who keeps that array at
//   `subsetCount` (maxChildren and maxEnforcedBy still bound all children).
// - ExtendedReference: parent holds a subdocument `fieldName` with the
//   child's _id and the child's fields listed in `copiedFieldIds`.
// - Bucket: children are grouped `bucketSize` to a document of a bucket
//   collection `junctionName` (default "<child>_buckets"), keyed by the
//   parent id and the bucket start.
enum class Representation {
    EmbedOne,
    EmbedArray,
    ReferenceFromChild,
    ReferenceArrayInParent,
    TwoWay,
    Junction,
    Subset,
    ExtendedReference,
    Bucket,
};

struct Relationship {
    std::string id;
    std::string name;
    std::string parentId; // entity id
    std::string childId;  // entity id
    Cardinality cardinality = Cardinality::OneToMany;
    // EmbedOne and EmbedArray: the share of parent documents that hold the
    // field, in (0, 1]; an array held has avgChildren / presence children on
    // average, at most maxChildren. Ignored by the other representations.
    double presence = 1;
    double avgChildren = 1;                   // per parent, over every parent (one without the field has 0)
    std::optional<std::uint64_t> maxChildren; // nullopt: unbounded
    double growthPerParentPerDay = 0;         // children added per parent per day
    BoundEnforcer maxEnforcedBy = BoundEnforcer::Nobody;
    Representation representation = Representation::ReferenceFromChild;

    std::string fieldName;     // see Representation
    std::string backFieldName; // see Representation
    std::string junctionName;  // junction or bucket collection
    std::uint64_t subsetCount = 0;
    BoundEnforcer subsetEnforcedBy = BoundEnforcer::Nobody; // of the subset's array
    std::vector<std::string> copiedFieldIds; // extended reference / subset copies (empty: all)
    std::uint64_t bucketSize = 0;
    bool parentRequired = true; // child always has a parent (reference field present)
    Duplication copySemantics = Duplication::None; // extended reference / subset copies
    std::string copyOwner;

    friend bool operator==(const Relationship &, const Relationship &) = default;
};

// True for representations that put the child inside the parent's documents
// and so take it out of the list of collections.
bool embedsChild(Representation r);

// Who enforces the bound of the array `r` puts in the parent's documents:
// for a subset, the subset's size (subsetEnforcedBy); otherwise the
// children's maximum (maxEnforcedBy).
BoundEnforcer arrayBoundEnforcer(const Relationship &r);

std::string_view toString(Cardinality c);
std::optional<Cardinality> cardinalityFromString(std::string_view s);
std::string_view toString(Representation r);
std::optional<Representation> representationFromString(std::string_view s);

// The spellings of Cardinality in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<Cardinality> kCardinalityNames[] = {
    {Cardinality::OneToOne, "oneToOne", "one-to-one"},
    {Cardinality::OneToFew, "oneToFew", "one-to-few"},
    {Cardinality::OneToMany, "oneToMany", "one-to-many"},
    {Cardinality::ManyToMany, "manyToMany", "many-to-many"},
};
constexpr std::span<const EnumSpelling<Cardinality>> namesOf(Cardinality) { return kCardinalityNames; }

// The spellings of Representation in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<Representation> kRepresentationNames[] = {
    {Representation::EmbedOne, "embedOne", "embedded subdocument"},
    {Representation::EmbedArray, "embedArray", "embedded array"},
    {Representation::ReferenceFromChild, "referenceFromChild", "reference from the child"},
    {Representation::ReferenceArrayInParent, "referenceArrayInParent", "array of ids in the parent"},
    {Representation::TwoWay, "twoWay", "two-way references"},
    {Representation::Junction, "junction", "junction collection"},
    {Representation::Subset, "subset", "subset"},
    {Representation::ExtendedReference, "extendedReference", "extended reference"},
    {Representation::Bucket, "bucket", "bucket"},
};
constexpr std::span<const EnumSpelling<Representation>> namesOf(Representation) { return kRepresentationNames; }

} // namespace docshape
