#include "migrate/planners/ExtractPlanner.h"

#include "migrate/planners/ElementMapping.h"
#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

Status ExtractPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const RepresentationChange &change : context.representationChanges())
        if (change.kind == RepresentationChange::Extract)
            planOne(context, builder, *change.r1, *change.r2);
    return {};
}

void ExtractPlanner::planOne(const PlanContext &context, PlanBuilder &builder, const Relationship &r1, const Relationship &r2) {
    const Side *child2 = context.sideOfEntity(context.sides2(), r2.childId);
    const Side *parent1 = nullptr;
    const NodePlace *embed1 = nullptr;
    for (const auto &[key, side] : context.sides1())
        if (const NodePlace *n = side.map->find("r:" + r1.id + ":embed"))
            parent1 = &side, embed1 = n;
    const NodePlace *back2 = child2 ? child2->map->find("r:" + r2.id + ":ref:" + r2.parentId) : nullptr;
    if (!child2 || !parent1 || !embed1 || !back2 || embed1->names.size() != 1 || back2->names.size() != 1 ||
        context.sides1().count({static_cast<int>(CollectionKind::Entity), r2.childId, std::string()})) {
        builder.warn("relationship " + r2.id + ": " + std::string(toString(r1.representation)) + " to " +
                                  std::string(toString(r2.representation)) +
                                  " moves an array below the top of its parent; write this step by hand.");
        return;
    }
    builder.move(embed1->key);
    const std::string field = embed1->names.front();
    const std::string parentName = parent1->shape->name;
    const std::string childName = child2->shape->name;
    const std::string backKey = back2->names.front();
    const bool array = embed1->node->isArray();
    // A key of the v2 child that the element lacks and the parent holds (the
    // child's duplicatedFrom names the parent's field, or the parent has a
    // top-level field of the same name and type: a tenantId) comes from the
    // parent, which the same pipeline reads.
    std::map<std::string, Json> fromParent;
    std::vector<std::string> parentCopies;
    for (const NodePlace &t : child2->map->places()) {
        const Field *tf = t.node->origin == NodeOrigin::Field ? t.node->field : nullptr;
        const NodePlace *inElement = parent1->map->find(t.key);
        if (!tf || t.names.size() != 1 || (inElement && inElement->parentKey == embed1->key))
            continue;
        for (const NodePlace &p : parent1->map->places()) {
            const Field *pf = p.node->origin == NodeOrigin::Field ? p.node->field : nullptr;
            if (!pf || p.names.size() != 1 || p.node->isArray() || p.node->hasObject())
                continue;
            const bool stated = tf->details->duplicatedFrom == pf->id;
            const bool alike = p.names == t.names && p.node->type == t.node->type;
            if (!stated && !alike)
                continue;
            fromParent[t.key] = "$" + p.names.front();
            parentCopies.push_back(quoted(t.path()) + " = the parent's " + quoted(p.path()) +
                                   (stated ? " (its duplicatedFrom)" : " (the same name and type)"));
            break;
        }
    }
    std::vector<std::string> missing;
    Json element = elementFrom(builder, *parent1->map, embed1, *child2->map, nullptr, "$" + field + ".", missing, fromParent);
    element.erase("_id");
    element[backKey] = "$_id";
    std::erase(missing, back2->path());
    // The rollback: each child back as the v1 element, from its own keys.
    std::vector<std::string> missingBack;
    Json back = elementFrom(builder, *child2->map, nullptr, *parent1->map, embed1, "$$c.", missingBack);
    MigrationStep s;
    s.kind = StepKind::Extract;
    s.collection = parentName;
    s.title = "Move " + quoted(parentName + "." + field) + " into collection " + quoted(childName);
    s.details.push_back(std::string(array ? "each element of a parent's " : "a parent's ") + quoted(field) +
                        " becomes a v2 " + quoted(childName) + " document with " + quoted(backKey) +
                        " = the parent's _id and a new _id, inserted with $merge");
    for (const auto &c : parentCopies)
        s.details.push_back(c);
    s.details.push_back(liveWrites(
        LiveWrites::CopyVerifyRemove,
        "one parent at a time, the elements copied as they were read, then removed from the parent ($unset) only "
        "where it still holds exactly what was copied; a parent the application changed in between keeps its "
        "elements and loses the copies, and the next pass moves it; the children's _id values are chosen by the "
        "script and kept in the progress marker first, so a stopped run deletes, on resume, only copies it made of "
        "elements the parent still holds"));
    s.details.push_back("meanwhile the application may write elements into " + quoted(parentName + "." + field) +
                        " of a parent not moved yet (the v1 shape: this pass or a second run moves them), and new " +
                        quoted(childName) + " documents (the v2 shape); a parent already moved passes the v2 "
                        "validator, which refuses a v1-shape write to it (the application sees the error and writes "
                        "the v2 shape); it must not change one parent's elements in both places");
    bool lossless = missingBack.empty();
    for (const NodePlace &p : parent1->map->places())
        if (p.parentKey == embed1->key && p.names.size() == 2 && p.names.back() != "_id" &&
            !child2->map->find(p.key)) {
            s.details.push_back("**data loss**: " + quoted(parentName + "." + p.path()) + " has no place in the v2 " +
                                quoted(childName) + " document and is not copied (it goes with the $unset)");
            lossless = false;
        }
    for (const auto &m : missing)
        builder.refuse(childName + "." + m, "required in v2, and has no source in " + quoted(parentName + "." + field) +
                                        " or its parent and no default: state a duplicatedFrom that names a field "
                                        "of " + quoted(parentName) + " (copied from the parent), a defaultValue, or "
                                        "make it optional");
    const double parents = parent1->stat->documents;
    const double children = child2->stat->documents;
    s.cost.documents = parents + children;
    s.cost.bytes = children * child2->stat->avgDocumentBytes;
    for (const Pair &p : context.pairs())
        if (p.v1 == parent1)
            s.cost.bytes += parents * p.v2->stat->avgDocumentBytes;
    for (const auto &ix : child2->stat->indexes)
        s.cost.indexEntries += ix.entries;
    s.cost.seconds = writeSeconds(parents + children, context.options());
    Json guard = {{field, {{"$exists", true}}}};
    s.script = "extractInBatches(STEP, " + jsString(parentName) + ",\n      " + js(guard, 6) + ",\n      " +
               js(element, 6) + ",\n      " + jsString(childName) + ", " + jsString(backKey) + ", " + jsString(field) +
               ", " + (array ? "true" : "false") + ");";
    const Json empty = embed1->optional ? Json(nullptr) : array ? Json::array() : Json(nullptr);
    s.rollbackScript = "embedBackInBatches(STEP + \":rollback\", " + jsString(parentName) + ",\n      " +
                       js(back, 6) + ",\n      " + jsString(childName) + ", " + jsString(backKey) + ", " +
                       jsString(field) + ", " + (array ? "true" : "false") + ", " + js(empty) + ");";
    s.reversible = lossless;
    s.rollback = "each parent's " + quoted(childName) + " documents put back into " + quoted(field) +
                 " (in _id order, so in their old order), one parent at a time, then those documents deleted: "
                 "the collection is dropped only once it is empty; their new _id values go" +
                 (parentCopies.empty() ? std::string() : ", and the keys copied from the parent, which it still holds") +
                 (array && r1.maxChildren ? "; children beyond v1's maximum of " + std::to_string(*r1.maxChildren) +
                                                " (added since) go back too, and their parent fails v1's validator "
                                                "where it enforces that bound"
                                          : std::string());
    if (!lossless)
        s.rollback = "only in part: the keys v2 has no place for are gone; " + s.rollback;
    builder.touch(parentName);
    builder.add(std::move(s), Phase::Representations);
}

} // namespace docshape::migration
