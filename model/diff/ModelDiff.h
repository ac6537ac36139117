#pragma once

#include "core/Project.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace docshape {

enum class ChangeKind { Added, Removed, Renamed, Changed };
enum class ObjectKind { Project, Entity, Field, Relationship, AccessPattern, Index, Decision };

std::string_view toString(ChangeKind kind);  // "added", "removed", "renamed", "changed"
std::string_view toString(ObjectKind kind);  // "project", "entity", "field", ...

// One property of an object whose value differs, named by its .docshape key
// (FORMAT.md) and valued as the file writes it; null for an unset optional.
struct PropertyChange {
    std::string property;
    nlohmann::ordered_json before;
    nlohmann::ordered_json after;

    friend bool operator==(const PropertyChange &, const PropertyChange &) = default;
};

// An object of the model that one version has and the other has not, or that
// both have with different properties. Objects are matched by id, so a rename
// is a Renamed change (with the old name), never a removal and an addition.
struct ObjectChange {
    ObjectKind object = ObjectKind::Entity;
    ChangeKind change = ChangeKind::Changed;
    std::string id;
    std::string name;    // as the new version names it (the old one for a removed object)
    std::string oldName; // Renamed: the old name
    // Fields: the entity that holds the field (in the new version, or the old
    // one for a removed field) and the dotted path of names from that entity,
    // "Order.items.sku"; variant fields "Notification[sms].phone".
    std::string entityId;
    std::string path;
    // Every property that differs, in file order; for an added or removed
    // object, none (the object is described by its path and name).
    std::vector<PropertyChange> properties;

    friend bool operator==(const ObjectChange &, const ObjectChange &) = default;
};

// A relationship whose storage changed: representation, subset size or
// bucket size. `summary` says it in a few words ("reference → embed",
// "subset 3 → 5").
struct RepresentationChange {
    std::string relationshipId;
    std::string name; // the relationship's name, or "Parent - Child"
    Representation before = Representation::ReferenceFromChild;
    Representation after = Representation::ReferenceFromChild;
    std::string summary;

    friend bool operator==(const RepresentationChange &, const RepresentationChange &) = default;
};

// What the estimation model says about one collection in one version.
struct CollectionFigures {
    bool present = false;
    std::string name;
    double documents = 0;
    double avgDocumentBytes = 0;
    std::optional<std::uint64_t> maxDocumentBytes; // nullopt: unbounded (when present)

    friend bool operator==(const CollectionFigures &, const CollectionFigures &) = default;
};

struct IndexEntriesChange {
    std::string name;
    std::optional<double> before; // nullopt: no such index in that version
    std::optional<double> after;

    friend bool operator==(const IndexEntriesChange &, const IndexEntriesChange &) = default;
};

// A derived collection whose figures differ (or that one version lacks).
// Collections are matched by what they are derived from (root entity, or
// relationship for junctions and buckets), so a renamed collection is one.
struct CollectionConsequence {
    CollectionFigures before;
    CollectionFigures after;
    std::vector<IndexEntriesChange> indexes; // only those whose entries differ

    friend bool operator==(const CollectionConsequence &, const CollectionConsequence &) = default;
};

// A finding of the advisor that one version has and the other has not,
// matched by rule and target.
struct FindingChange {
    bool appeared = true; // false: disappeared
    std::string rule;
    std::string severity;
    std::string targetKind;
    std::string targetId;
    std::string targetName;
    std::string message; // in the version that has it

    friend bool operator==(const FindingChange &, const FindingChange &) = default;
};

// An access pattern whose estimated cost differs; `changes` name AccessCost
// members ("estimatedMs", "docsExamined", "index", ...).
struct AccessCostChange {
    std::string patternId;
    std::string name;
    std::vector<PropertyChange> changes;

    friend bool operator==(const AccessCostChange &, const AccessCostChange &) = default;
};

struct Consequences {
    std::vector<CollectionConsequence> collections;
    std::vector<FindingChange> findings;
    std::vector<AccessCostChange> accessPatterns;

    friend bool operator==(const Consequences &, const Consequences &) = default;
};

// The difference between two versions of a model, as a design change. Card
// positions are layout, not design, and are not compared.
struct ModelDiff {
    std::string beforeName;
    std::string afterName;
    // Project settings first, then entities, fields, relationships, access
    // patterns, indexes and decisions; within each, the new version's order,
    // then what was removed in the old version's order.
    std::vector<ObjectChange> changes;
    std::vector<RepresentationChange> representations;
    Consequences consequences;

    bool equal() const { return changes.empty(); }
    // The changes of one kind of object.
    std::vector<const ObjectChange *> of(ObjectKind kind) const;
};

// Compares two valid projects (validateProject passed for both). The
// consequences come from analyze() and advise() of each version.
ModelDiff diffModels(const Project &before, const Project &after);

// The same without the consequences (they are left empty): the objects that
// differ, and the representation changes. diffConsequences fills them from
// facts a caller may keep (DiffConsequences.h).
ModelDiff diffObjects(const Project &before, const Project &after);

} // namespace docshape
