#include "migrate/planners/ComputedPlanner.h"

#include "migrate/ComputedValue.h"
#include "migrate/planners/KeyChange.h"
#include "migrate/planners/ScriptParts.h"

#include <algorithm>

namespace docshape::migration {

Status ComputedPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &p : context.pairs())
        if (p.v1)
            planPair(context, builder, p);
    return {};
}

void ComputedPlanner::planPair(const PlanContext &context, PlanBuilder &builder, const Pair &pair) {
    const ShapeMap &v2 = *pair.v2->map;
    const CollectionShape &c = *pair.v2->shape;
    DocumentRewrite &rewrite = builder.rewriteOf(c.name);
    std::vector<FieldOp> computes;

    // A computed field that is new or computed another way in v2 gets its
    // value from its computedFrom, when that can be computed inside the
    // document; otherwise the plan says who must fill it.
    const auto compute = [&](const NodePlace &n2, const Field &f2, bool isNew) {
        const std::string where = c.name + "." + n2.path();
        const std::string &text = f2.details->computedFrom;
        const std::string leftTo = isNew ? std::string(n2.optional ? "the application must fill it"
                                                                   : "the application must fill it; documents "
                                                                     "without it fail the v2 validator")
                                         : "its values stay as v1 computed them";
        if (n2.crossesArray()) {
            builder.warn(where + " is computed in each array element (\"" + text +
                         "\"); not computed by the script: " + leftTo + ".");
            return;
        }
        auto value = computedValue(text, v2, n2.node->type);
        if (!value) {
            builder.warn(where + " is computed from \"" + text + "\"; not computed by the script (" +
                         value.error().message + "): " + leftTo + ".");
            return;
        }
        FieldOp op;
        op.kind = FieldOp::Compute;
        op.to = pipeline::placeOf(n2);
        op.value = std::move(value->expression);
        op.inputs = std::move(value->inputs);
        op.newField = isNew;
        op.describe = "compute " + quoted(n2.path()) + " as " + text + " (its computedFrom) where the stored value differs";
        computes.push_back(std::move(op));
        rewrite.changedPaths.push_back(n2.path());
    };

    for (const KeyChange &k : keyChanges(context, builder, pair)) {
        const Field *f2 = k.n2->node->origin == NodeOrigin::Field ? k.n2->node->field : nullptr;
        if (!f2 || f2->details->computedFrom.empty())
            continue;
        const Field *f1 = k.n1 && k.n1->node->origin == NodeOrigin::Field ? k.n1->node->field : nullptr;
        if (!k.n1)
            compute(*k.n2, *f2, true);
        else if (!f1 || f1->details->computedFrom != f2->details->computedFrom)
            compute(*k.n2, *f2, false);
    }

    // A computed field that reads what a representation step writes (a
    // subset, an embedded array) is computed after that step, in a step of
    // its own; the others here.
    std::vector<std::string> representationPaths;
    for (const NodePlace &n2 : v2.places())
        if (builder.moves(v2, n2))
            representationPaths.push_back(n2.path());
    const auto readsRepresentation = [&](const FieldOp &op) {
        return std::any_of(op.inputs.begin(), op.inputs.end(), [&](const std::string &in) {
            return std::any_of(representationPaths.begin(), representationPaths.end(), [&](const std::string &r) {
                return in == r || in.rfind(r + ".", 0) == 0;
            });
        });
    };

    // A computed field that reads another comes after it.
    std::vector<FieldOp> ordered;
    while (!computes.empty()) {
        const auto reads = [](const FieldOp &op, const FieldOp &other) {
            return std::find(op.inputs.begin(), op.inputs.end(), other.to.path()) != op.inputs.end();
        };
        const auto ready = std::find_if(computes.begin(), computes.end(), [&](const FieldOp &op) {
            return std::none_of(computes.begin(), computes.end(),
                                [&](const FieldOp &other) { return &other != &op && reads(op, other); });
        });
        if (ready == computes.end()) {
            for (const FieldOp &op : computes)
                builder.warn(c.name + "." + op.to.path() +
                                          " is computed from fields that are computed from it; not computed by the script.");
            break;
        }
        ordered.push_back(std::move(*ready));
        computes.erase(ready);
    }
    // Those that read a representation's output, and those that read them,
    // move to the later step, keeping their order.
    std::vector<FieldOp> late;
    for (auto it = ordered.begin(); it != ordered.end();) {
        const bool readsLate = std::any_of(late.begin(), late.end(), [&](const FieldOp &l) {
            return std::find(it->inputs.begin(), it->inputs.end(), l.to.path()) != it->inputs.end();
        });
        if (readsRepresentation(*it) || readsLate) {
            // The document rewrite does not write it: an index on it is
            // not kept up there, nor built after it.
            if (auto at = std::find(rewrite.changedPaths.begin(), rewrite.changedPaths.end(), it->to.path());
                at != rewrite.changedPaths.end())
                rewrite.changedPaths.erase(at);
            late.push_back(std::move(*it));
            it = ordered.erase(it);
        } else {
            ++it;
        }
    }
    for (FieldOp &op : ordered)
        rewrite.computes.push_back(std::move(op));
    if (!late.empty())
        planLate(context, builder, pair, std::move(late));
}

