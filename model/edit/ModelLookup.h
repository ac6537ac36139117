#pragma once

#include "core/Project.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::edit {

// Lookups an editor needs beyond Project's finders: mutable access by id,
// the list and entity that hold a field, the embedding of an entity. Each
// returns nullptr when there is no such object.

Field *findField(Project &project, std::string_view fieldId);
// The field among the entity's fields (nested and variant fields included).
Field *findField(Entity &entity, std::string_view fieldId);
const Field *findField(const Entity &entity, std::string_view fieldId);
Relationship *findRelationship(Project &project, std::string_view id);
AccessPattern *findAccessPattern(Project &project, std::string_view id);
IndexSpec *findIndex(Project &project, std::string_view id);

// The list that holds the field (an entity's, a variant's or an object
// field's `fields`), with the field's position in it in `*index`.
std::vector<Field> *fieldListOf(Project &project, std::string_view fieldId, std::size_t *index);

// The entity whose fields (nested and variant fields included) hold the field.
const Entity *entityOfField(const Project &project, std::string_view fieldId);
Entity *entityOfField(Project &project, std::string_view fieldId);

// The relationship that embeds the entity (EmbedOne or EmbedArray) in
// another entity's documents. validateProject allows at most one.
const Relationship *embeddingOf(const Project &project, std::string_view entityId);

// Every field id of the entity, nested and variant fields included, in
// the order of the file.
std::vector<std::string> fieldIdsOf(const Entity &entity);
// The field's id and the ids of its subfields, depth first.
std::vector<std::string> fieldIdsOf(const Field &field);

} // namespace docshape::edit
