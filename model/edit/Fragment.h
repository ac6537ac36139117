#pragma once

#include "core/Project.h"
#include "util/Result.h"

#include <string>
#include <string_view>
#include <vector>

namespace docshape::edit {

// What Copy takes out of a project for Paste and Duplicate: entities, with
// every entity they embed and the relationships among them, or the fields
// of one entity. A fragment is a project of its own (it passes
// validateProject), so its clipboard text is a .docshape document that the
// project reader checks like any file before anything is pasted.
//
// Access patterns and indexes stay behind: they describe a collection's
// workload, which a copy does not have yet.
struct Fragment {
    enum class Kind { Entities, Fields };
    Kind kind = Kind::Entities;
    // Entities: the copied entities and the relationships among them. Fields:
    // one entity holding copies of the fields. Besides them, the context:
    // entities left behind that a copied reference points at or whose
    // fields a copied field duplicates, with those relationships, so that a
    // paste into the model they came from keeps the references and sources.
    Project project;
    std::vector<std::string> contextIds; // entities of `project` that were not copied

    bool isContext(const std::string &entityId) const;

    friend bool operator==(const Fragment &, const Fragment &) = default;
};

// The entities, every entity they embed (at any depth) and the
// relationships among them. A reference to an entity left behind comes as
// context when the copy alone holds it: a reference held by the child, an
// array of ids or an extended reference held by the parent. Relationships
// that would put a field into an entity left behind (two-way, subset,
// junction, bucket, an embedding) stay behind. Unknown ids are ignored.
Fragment copyEntities(const Project &project, const std::vector<std::string> &entityIds);

// The fields (with their subfields), in the order given, of whichever
// entities hold them. Unknown ids are ignored.
Fragment copyFields(const Project &project, const std::vector<std::string> &fieldIds);

// The clipboard text: the fragment as a .docshape document inside a small
// envelope that says what it holds.
std::string fragmentText(const Fragment &fragment);
// Reads clipboard text back: refuses anything that is not a fragment, with
// where and what (the project reader's messages for the document inside).
Result<Fragment> parseFragment(std::string_view text);

// The fragment's entities and relationships as they go into `into`: fresh
// ids for every entity, field and relationship (the fragment's own
// references follow them), names, collection names and junction names made
// unique in `into` ("Order" becomes "OrderCopy", then "OrderCopy2"), and
// positions moved by (dx, dy). A context entity that `into` has (the same id
// and name) keeps the references to it and the duplication sources in it;
// otherwise they are dropped.
struct PastedEntities {
    std::vector<Entity> entities;
    std::vector<Relationship> relationships;
};
PastedEntities pasteEntities(const Project &into, const Fragment &fragment, double dx, double dy);

// The fragment's fields as they go beside `siblings` (an entity's fields,
// or an object field's): fresh ids, names unique among the siblings
// ("email" becomes "emailCopy", then "emailCopy2"). A duplication source
// is kept as pasteEntities keeps it.
std::vector<Field> pasteFields(const Project &into, const std::vector<Field> &siblings, const Fragment &fragment);

} // namespace docshape::edit
