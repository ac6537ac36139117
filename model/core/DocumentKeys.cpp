#include "core/DocumentKeys.h"

#include <cctype>

namespace docshape {

namespace {

std::string keyOr(const std::string &stated, std::string_view base, std::string_view suffix = {}) {
    return stated.empty() ? madeUpKey(base, suffix) : stated;
}

} // namespace

std::string madeUpKey(std::string_view base, std::string_view suffix) {
    std::string out;
    out.reserve(base.size() + suffix.size());
    out.append(base).append(suffix);
    if (!out.empty())
        out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
    return out;
}

std::optional<std::string> childSideKey(const Relationship &r, const Entity &parent) {
    switch (r.representation) {
    case Representation::ReferenceFromChild: return keyOr(r.fieldName, parent.name, "Id");
    case Representation::Subset: return keyOr(r.backFieldName, parent.name, "Id");
    case Representation::TwoWay:
        return keyOr(r.backFieldName, parent.name, r.cardinality == Cardinality::ManyToMany ? "Ids" : "Id");
    default: return std::nullopt;
    }
}

std::optional<std::string> parentSideKey(const Relationship &r, const Entity &child) {
    switch (r.representation) {
    case Representation::EmbedOne: return keyOr(r.fieldName, child.name);
    case Representation::EmbedArray: return keyOr(r.fieldName, child.name, "s");
    case Representation::ReferenceArrayInParent:
    case Representation::TwoWay: return keyOr(r.fieldName, child.name, "Ids");
    case Representation::Subset: return r.fieldName.empty() ? "recent" + child.name + "s" : r.fieldName;
    case Representation::ExtendedReference:
        return keyOr(r.fieldName, child.name, r.cardinality == Cardinality::OneToOne ? "" : "s");
    default: return std::nullopt;
    }
}

} // namespace docshape
