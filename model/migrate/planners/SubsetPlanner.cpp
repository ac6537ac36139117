#include "migrate/planners/SubsetPlanner.h"

#include "migrate/planners/ElementMapping.h"
#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

Status SubsetPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const RepresentationChange &change : context.representationChanges())
        if (change.kind == RepresentationChange::Subset)
            planOne(context, builder, change.r1, *change.r2);
    return {};
}

void SubsetPlanner::planOne(const PlanContext &context, PlanBuilder &builder, const Relationship *r1, const Relationship &r2) {
    const Side *child2 = context.sideOfEntity(context.sides2(), r2.childId);
    const Side *parent2 = context.sideOfEntity(context.sides2(), r2.parentId);
    const NodePlace *subset2 = parent2 ? parent2->map->find("r:" + r2.id + ":subset") : nullptr;
    const NodePlace *back2 = child2 ? child2->map->find("r:" + r2.id + ":ref:" + r2.parentId) : nullptr;
    const Side *parent1 = parent2 ? context.sideOfEntity(context.sides1(), r2.parentId) : nullptr;
    if (!child2 || !parent2 || !subset2 || !back2 || !parent1 || subset2->names.size() != 1 || back2->names.size() != 1) {
        builder.warn("relationship " + r2.id + ": the subset is below the top of its parent or its "
                                                            "parent is new; write this step by hand.");
        return;
    }
    builder.move(subset2->key);
    const std::string field = subset2->names.front();
    std::vector<std::string> missing;
    Json element = elementFrom(builder, *child2->map, nullptr, *parent2->map, subset2, "$$c.", missing);
    element["_id"] = "$$c._id";
    Json lookupPipeline = Json::array({{{"$match", {{"$expr", {{"$eq", Json::array({"$" + back2->names.front(), "$$parentId"})}}}}}},
                                       {{"$sort", {{"_id", -1}}}},
                                       {{"$limit", r2.subsetCount}}});
    Json stages = Json::array({{{"$lookup", {{"from", child2->shape->name}, {"let", {{"parentId", "$_id"}}}, {"pipeline", lookupPipeline}, {"as", "__subset"}}}},
                               {{"$project", {{"_id", 1}, {field, {{"$map", {{"input", "$__subset"}, {"as", "c"}, {"in", element}}}}}}}},
                               {{"$merge", {{"into", parent2->shape->name}, {"on", "_id"}, {"whenMatched", "merge"}, {"whenNotMatched", "discard"}}}}});
    const bool fresh = !r1 || r1->representation != Representation::Subset;
    MigrationStep s;
    s.kind = StepKind::Subset;
    s.collection = parent2->shape->name;
    s.title = std::string(fresh ? "Fill" : "Refresh") + " the subset " + quoted(parent2->shape->name + "." + field);
    s.details.push_back("the " + std::to_string(r2.subsetCount) + " newest " + quoted(child2->shape->name) +
                        " documents of each parent (by _id, which grows with insertion time), copied with $lookup and "
                        "written with $merge");
    s.details.push_back(fresh ? "touches only parents without " + quoted(field)
                              : "recomputes every parent's subset (from " + std::to_string(r1->subsetCount) + " to " +
                                    std::to_string(r2.subsetCount) + "); running it again writes the same values");
    s.details.push_back("from the release that reads it, the application keeps the subset up to date on each insert");
    s.details.push_back(liveWrites(LiveWrites::CopiesOnly, "the " + quoted(child2->shape->name) + " documents stay "
                                   "where they are, and the application may write them meanwhile"));
    for (const auto &m : missing)
        builder.refuse(parent2->shape->name + "." + m, "required in the subset's copies, and has no source in " +
                                                   quoted(child2->shape->name) + " and no default: copy a field it "
                                                   "has, state its defaultValue, or make it optional");
    const double docs = parent1->stat->documents;
    s.cost.documents = docs;
    s.cost.bytes = docs * parent2->stat->avgDocumentBytes;
    s.cost.documentsRead = child2->stat->documents;
    s.cost.seconds = writeSeconds(docs, context.options());
    Json guard = fresh ? Json{{field, {{"$exists", false}}}} : Json::object();
    s.script = "aggregateInBatches(STEP, " + jsString(parent2->shape->name) + ",\n      " + js(guard, 6) + ",\n      " +
               js(stages, 6) + ");";
    if (fresh) {
        s.rollback = "remove the subset from the parents";
        s.rollbackScript = "rewrite(STEP + \":rollback\", " + jsString(parent2->shape->name) + ", " +
                           js(Json{{field, {{"$exists", true}}}}, 6) + ", " + js(Json::array({{{"$unset", field}}}), 6) + ");";
    } else {
        s.reversible = false;
        s.rollback = "`docshape-cli migrate NEW OLD` refreshes the subset at its old size";
    }
    builder.touch(parent2->shape->name);
    builder.add(std::move(s), Phase::Representations);
}

} // namespace docshape::migration
