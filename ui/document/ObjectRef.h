#pragma once

#include <string>

namespace docshape::ui {

// A reference by id to one model object, the unit of selection shared by the
// canvas, the inspector, the status bar and (later) the findings list.
struct ObjectRef {
    enum class Kind { None, Entity, Field, Relationship };
    Kind kind = Kind::None;
    std::string id;

    static ObjectRef entity(std::string id) { return {Kind::Entity, std::move(id)}; }
    static ObjectRef field(std::string id) { return {Kind::Field, std::move(id)}; }
    static ObjectRef relationship(std::string id) { return {Kind::Relationship, std::move(id)}; }
    bool isNone() const { return kind == Kind::None; }
    bool operator==(const ObjectRef &) const = default;
};

} // namespace docshape::ui
