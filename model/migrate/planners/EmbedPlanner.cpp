#include "migrate/planners/EmbedPlanner.h"

#include "migrate/planners/ElementMapping.h"
#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

Status EmbedPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const RepresentationChange &change : context.representationChanges())
        if (change.kind == RepresentationChange::Embed)
            planOne(context, builder, *change.r1, *change.r2);
    return {};
}

void EmbedPlanner::planOne(const PlanContext &context, PlanBuilder &builder, const Relationship &r1, const Relationship &r2) {
    const Side *child1 = context.sideOfEntity(context.sides1(), r1.childId);
    const Side *parent2 = nullptr;
    const NodePlace *embed2 = nullptr;
    for (const Pair &p : context.pairs())
        if (const NodePlace *n = p.v2->map->find("r:" + r2.id + ":embed"))
            parent2 = p.v2, embed2 = n;
    const Side *parent1 = parent2 ? context.sideOfEntity(context.sides1(), parent2->shape->rootEntityId) : nullptr;
    const NodePlace *back1 = child1 ? child1->map->find("r:" + r1.id + ":ref:" + r1.parentId) : nullptr;
    if (!child1 || !parent2 || !embed2 || !parent1 || !back1 || embed2->names.size() != 1 || back1->names.size() != 1) {
        builder.warn("relationship " + r2.id + ": " + std::string(toString(r1.representation)) + " to " +
                                  std::string(toString(r2.representation)) +
                                  " is embedded below the top of its parent, or its parent is new; write this step by hand.");
        return;
    }
    builder.move(embed2->key);
    const std::string field = embed2->names.front();
    const std::string from = child1->shape->name;
    std::vector<std::string> missing;
    Json element = elementFrom(builder, *child1->map, nullptr, *parent2->map, embed2, "$$c.", missing);
    Json lookupPipeline = Json::array({{{"$match", {{"$expr", {{"$eq", Json::array({"$" + back1->names.front(), "$$parentId"})}}}}}},
                                       {{"$sort", {{"_id", 1}}}}});
    const bool array = r2.representation == Representation::EmbedArray;
    if (array && r2.maxChildren)
        lookupPipeline.push_back({{"$limit", *r2.maxChildren}});
    Json mapped = {{"$map", {{"input", "$__children"}, {"as", "c"}, {"in", element}}}};
    Json value = array ? mapped : Json{{"$arrayElemAt", Json::array({mapped, 0})}};
    Json stages = Json::array({{{"$lookup", {{"from", from}, {"let", {{"parentId", "$_id"}}}, {"pipeline", lookupPipeline}, {"as", "__children"}}}},
                               {{"$project", {{"_id", 1}, {field, value}}}},
                               {{"$merge", {{"into", parent2->shape->name}, {"on", "_id"}, {"whenMatched", "merge"}, {"whenNotMatched", "discard"}}}}});
    MigrationStep s;
    s.kind = StepKind::Embed;
    s.collection = parent2->shape->name;
    s.title = "Embed " + quoted(from) + " documents into " + quoted(parent2->shape->name + "." + field);
    s.details.push_back("$lookup of each parent's " + quoted(from) + " documents by " + quoted(back1->names.front()) +
                        ", in _id order" + (array && r2.maxChildren ? ", at most " + std::to_string(*r2.maxChildren) +
                                                                           " (the stated maximum)"
                                                                     : std::string()) +
                        ", written into the parent with $merge");
    if (array && r2.maxChildren)
        s.details.push_back("children beyond the maximum are not embedded; the dry run counts the parents that have more");
    s.details.push_back("touches only parents without " + quoted(field) + "; " + quoted(from) +
                        " is dropped in the last step, after every read has moved");
    s.details.push_back(liveWrites(LiveWrites::CopyVerifyRemove,
                                   "the " + quoted(from) + " documents stay until the drop step finds each, as it is "
                                   "then, in its parent's " + quoted(field) + "; meanwhile the application may write " +
                                   quoted(from) + " documents (the v1 shape): one written since its parent was "
                                   "filled is counted by that step and kept"));
    for (const auto &m : missing)
        builder.refuse(parent2->shape->name + "." + m, "required in v2, and has no source in the " + quoted(from) +
                                                   " documents embedded and no default: state its defaultValue, or "
                                                   "make it optional");
    const double docs = parent1->stat->documents;
    s.cost.documents = docs;
    s.cost.bytes = docs * parent2->stat->avgDocumentBytes;
    s.cost.documentsRead = child1->stat->documents;
    s.cost.indexEntries = context.indexEntriesOn(*parent2, {field});
    s.cost.seconds = writeSeconds(docs, context.options());
    Json guard = {{field, {{"$exists", false}}}};
    s.script = std::string(array && r2.maxChildren ? "countOverBound(" + jsString(from) + ", " + jsString(parent2->shape->name) + ", " +
                                                          jsString(back1->names.front()) + ", " +
                                                          std::to_string(*r2.maxChildren) + ");\n    "
                                                    : "") +
               "aggregateInBatches(STEP, " + jsString(parent2->shape->name) + ",\n      options.reembed ? {} : " +
               js(guard, 6) + ",\n      " +
               js(stages, 6) + ");";
    // The rollback: each parent's embedded elements back as documents of
    // `from` (which the drop step's rollback made again, empty), then
    // removed from the parent, one parent at a time, as an extract does.
    std::vector<std::string> missingBack;
    Json back = elementFrom(builder, *parent2->map, embed2, *child1->map, nullptr, "$" + field + ".", missingBack);
    back.erase("_id");
    back[back1->names.front()] = "$_id";
    std::erase(missingBack, back1->path());
    if (missingBack.empty()) {
        s.rollbackScript = "extractInBatches(STEP + \":rollback\", " + jsString(parent2->shape->name) + ",\n      " +
                           js(Json{{field, {{"$exists", true}}}}, 6) + ",\n      " + js(back, 6) + ",\n      " +
                           jsString(from) + ", " + jsString(back1->names.front()) + ", " + jsString(field) + ", " +
                           (array ? "true" : "false") + ");";
    }
    s.reversible = false;
    s.rollback = "only in part: each parent's embedded " + quoted(field) + " goes back into " + quoted(from) +
                 " as new documents, one parent at a time, and is removed from the parent; the " + quoted(from) +
                 " documents' own _id values are not embedded and do not come back" +
                 (array && r2.maxChildren ? ", nor the children beyond the maximum, which were never embedded"
                                          : std::string()) +
                 (missingBack.empty() ? std::string()
                                      : "; not generated: a required key of " + quoted(from) + " has no place in "
                                        "the embedded element, so the rollback is written by hand");
    builder.embed(from, EmbedSource{parent2->shape->name, back1->names.front(), field, element, array});
    builder.touch(parent2->shape->name);
    builder.add(std::move(s), Phase::Representations);
}

} // namespace docshape::migration
