#pragma once

#include "core/Project.h"
#include "util/Result.h"
#include "io/JsonPath.h"

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace docshape::io {

// The checks behind validateProject: everything a well-formed JSON file can
// still get wrong. It stops at the first problem and reports it with the JSON
// path of the offending value (the project's vectors map 1:1 to the file's
// arrays, so the path is right for a model built in code too) and a message
// that names the object: "entity 'Order' field 'items': average count 12
// exceeds the maximum 10".
class ProjectValidator {
public:
    // Names the object in a message; called only when there is a problem,
    // so the common path builds no strings.
    using Owner = std::function<std::string()>;

    explicit ProjectValidator(const Project &project) : m_project(project) {}

    Status run();

private:
    struct FieldContext {
        std::string_view entity;
        std::string_view variant; // empty data(): not a variant field
    };

    bool checkProject();
    bool checkEntity(std::size_t index);
    bool checkFields(const std::vector<Field> &fields, const FieldContext &context, int depth,
                     const std::vector<Field> *alsoInObject = nullptr);
    bool checkField(const Field &field, const FieldContext &context, int depth);
    bool checkVariants(const Entity &entity);
    bool checkRelationship(std::size_t index);
    bool checkEmbeddingCycles();
    bool checkCollections();
    bool checkAccessPattern(std::size_t index);
    bool checkIndex(std::size_t index);
    bool checkDecision(std::size_t index);
    bool checkFieldReferences();

    bool claimId(std::string_view id, std::string_view kind, const Owner &owner);
    bool checkFieldName(std::string_view name, const Owner &owner);
    bool finite(double value, std::string_view member, const Owner &owner);
    bool nonNegative(double value, std::string_view member, const Owner &owner);
    bool fraction(double value, std::string_view member, const Owner &owner,
                  bool zeroAllowed);
    std::string firstPathOf(std::string_view id) const;
    bool fail(std::string message);
    bool failWithPath(std::string path, std::string message);
    bool failAt(std::string_view member, std::string message);

    std::string fieldLabel(const FieldContext &context) const;
    std::string entityLabel(const Entity &entity) const;
    std::string entityLabelById(std::string_view id) const;

    const Project &m_project;
    JsonPath m_path;
    std::vector<std::string_view> m_fieldNames; // names from the entity down to the current field
    std::unordered_set<std::string_view> m_ids; // every id claimed so far
    std::unordered_map<std::string_view, std::size_t> m_entityById;   // id -> index
    std::unordered_map<std::string_view, std::size_t> m_entityByName; // name -> index
    std::unordered_map<std::string, std::size_t> m_indexNames; // entity id, NUL, name -> index
    // field id -> index of the entity whose fields (or variants) hold it
    std::unordered_map<std::string_view, std::size_t> m_fieldEntity;
    std::vector<const Relationship *> m_embeddedBy; // per entity: its embedding relationship
    struct PendingReference {
        const Field *field;
        std::string path;
        std::string label;
    };
    std::vector<PendingReference> m_duplicatedFields;
    std::size_t m_currentEntity = 0;
    Error m_error;
    bool m_failed = false;
};

} // namespace docshape::io
