#pragma once

#include <string>
#include <vector>

namespace docshape::ui {

// What a command changed, so that views update only what they must (Tiled's
// ChangeEvent). `ids` are the model ids of the objects concerned.
struct ChangeEvent {
    enum class Kind {
        Reset,                // a new project: every view rebuilds
        EntitiesAdded,
        EntitiesRemoved,      // may also remove relationships, fields, indexes
        EntityChanged,        // properties of the entities in `ids`
        EntitiesMoved,        // canvas positions only; sizes are unchanged
        FieldsChanged,        // fields of the entities in `ids` added, removed or edited
        RelationshipsAdded,
        RelationshipsRemoved,
        RelationshipChanged,
        ProjectChanged,       // project-level settings, access patterns, indexes
    };

    Kind kind = Kind::Reset;
    std::vector<std::string> ids;

    // True when document shapes (and so every estimate) may have changed.
    bool affectsEstimates() const { return kind != Kind::EntitiesMoved; }
    // True when the embedding tree or the set of cards may have changed.
    bool affectsStructure() const {
        return kind == Kind::Reset || kind == Kind::EntitiesAdded || kind == Kind::EntitiesRemoved ||
               kind == Kind::RelationshipsAdded || kind == Kind::RelationshipsRemoved ||
               kind == Kind::RelationshipChanged;
    }
};

} // namespace docshape::ui
