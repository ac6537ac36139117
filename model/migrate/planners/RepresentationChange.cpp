#include "migrate/planners/RepresentationChange.h"

#include <set>
#include <string>

namespace docshape::migration {

namespace {

// The relationship of `other` that stores, as a plain reference, what `copy`
// (an extended reference of `copyVersion`) stores as a copy: the holder of
// the copy holds the source's _id (ReferenceFromChild, or a TwoWay that is
// not many-to-many, with the ends the other way round). The same
// relationship id, or one id that only v1 has and one that only v2 has.
const Relationship *referenceCounterpart(const Relationship &copy, const Project &copyVersion, const Project &other) {
    for (const Relationship &r : other.relationships) {
        const bool reference = r.representation == Representation::ReferenceFromChild ||
                               (r.representation == Representation::TwoWay && r.cardinality != Cardinality::ManyToMany);
        if (!reference || r.childId != copy.parentId || r.parentId != copy.childId)
            continue;
        if (r.id == copy.id || (!copyVersion.findRelationship(r.id) && !other.findRelationship(copy.id)))
            return &r;
    }
    return nullptr;
}

bool idArrayChange(const Relationship &r1, const Relationship &r2) {
    const bool toCopies = r1.representation == Representation::ReferenceArrayInParent &&
                          r2.representation == Representation::ExtendedReference && r2.cardinality != Cardinality::OneToOne;
    const bool toIds = r1.representation == Representation::ExtendedReference && r1.cardinality != Cardinality::OneToOne &&
                       r2.representation == Representation::ReferenceArrayInParent;
    return (toCopies || toIds) && r1.parentId == r2.parentId && r1.childId == r2.childId;
}

} // namespace

std::vector<RepresentationChange> representationChanges(const Project &before, const Project &after) {
    using Change = RepresentationChange;
    std::vector<Change> out;
    std::set<std::string> handled; // v2 relationship ids a change above covers
    for (const Relationship &r2 : after.relationships) {
        if (r2.representation != Representation::ExtendedReference)
            continue;
        if (const Relationship *r1 = referenceCounterpart(r2, after, before)) {
            out.push_back({Change::ReferenceToCopy, r1, &r2});
            handled.insert(r2.id);
        }
    }
    for (const Relationship &r1 : before.relationships) {
        if (r1.representation != Representation::ExtendedReference)
            continue;
        if (const Relationship *r2 = referenceCounterpart(r1, before, after)) {
            out.push_back({Change::CopyToReference, &r1, r2});
            handled.insert(r2->id);
        }
    }
    for (const Relationship &r2 : after.relationships) {
        if (handled.contains(r2.id))
            continue;
        const Relationship *r1 = before.findRelationship(r2.id);
        if (r2.representation == Representation::Subset &&
            (!r1 || r1->representation != Representation::Subset || r1->subsetCount != r2.subsetCount)) {
            out.push_back({Change::Subset, r1, &r2});
            continue;
        }
        if (!r1)
            continue;
        if (r1->representation == Representation::ExtendedReference &&
            r2.representation == Representation::ExtendedReference) {
            out.push_back({Change::MoreCopies, r1, &r2});
            continue;
        }
        if (idArrayChange(*r1, r2)) {
            out.push_back({Change::IdArray, r1, &r2});
            continue;
        }
        if (r1->representation == r2.representation)
            continue;
        const bool embedsNow = r2.representation == Representation::EmbedArray || r2.representation == Representation::EmbedOne;
        const bool embeddedBefore =
            r1->representation == Representation::EmbedArray || r1->representation == Representation::EmbedOne;
        const bool childHeldRef = r1->representation == Representation::ReferenceFromChild ||
                                  r1->representation == Representation::Subset || r1->representation == Representation::TwoWay;
        const bool childHoldsRef = r2.representation == Representation::ReferenceFromChild ||
                                   r2.representation == Representation::TwoWay;
        if (embedsNow && childHeldRef)
            out.push_back({Change::Embed, r1, &r2});
        else if (embeddedBefore && childHoldsRef)
            out.push_back({Change::Extract, r1, &r2});
        else if (embedsNow != embeddedBefore || r2.representation == Representation::Bucket ||
                 r1->representation == Representation::Bucket || r2.representation == Representation::Junction ||
                 r1->representation == Representation::Junction || r2.representation == Representation::ExtendedReference ||
                 r1->representation == Representation::ExtendedReference)
            out.push_back({Change::Unplanned, r1, &r2});
    }
    return out;
}

} // namespace docshape::migration
