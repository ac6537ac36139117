#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace docshape::ui {

// What one edit did to one model object (Tiled's changeevents.h), so that a
// view updates the card, row or edge it names.
struct Change {
    enum class Object : std::uint8_t { Project, Entity, Field, Relationship, AccessPattern, Index };
    enum class Action : std::uint8_t { Added, Removed, Changed };
    // Which properties of a changed object differ (bits of `properties`),
    // for views that show only some of them.
    static constexpr std::uint32_t Name = 1u << 0;      // the object's name, and the collection it
                                                        // names (an entity's collectionName, a
                                                        // relationship's junction or bucket collection)
    static constexpr std::uint32_t Position = 1u << 1;  // an entity's place on the canvas, which no
                                                        // estimate reads
    static constexpr std::uint32_t Placement = 1u << 2; // a relationship's ends or representation:
                                                        // where its child is stored
    static constexpr std::uint32_t Other = 1u << 3;     // anything else

    Object object = Object::Project;
    Action action = Action::Changed;
    std::string id;               // empty for the project
    std::string entityId;         // for a field: the entity that holds it
    std::uint32_t properties = 0; // for Changed: the property bits

    static Change entity(Action action, std::string id, std::uint32_t properties = 0);
    static Change field(Action action, std::string id, std::string entityId, std::uint32_t properties = 0);
    static Change relationship(Action action, std::string id, std::uint32_t properties = 0);
    static Change accessPattern(Action action, std::string id, std::uint32_t properties = 0);
    static Change index(Action action, std::string id, std::uint32_t properties = 0);
    static Change project(std::uint32_t properties);

    bool changed(std::uint32_t property) const { return action == Action::Changed && (properties & property) != 0; }

    bool operator==(const Change &) const = default;
};

// What one command did: the changes, in the order they were made, or a
// reset (a new project, after which every view rebuilds).
struct ChangeEvent {
    bool reset = false;
    std::vector<Change> changes;

    static ChangeEvent resetAll() { return {true, {}}; }
    ChangeEvent() = default;
    ChangeEvent(bool isReset, std::vector<Change> list) : reset(isReset), changes(std::move(list)) {}
    ChangeEvent(Change change) { changes.push_back(std::move(change)); }

    ChangeEvent &add(Change change);
    ChangeEvent &append(const ChangeEvent &other);

    // The event of undoing this one: additions become removals and back,
    // in the reverse order.
    ChangeEvent reversed() const;

    // False when the edit only moved cards: no estimate changes.
    bool affectsEstimates() const;
    // True when the set of collections or their names may have changed.
    bool affectsCollections() const;
    // True when an object was added, removed or renamed: lists of objects
    // by name may differ.
    bool affectsNames() const;
    // True when an object of this kind was added, removed or changed.
    bool touches(Change::Object object) const;

    bool operator==(const ChangeEvent &) const = default;
};

} // namespace docshape::ui
