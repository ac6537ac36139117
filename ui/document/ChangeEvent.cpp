#include "document/ChangeEvent.h"

#include <algorithm>

namespace docshape::ui {

Change Change::entity(Action action, std::string id, std::uint32_t properties) {
    return {Object::Entity, action, std::move(id), {}, properties};
}

Change Change::field(Action action, std::string id, std::string entityId, std::uint32_t properties) {
    return {Object::Field, action, std::move(id), std::move(entityId), properties};
}

Change Change::relationship(Action action, std::string id, std::uint32_t properties) {
    return {Object::Relationship, action, std::move(id), {}, properties};
}

Change Change::accessPattern(Action action, std::string id, std::uint32_t properties) {
    return {Object::AccessPattern, action, std::move(id), {}, properties};
}

Change Change::index(Action action, std::string id, std::uint32_t properties) {
    return {Object::Index, action, std::move(id), {}, properties};
}

Change Change::project(std::uint32_t properties) { return {Object::Project, Action::Changed, {}, {}, properties}; }

ChangeEvent &ChangeEvent::add(Change change) {
    changes.push_back(std::move(change));
    return *this;
}

ChangeEvent &ChangeEvent::append(const ChangeEvent &other) {
    reset = reset || other.reset;
    changes.insert(changes.end(), other.changes.begin(), other.changes.end());
    return *this;
}

ChangeEvent ChangeEvent::reversed() const {
    ChangeEvent out;
    out.reset = reset;
    out.changes.assign(changes.rbegin(), changes.rend());
    for (Change &c : out.changes) {
        if (c.action == Change::Action::Added)
            c.action = Change::Action::Removed;
        else if (c.action == Change::Action::Removed)
            c.action = Change::Action::Added;
    }
    return out;
}

bool ChangeEvent::affectsEstimates() const {
    return reset || std::any_of(changes.begin(), changes.end(), [](const Change &c) {
               return c.action != Change::Action::Changed || (c.properties & ~Change::Position) != 0;
           });
}

bool ChangeEvent::affectsCollections() const {
    return reset || std::any_of(changes.begin(), changes.end(), [](const Change &c) {
               switch (c.object) {
               case Change::Object::Entity:
                   return c.action != Change::Action::Changed || c.changed(Change::Name);
               case Change::Object::Relationship:
                   return c.action != Change::Action::Changed || c.changed(Change::Placement) ||
                          c.changed(Change::Name);
               case Change::Object::Project:
                   return true;
               default:
                   return false;
               }
           });
}

bool ChangeEvent::affectsNames() const {
    return reset || std::any_of(changes.begin(), changes.end(), [](const Change &c) {
               return c.action != Change::Action::Changed || c.changed(Change::Name);
           });
}

bool ChangeEvent::touches(Change::Object object) const {
    return reset || std::any_of(changes.begin(), changes.end(), [object](const Change &c) { return c.object == object; });
}

} // namespace docshape::ui
