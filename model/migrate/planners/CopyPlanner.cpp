#include "migrate/planners/CopyPlanner.h"

#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

namespace {

// The copy at `ref` ({_id, ...}) with the keys of `fresh` (name -> "$$source.x")
// it lacks, taken from its source document. A copy that is not a
// subdocument, or whose source is gone, stays as it is; a key it has keeps
// its value.
Json copyFilled(const std::string &ref, const Json &fresh) {
    Json add = Json::object();
    for (const auto &[name, from] : fresh.items())
        add[name] = pipeline::renamedValue(ref + "." + name, from);
    Json merged = withSource(ref + "._id", {{"$cond", Json::array({isObject("$$source"),
                                                                    {{"$mergeObjects", Json::array({ref, std::move(add)})}},
                                                                    ref})}});
    return {{"$cond", Json::array({isObject(ref), std::move(merged), ref})}};
}

} // namespace

Status CopyPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const RepresentationChange &change : context.representationChanges()) {
        if (change.kind != RepresentationChange::MoreCopies)
            continue;
        const std::string key = "r:" + change.r2->id + ":extref";
        for (const Pair &p : context.pairs())
            if (p.v1 && p.v1->map->find(key) && p.v2->map->find(key))
                planIn(context, builder, p, *change.r2);
    }
    return {};
}

void CopyPlanner::planIn(const PlanContext &context, PlanBuilder &builder, const Pair &pair,
                         const Relationship &r2) {
    const std::string key = "r:" + r2.id + ":extref";
    const Side &holder1 = *pair.v1;
    const Side &holder2 = *pair.v2;
    const NodePlace *copy1 = holder1.map->find(key);
    const NodePlace *copy2 = holder2.map->find(key);
    const Side *source1 = context.sideOfEntity(context.sides1(), r2.childId);
    const Side *source2 = context.sideOfEntity(context.sides2(), r2.childId);
    std::vector<const NodePlace *> fresh;
    for (const NodePlace &p : holder2.map->places())
        if (p.parentKey == key && p.names.size() == copy2->names.size() + 1 && !holder1.map->find(p.key))
            fresh.push_back(&p);
    if (fresh.empty())
        return;
    // What the script does not fill is left missing, never given a default:
    // the end-of-window check counts the copies that still lack it.
    for (const NodePlace *f : fresh)
        builder.move(f->key);
    const std::string holder = holder2.shape->name;
    const std::string where = holder + "." + copy2->path();
    if (!source1 || !source2 || source1->shape->name != source2->shape->name || copy1->names != copy2->names ||
        copy1->arrays != copy2->arrays || copy1->node->isArray() != copy2->node->isArray()) {
        builder.warn("relationship " + r2.id + ": the extended reference " + quoted(where) +
                                  " copies more, but it moved, changed between one copy and an array of copies, or "
                                  "its source collection is renamed; fill the new copies by hand.");
        return;
    }
    const std::string source = source2->shape->name;
    Json fromSource = Json::object();
    std::string list;
    for (const NodePlace *t : fresh) {
        // "<container>/f:<field id>": the source's own field.
        const NodePlace *from = source2->map->find(t->key.substr(key.size() + 1));
        if (!from || from->names.size() != 1) {
            builder.warn(holder + "." + t->path() + " has no top-level source field in " + quoted(source) +
                                      "; fill it by hand.");
            return;
        }
        fromSource[t->names.back()] = "$$source." + from->names.front();
        list += (list.empty() ? "" : ", ") + quoted(t->names.back());
    }
    const Place place = pipeline::placeOf(*copy2);
    const bool array = copy2->node->isArray();
    const Json value = pipeline::setStage(place, [&](const std::string &container) -> Json {
        const std::string ref = container + place.names.back();
        if (!array)
            return copyFilled(ref, fromSource);
        Json each = {{"$map", {{"input", ref}, {"as", "c"}, {"in", copyFilled("$$c", fromSource)}}}};
        return {{"$cond", Json::array({{{"$isArray", ref}}, std::move(each), ref})}};
    })["$set"][place.names.front()];
    Json stages = Json::array(
        {{{"$lookup", {{"from", source}, {"localField", copy2->path() + "._id"}, {"foreignField", "_id"}, {"as", "__source"}}}},
         {{"$project", {{"_id", 1}, {place.names.front(), value}}}},
         mergeInto(holder)});
    Json lacking = Json::array();
    Json having = Json::array();
    std::vector<std::string> unsets;
    for (const NodePlace *t : fresh) {
        const Place at = pipeline::placeOf(*t);
        lacking.push_back(pipeline::matchSiblings(at, {{"_id", {{"$exists", true}}}, {t->names.back(), {{"$exists", false}}}}));
        having.push_back(pipeline::matchAt(at, {{"$exists", true}}));
        unsets.push_back(t->path());
    }
    Json guard = lacking.size() == 1 ? lacking.front() : Json{{"$or", lacking}};
    MigrationStep s;
    s.kind = StepKind::FillCopies;
    s.collection = holder;
    s.title = "Fill " + list + " in the copies " + quoted(where) + " from " + quoted(source);
    s.details.push_back(std::string(array ? "each copy in the array " : "each copy ") + quoted(copy2->path()) +
                        (copy2->crossesArray() ? " (in every element on its path)" : "") + " gets " + list +
                        " from the " + quoted(source) + " document its `_id` names ($lookup by " +
                        quoted(copy2->path() + "._id") + ", $merge); what it copied before keeps its value");
    if (r2.copySemantics == Duplication::Snapshot)
        s.details.push_back("the copy is a snapshot: the filled values are the source's values now, not those of "
                            "the time the copy was written");
    s.details.push_back("a copy whose source document is gone is left as it is, and fails the v2 validator until "
                        "it is mended by hand (the end-of-window check counts it)");
    s.details.push_back(liveWrites(LiveWrites::CopiesOnly, "only missing keys are filled, so a copy the application "
                                                           "writes meanwhile keeps its values"));
    if (!r2.copyOwner.empty())
        s.details.push_back("from the release that reads it, " + r2.copyOwner);
    const double docs = holder1.stat->documents;
    s.cost.documents = docs;
    s.cost.bytes = docs * holder2.stat->avgDocumentBytes;
    s.cost.documentsRead = source1->stat->documents;
    s.cost.indexEntries = context.indexEntriesOn(holder2, unsets);
    s.cost.seconds = writeSeconds(docs, context.options());
    s.script = "aggregateInBatches(STEP, " + jsString(holder) + ",\n      " + js(guard, 6) + ",\n      " +
               js(stages, 6) + ");";
    s.rollback = "remove the filled keys from the copies";
    s.rollbackScript = "rewrite(STEP + \":rollback\", " + jsString(holder) + ", " +
                       js(having.size() == 1 ? having.front() : Json{{"$or", having}}, 6) + ", " +
                       js(Json::array({{{"$unset", unsetList(unsets)}}}), 6) + ");";
    builder.touch(holder);
    builder.add(std::move(s), Phase::Representations);
}

} // namespace docshape::migration
