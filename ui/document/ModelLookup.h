#pragma once

#include "core/Project.h"

#include <string>
#include <string_view>
#include <vector>

namespace docshape::ui {

// Mutable lookups the model's const finders don't offer, and the canonical
// comparison used to tell whether an edit changed anything.

Field *findFieldMutable(Project &project, std::string_view fieldId);
// The list that holds the field (an entity's, a variant's or an object
// field's `fields`) and the field's index in it.
std::vector<Field> *fieldListOf(Project &project, std::string_view fieldId, std::size_t *index);
Entity *entityOfFieldMutable(Project &project, std::string_view fieldId);
Relationship *findRelationshipMutable(Project &project, std::string_view id);

// Every field id of the entity, nested and variant fields included.
std::vector<std::string> fieldIdsOf(const Entity &entity);

// Canonical text of one object (serializeProject of a project holding only
// it): equal text means equal objects.
std::string canonicalText(const Entity &entity);
std::string canonicalText(const Field &field);
std::string canonicalText(const Relationship &relationship);

} // namespace docshape::ui
