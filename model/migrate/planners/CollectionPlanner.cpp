#include "migrate/planners/CollectionPlanner.h"

#include "export/IndexExporter.h"
#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

Status CollectionPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    if (Status s = planCreates(context, builder); !s)
        return s;
    planDrops(context, builder);
    return {};
}

Status CollectionPlanner::planCreates(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &p : context.pairs()) {
        if (p.v1)
            continue;
        const CollectionShape &c = *p.v2->shape;
        MigrationStep s;
        s.kind = StepKind::CreateCollection;
        s.collection = c.name;
        s.title = "Create collection " + quoted(c.name);
        Json options = Json::object();
        const Entity *root = c.kind == CollectionKind::Junction ? nullptr : c.root;
        if (root && root->timeSeries) {
            const TimeSeriesOptions &ts = *root->timeSeries;
            Json t{{"timeField", ts.timeField}};
            if (!ts.metaField.empty())
                t["metaField"] = ts.metaField;
            t["granularity"] = std::string(toString(ts.granularity));
            options["timeseries"] = std::move(t);
            if (ts.expireAfterSeconds)
                options["expireAfterSeconds"] = *ts.expireAfterSeconds;
            s.details.push_back("time-series collection on " + quoted(ts.timeField) + " (no validator: the server accepts none there)");
        } else {
            auto validator = context.validatorOf(context.after(), *p.v2);
            if (!validator)
                return validator.error();
            options["validator"] = std::move(*validator);
            options["validationLevel"] = std::string(toString(root ? root->validationLevel : ValidationLevel::Strict));
            options["validationAction"] = std::string(toString(root ? root->validationAction : ValidationAction::Error));
            s.details.push_back("with the v2 $jsonSchema validator, validationLevel " +
                                options["validationLevel"].get<std::string>());
        }
        s.script = "createCollection(" + jsString(c.name) + ", " + js(options) + ");";
        s.rollback = "drop the collection once it is empty: the later steps' rollbacks move back what the migration "
                     "put there first; a collection that still holds documents is not dropped, and the run says so";
        s.rollbackScript = "dropCreatedCollection(" + jsString(c.name) + ");";
        builder.add(std::move(s), Phase::CreateCollections);
    }
    return {};
}

void CollectionPlanner::planDrops(const PlanContext &context, PlanBuilder &builder) {
    for (const auto &[key, side] : context.sides1()) {
        if (context.sides2().contains(key))
            continue;
        MigrationStep s;
        s.kind = StepKind::DropCollection;
        s.collection = side.shape->name;
        s.title = "Drop collection " + quoted(side.shape->name);
        s.details.push_back("v2 has no such collection; dropped last, after every read has moved");
        s.cost.documents = side.stat->documents;
        s.cost.bytes = side.stat->dataBytes;
        s.script = "dropCollection(" + jsString(side.shape->name) + ");";
        if (const EmbedSource *embedded = builder.embedded(side.shape->name)) {
            const EmbedSource &src = *embedded;
            s.script = "dropEmbeddedCollection(" + jsString(side.shape->name) + ", " + jsString(src.parent) + ", " +
                       jsString(src.backKey) + ", " + jsString(src.field) + ",\n      " + js(src.element, 6) + ", " +
                       (src.array ? "true" : "false") + ");";
            s.details.push_back("copy, verify, then remove: dropped only when every document is, as it is now, in "
                                "its parent's " + quoted(src.field) + "; otherwise the run counts those that are not "
                                "(written by the old release since they were embedded, or beyond the maximum) and "
                                "leaves the collection: run the embed step again with {reembed: true}, or, to drop "
                                "them anyway, this step with {dropUnembedded: true}");
        }
        s.reversible = false;
        s.rollback = "cannot be rolled back: the collection and its indexes are gone (take a backup, e.g. mongodump, "
                     "before this step)";
        // Made again, empty, with v1's validator and indexes, for the
        // rollbacks of the steps before (an embed puts its documents back).
        const Entity *root = side.shape->kind == CollectionKind::Junction ? nullptr : side.shape->root;
        auto validator = context.validatorOf(context.before(), side);
        if (validator && !(root && root->timeSeries)) {
            Json options = {{"validator", std::move(*validator)},
                            {"validationLevel", std::string(toString(root ? root->validationLevel : ValidationLevel::Strict))},
                            {"validationAction", std::string(toString(root ? root->validationAction : ValidationAction::Error))}};
            Json specs = Json::array();
            for (const IndexSpec *ix : indexesOf(context.before(), context.analysis1().derived, *side.shape))
                if (auto spec = indexSpecJson(*ix, side.shape->name))
                    specs.push_back(std::move(*spec));
            s.rollbackScript = "createCollection(" + jsString(side.shape->name) + ", " + js(options) + ");" +
                               (specs.empty() ? std::string()
                                              : "\n    createIndexes(" + jsString(side.shape->name) + ", " + js(specs) + ");");
            s.rollback = "the collection is made again, empty, with its v1 validator and indexes, for the rollbacks "
                         "of the steps before; what they do not put back is gone (take a backup, e.g. mongodump, "
                         "before this step)";
        }
        builder.add(std::move(s), Phase::DropCollections);
    }
}

} // namespace docshape::migration
