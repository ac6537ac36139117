#include "migrate/planners/DuplicatePlanner.h"

#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

Status DuplicatePlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &p : context.pairs()) {
        if (!p.v1)
            continue;
        const ShapeMap &v1 = *p.v1->map;
        const ShapeMap &v2 = *p.v2->map;
        const std::string holder = p.v2->shape->name;
        struct Group {
            const NodePlace *ref = nullptr;
            const Side *source = nullptr;
            std::vector<std::pair<const NodePlace *, const NodePlace *>> fields; // the copy, its source field
        };
        std::vector<Group> groups;
        for (const NodePlace &n2 : v2.places()) {
            const Field *f = n2.node->origin == NodeOrigin::Field ? n2.node->field : nullptr;
            if (!f || f->details->duplicatedFrom.empty() || v1.find(n2.key) || n2.key.find('/') != std::string::npos ||
                builder.moves(v2, n2))
                continue;
            const std::string &sourceId = f->details->duplicatedFrom;
            const Side *source = nullptr;
            const NodePlace *from = nullptr;
            for (const auto &[k, side] : context.sides2()) {
                const NodePlace *s = side.shape->kind == CollectionKind::Entity ? side.map->find("f:" + sourceId) : nullptr;
                if (s && s->names.size() == 1)
                    source = &side, from = s;
            }
            const NodePlace *ref = nullptr;
            for (const NodePlace &r : v2.places())
                if (source && r.parentKey == n2.parentKey && r.node->origin == NodeOrigin::Reference &&
                    r.node->entityId == source->shape->rootEntityId && !r.node->isArray() && v1.find(r.key))
                    ref = &r;
            const std::string where = holder + "." + n2.path();
            if (!ref) {
                const Field *sf = context.after().findField(sourceId);
                builder.warn(where + " duplicates " + quoted(sf ? sf->name : sourceId) +
                                          (source ? " of " + quoted(source->shape->name) : std::string()) +
                                          (source ? " and has no reference to that document beside it that v1 has"
                                                  : ", which is not a top-level field of a collection") +
                                          ": it is not filled from its source.");
                continue;
            }
            builder.move(n2.key);
            auto g = std::find_if(groups.begin(), groups.end(), [&](const Group &x) { return x.ref == ref; });
            if (g == groups.end())
                g = groups.insert(groups.end(), Group{ref, source, {}});
            g->fields.emplace_back(&n2, from);
        }
        for (const Group &g : groups) {
            const std::string source = g.source->shape->name;
            const std::string refName = g.ref->names.back();
            Json stages = Json::array(
                {{{"$lookup", {{"from", source}, {"localField", g.ref->path()}, {"foreignField", "_id"}, {"as", "__source"}}}}});
            Json projection = {{"_id", 1}};
            Json lacking = Json::array();
            Json having = Json::array();
            std::vector<std::string> paths;
            std::string list;
            bool snapshot = false;
            std::set<std::string> owners;
            for (const auto &[copy, from] : g.fields) {
                const Place place = pipeline::placeOf(*copy);
                const std::string name = place.names.back();
                const std::string fromName = from->names.front();
                stages.push_back(pipeline::setStage(place, [&](const std::string &container) {
                    return pipeline::renamedValue(container + name, withSource(container + refName, "$$source." + fromName));
                }));
                projection[place.names.front()] = 1;
                lacking.push_back(pipeline::matchSiblings(place, {{refName, {{"$exists", true}}}, {name, {{"$exists", false}}}}));
                having.push_back(pipeline::matchAt(place, {{"$exists", true}}));
                paths.push_back(copy->path());
                list += (list.empty() ? "" : ", ") + quoted(copy->path()) + " (" + quoted(source + "." + fromName) + ")";
                const FieldDetails &d = *copy->node->field->details;
                snapshot = snapshot || d.duplication == Duplication::Snapshot;
                if (!d.duplicationOwner.empty())
                    owners.insert(d.duplicationOwner);
            }
            stages.push_back({{"$project", projection}});
            stages.push_back(mergeInto(holder));
            MigrationStep s;
            s.kind = StepKind::FillCopies;
            s.collection = holder;
            s.title = "Fill the copies " + list + " from the " + quoted(source) + " document " +
                      quoted(holder + "." + g.ref->path()) + " names";
            s.details.push_back("each copy that is missing gets the value of its source field in the " + quoted(source) +
                                " document the reference " + quoted(g.ref->path()) +
                                " beside it names ($lookup by _id, $merge); a copy that is there keeps its value");
            if (snapshot)
                s.details.push_back("a snapshot: the filled values are the source's values now, not those of the time "
                                    "each document was written, which the database does not keep");
            s.details.push_back("a reference that names no " + quoted(source) + " document leaves its copies missing; "
                                "where they are required, the document fails the v2 validator until it is mended by "
                                "hand (the end-of-window check counts it)");
            s.details.push_back(liveWrites(LiveWrites::CopiesOnly, "only missing copies are filled, so a copy the "
                                                                   "application writes meanwhile keeps its value"));
            for (const auto &o : owners)
                s.details.push_back("from the release that writes them, " + o);
            const double docs = p.v1->stat->documents;
            s.cost.documents = docs;
            s.cost.bytes = docs * p.v2->stat->avgDocumentBytes;
            s.cost.documentsRead = g.source->stat->documents;
            s.cost.indexEntries = context.indexEntriesOn(*p.v2, paths);
            s.cost.seconds = writeSeconds(docs, context.options());
            const Json guard = lacking.size() == 1 ? lacking.front() : Json{{"$or", lacking}};
            s.script = "aggregateInBatches(STEP, " + jsString(holder) + ",\n      " + js(guard, 6) + ",\n      " +
                       js(stages, 6) + ");";
            s.rollback = "remove the filled copies (their values stay in " + quoted(source) + ")";
            s.rollbackScript = "rewrite(STEP + \":rollback\", " + jsString(holder) + ", " +
                               js(having.size() == 1 ? having.front() : Json{{"$or", having}}, 6) + ", " +
                               js(Json::array({{{"$unset", unsetList(paths)}}}), 6) + ");";
            builder.touch(holder);
            builder.add(std::move(s), Phase::Representations);
        }
    }
    return {};
}

} // namespace docshape::migration
