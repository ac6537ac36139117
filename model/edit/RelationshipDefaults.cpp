#include "edit/RelationshipDefaults.h"

#include <cctype>
#include <cstring>
#include <set>

namespace docshape::edit {

namespace {
std::string lowerFirst(std::string s) {
    if (!s.empty())
        s[0] = char(std::tolower(static_cast<unsigned char>(s[0])));
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_')
            out += c;
    return out.empty() ? std::string("item") : out;
}

std::string plural(const std::string &s) {
    if (s.empty())
        return s;
    if (s.back() == 'y' && s.size() > 1 && !std::strchr("aeiou", s[s.size() - 2]))
        return s.substr(0, s.size() - 1) + "ies";
    if (s.back() == 's' || s.back() == 'x')
        return s + "es";
    return s + "s";
}

std::string capitalized(std::string s) {
    if (!s.empty())
        s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

// Names already used as keys in the documents of `entityId`: its fields and
// the fields other relationships add to it.
std::set<std::string> usedNames(const Project &project, const std::string &entityId,
                                const std::string &ignoreRelationship) {
    std::set<std::string> used{"_id"};
    if (const Entity *e = project.findEntity(entityId))
        for (const auto &f : e->fields)
            used.insert(f.name);
    for (const auto &r : project.relationships) {
        if (r.id == ignoreRelationship)
            continue;
        if (r.parentId == entityId && !r.fieldName.empty())
            used.insert(r.fieldName);
        if (r.childId == entityId && !r.backFieldName.empty())
            used.insert(r.backFieldName);
        if (r.childId == entityId && r.representation == Representation::ReferenceFromChild &&
            !r.fieldName.empty())
            used.insert(r.fieldName);
    }
    return used;
}

std::string unique(const std::set<std::string> &used, const std::string &base) {
    if (!used.count(base))
        return base;
    for (int i = 2;; ++i) {
        std::string candidate = base + std::to_string(i);
        if (!used.count(candidate))
            return candidate;
    }
}

void fillNames(const Project &project, Relationship &r) {
    const Entity *parent = project.findEntity(r.parentId);
    const Entity *child = project.findEntity(r.childId);
    // A tree, a reference from an entity to itself, names its ends as the
    // manual's "Model Tree Structures" do: parent, children.
    const bool tree = r.parentId == r.childId;
    const std::string p = tree ? "parent" : lowerFirst(parent ? parent->name : std::string("parent"));
    const std::string c = tree ? "child" : lowerFirst(child ? child->name : std::string("child"));
    const auto inParent = usedNames(project, r.parentId, r.id);
    const auto inChild = usedNames(project, r.childId, r.id);
    r.fieldName.clear();
    r.backFieldName.clear();
    r.junctionName.clear();
    switch (r.representation) {
    case Representation::EmbedOne:
    case Representation::ExtendedReference:
        // In a tree the node copies what it points at: its parent.
        r.fieldName = unique(inParent, tree ? "parent" : c);
        break;
    case Representation::EmbedArray:
        r.fieldName = unique(inParent, plural(c));
        break;
    case Representation::ReferenceFromChild:
        r.fieldName = unique(inChild, p + "Id");
        break;
    case Representation::ReferenceArrayInParent:
        r.fieldName = unique(inParent, c + "Ids");
        break;
    case Representation::TwoWay:
        r.fieldName = unique(inParent, c + "Ids");
        r.backFieldName = unique(inChild, p + "Id");
        break;
    case Representation::Junction:
        r.junctionName = tree && child ? plural(lowerFirst(child->name)) + "_tree" : p + "_" + plural(c);
        break;
    case Representation::Subset:
        r.fieldName = unique(inParent, "recent" + capitalized(plural(c)));
        r.backFieldName = unique(inChild, p + "Id");
        break;
    case Representation::Bucket:
        r.junctionName = c + "_buckets";
        break;
    }
}

void fillCounts(Relationship &r) {
    switch (r.representation) {
    case Representation::EmbedOne:
    case Representation::ExtendedReference:
        r.avgChildren = 1;
        r.maxChildren = 1;
        break;
    case Representation::EmbedArray:
        r.avgChildren = 5;
        r.maxChildren = 10;
        break;
    case Representation::Subset:
        r.avgChildren = 50;
        r.maxChildren.reset();
        r.subsetCount = 10;
        break;
    case Representation::Bucket:
        r.avgChildren = 1000;
        r.maxChildren.reset();
        r.bucketSize = 200;
        break;
    default:
        switch (r.cardinality) {
        case Cardinality::OneToOne:
            r.avgChildren = 1;
            r.maxChildren = 1;
            break;
        case Cardinality::OneToFew:
            r.avgChildren = 3;
            r.maxChildren = 10;
            break;
        case Cardinality::OneToMany:
        case Cardinality::ManyToMany:
            r.avgChildren = 10;
            r.maxChildren.reset();
            break;
        }
    }
}
} // namespace

Cardinality defaultCardinality(Representation representation) {
    switch (representation) {
    case Representation::EmbedOne:
    case Representation::ExtendedReference:
        return Cardinality::OneToOne;
    case Representation::EmbedArray:
        return Cardinality::OneToFew;
    case Representation::Junction:
        return Cardinality::ManyToMany;
    default:
        return Cardinality::OneToMany;
    }
}

Relationship makeRelationship(const Project &project, const std::string &parentId,
                              const std::string &childId, Cardinality cardinality,
                              Representation representation) {
    Relationship r;
    r.id = project.newId("r");
    r.parentId = parentId;
    r.childId = childId;
    r.cardinality = cardinality;
    r.representation = representation;
    fillCounts(r);
    fillNames(project, r);
    return r;
}

Relationship reshapeRelationship(const Project &project, const Relationship &existing,
                                 const std::string &parentId, Representation representation) {
    Relationship r = existing;
    const bool samePlace = r.parentId == parentId && r.representation == representation;
    if (samePlace)
        return r;
    r.parentId = parentId;
    r.representation = representation;
    r.copiedFieldIds.clear();
    r.presence = 1; // the new field is in every parent until stated otherwise
    if (representation == Representation::EmbedOne || representation == Representation::ExtendedReference ||
        representation == Representation::EmbedArray || representation == Representation::Subset) {
        r.cardinality = defaultCardinality(representation);
        fillCounts(r);
    }
    fillNames(project, r);
    return r;
}

} // namespace docshape::edit
