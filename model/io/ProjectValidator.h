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

namespace docshape {

// The objects an edit touches, by id: an entity (its own properties or its
// fields), a relationship, an access pattern, an index, or the project's
// own settings. `everything` is for edits that reach across the project
// (cascading removals, a new project).
struct EditScope {
    bool everything = false;
    bool project = false;
    std::vector<std::string> entities;
    std::vector<std::string> relationships;
    std::vector<std::string> accessPatterns;
    std::vector<std::string> indexes;

    static EditScope all() { return {.everything = true}; }
    EditScope &merge(const EditScope &other);
};

// Validation of one edit without a copy of the project and without
// checking what the edit cannot have changed. Made from the valid project
// before the edit, check() answers for the edited project what
// validateProject would: it checks the objects in scope, whatever refers to
// them or is referred to by them, ids the edit added or removed, the names
// and collection names of the entities in scope against the others, and
// the whole embedding tree and every collection name when a relationship's
// ends or representation changed. When that finds a problem,
// validateProject words it, so that the message and path are the ones a
// load of the file would give.
class EditCheck {
public:
    EditCheck(const Project &before, EditScope scope);
    Status check(const Project &after) const;

private:
    EditScope m_scope;
    std::vector<std::string> m_idsBefore; // ids of the objects in scope, sorted
    // The ends and representation of each relationship in scope, in the
    // project's order: what places entities in collections.
    std::vector<std::string> m_endsBefore;
};

} // namespace docshape

namespace docshape::io {

// The most a number of the format can be, and why, as a message says it:
// "16 MiB (16,777,216 bytes), the BSON document size limit".
struct NumberCeiling {
    double limit;
    std::string_view words;
};

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

    // The checks an edit in `scope` needs, given that the project was valid
    // before it; `added` and `removed` are the ids the edit brought in and
    // took out; `sameEnds` that no relationship in scope changed its ends
    // or representation (the embedding tree then stands as it stood, and
    // only the collections of entities in scope can meet another's name).
    // True when they all pass; a false answer may be cautious (EditCheck
    // then asks run()).
    bool runScoped(const EditScope &scope, const std::vector<std::string> &added,
                   const std::vector<std::string> &removed, bool sameEnds);

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
    bool checkMap(const Field &field, const Owner &owner);
    bool checkVariants(const Entity &entity);
    bool checkRelationship(std::size_t index);
    bool checkEmbeddingCycles();
    bool checkCollections();
    // No document of entity `index` holds a key twice: its fields and the
    // keys its relationships add (core/DocumentKeys), named as derived.
    bool checkDocumentKeys(std::size_t index);
    // A scoped run's checkCollections: the collection of entity `index`, if
    // it is one, against every other.
    bool collectionNameFree(std::size_t index) const;
    bool checkAccessPattern(std::size_t index);
    bool checkIndex(std::size_t index);
    bool checkDecision(std::size_t index);
    bool checkFieldReferences();
    bool prepareScoped();
    bool appearOnce(const std::vector<std::string> &ids) const;
    bool unreferenced(const std::vector<std::string> &ids) const;
    // The index of the entity whose fields hold the field id, or SIZE_MAX.
    std::size_t entityOfFieldId(std::string_view id) const;

    bool claimId(std::string_view id, std::string_view kind, const Owner &owner);
    bool checkFieldName(std::string_view name, const Owner &owner);
    bool finite(double value, std::string_view member, const Owner &owner);
    bool nonNegative(double value, std::string_view member, const Owner &owner);
    // A number of documents, tenants or children (now or per day): not
    // negative and below 2^63, the server's 64-bit counts, so that a count
    // written as 1e308 is refused rather than estimated as unbounded.
    bool countValue(double value, std::string_view member, const Owner &owner);
    bool fraction(double value, std::string_view member, const Owner &owner,
                  bool zeroAllowed);
    // Not negative, finite, and at most the ceiling; `what` names the
    // property as the studio labels it ("average bytes").
    bool atMost(double value, std::string_view member, std::string_view what, const NumberCeiling &ceiling,
                const Owner &owner);
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
    // entity id -> the relationships that have it at an end; made on first use
    std::unordered_map<std::string_view, std::vector<std::size_t>> m_relationshipsOf;
    bool m_relationshipsIndexed = false;
    struct PendingReference {
        const Field *field;
        std::string path;
        std::string label;
    };
    std::vector<PendingReference> m_duplicatedFields;
    std::size_t m_currentEntity = 0;
    // Scoped run: the lookups hold every entity and embedding, but ids and
    // fields only of the objects in scope.
    bool m_scoped = false;
    Error m_error;
    bool m_failed = false;
};

} // namespace docshape::io