// Computed fields that read what a representation step writes: computed in a
// step after the representation steps, where the stored value differs from
// the expression (so a second run finds nothing to do).
void ComputedPlanner::planLate(const PlanContext &context, PlanBuilder &builder, const Pair &pair,
                               std::vector<FieldOp> computes) {
    const CollectionShape &c = *pair.v2->shape;
    Json stages = Json::array();
    Json conditions = Json::array();
    Json having = Json::array();
    std::vector<std::string> unsetBack, paths, irreversible;
    MigrationStep s;
    s.kind = StepKind::Rewrite;
    s.collection = c.name;
    s.title = "Compute the fields of " + quoted(c.name) + " that read what the steps before wrote";
    for (const FieldOp &op : computes) {
        stages.push_back(pipeline::setStage(op.to, [&](const std::string &) { return op.value; }));
        conditions.push_back({{"$expr", {{"$ne", Json::array({"$" + op.to.path(), op.value})}}}});
        paths.push_back(op.to.path());
        s.details.push_back(op.describe);
        if (op.newField) {
            unsetBack.push_back(op.to.path());
            having.push_back(pipeline::matchAt(op.to, {{"$exists", true}}));
        } else {
            irreversible.push_back(quoted(op.to.path()) + " was recomputed from its new computedFrom; the values v1 "
                                                          "computed are gone");
        }
    }
    s.details.push_back(liveWrites(LiveWrites::PerDocument, rewriteMeanwhile()));
    s.details.push_back("after the steps that write what these read; touches only documents whose stored value differs "
                        "from what the expression gives, in batches of " + std::to_string(context.options().batchSize) +
                        " by _id range, so a second run finds nothing to do");
    const double docs = pair.v1->stat->documents;
    s.cost.documents = docs;
    s.cost.bytes = docs * pair.v2->stat->avgDocumentBytes;
    s.cost.indexEntries = context.indexEntriesOn(*pair.v2, paths);
    s.cost.seconds = writeSeconds(docs, context.options());
    const Json guard = conditions.size() == 1 ? conditions.front() : Json{{"$or", conditions}};
    s.script = "rewrite(STEP, " + jsString(c.name) + ",\n      " + js(guard, 6) + ",\n      " + js(stages, 6) + ");";
    if (!unsetBack.empty())
        s.rollbackScript = "rewrite(STEP + \":rollback\", " + jsString(c.name) + ",\n      " +
                           js(having.size() == 1 ? having.front() : Json{{"$or", having}}, 6) + ",\n      " +
                           js(Json::array({{{"$unset", unsetList(unsetBack)}}}), 6) + ");";
    if (irreversible.empty()) {
        s.rollback = "the computed fields removed";
    } else {
        s.reversible = false;
        s.rollback = "only in part: ";
        for (std::size_t i = 0; i < irreversible.size(); ++i)
            s.rollback += (i ? "; " : "") + irreversible[i];
    }
    builder.touch(c.name);
    builder.add(std::move(s), Phase::AfterRepresentations);
}

} // namespace docshape::migration
