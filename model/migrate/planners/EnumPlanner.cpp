#include "migrate/planners/EnumPlanner.h"

#include "migrate/planners/KeyChange.h"
#include "migrate/planners/ScriptParts.h"

#include <algorithm>

namespace docshape::migration {

Status EnumPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &pair : context.pairs()) {
        if (!pair.v1)
            continue;
        const std::string collection = pair.v2->shape->name;
        DocumentRewrite &rewrite = builder.rewriteOf(collection);
        for (const KeyChange &k : keyChanges(context, builder, pair)) {
            if (!k.n1 || !k.notRewritten.empty())
                continue;
            const NodePlace &n2 = *k.n2;
            const Field *e1 = k.n1->node->origin == NodeOrigin::Field ? k.n1->node->field : nullptr;
            const Field *f2 = n2.node->origin == NodeOrigin::Field ? n2.node->field : nullptr;
            if (!e1 || !f2 || e1->details->enumValues.empty() || f2->details->enumValues.empty() ||
                e1->details->enumValues == f2->details->enumValues)
                continue;
            // A value in the same place of both lists, that only one of
            // them has, is renamed; any other value only v1 has is removed.
            const auto &was = e1->details->enumValues;
            const auto &now = f2->details->enumValues;
            const auto has = [](const std::vector<std::string> &list, const std::string &v) {
                return std::find(list.begin(), list.end(), v) != list.end();
            };
            FieldOp op;
            op.kind = FieldOp::MapValues;
            op.to = k.to;
            op.guard = pipeline::placeOf(*k.n1);
            std::vector<std::string> removed;
            for (std::size_t i = 0; i < was.size(); ++i) {
                if (has(now, was[i]))
                    continue;
                if (was.size() == now.size() && !has(was, now[i]))
                    op.values.emplace_back(was[i], now[i]);
                else
                    removed.push_back(was[i]);
            }
            if (!op.values.empty()) {
                std::string list;
                for (const auto &[from, to] : op.values)
                    list += (list.empty() ? "" : ", ") + jsString(from) + " → " + jsString(to);
                op.describe = "replace the values of " + quoted(n2.path()) + " that v2 renames: " + list;
                // Inferred from the lists' positions: the designer confirms it.
                for (const auto &[from, to] : op.values)
                    builder.warn(collection + "." + n2.path() + ": " + jsString(from) + " is taken as renamed to " +
                                 jsString(to) + " (the same place in v1's and v2's enumValues), and the documents "
                                 "holding it get " + jsString(to) + "; if " + jsString(from) +
                                 " was removed instead, put " + jsString(to) + " at another place in v2's list, and "
                                 "the plan asks what those documents get.");
                rewrite.maps.push_back(std::move(op));
                rewrite.changedPaths.push_back(n2.path());
            }
            if (!removed.empty())
                planRemoved(builder, collection, n2, removed, now);
        }
    }
    return {};
}

void EnumPlanner::planRemoved(PlanBuilder &builder, const std::string &collection, const NodePlace &place,
                              const std::vector<std::string> &removed, const std::vector<std::string> &allowed) {
    const std::string where = collection + "." + place.path();
    Json removedList = Json::array(), allowedList = Json::array();
    std::string list;
    for (const auto &v : removed) {
        removedList.push_back(v);
        list += (list.empty() ? "" : ", ") + jsString(v);
    }
    for (const auto &v : allowed)
        allowedList.push_back(v);
    if (place.crossesArray() || place.names.size() != 1) {
        // The replacement is chosen when the script runs, and the script
        // writes it only at the top of a document.
        builder.refuse(where, "v2 no longer allows " + list + " in this field, which is inside " +
                                  (place.crossesArray() ? "an array" : "an embedded document") +
                                  ", where the script does not count or replace values; choose one: keep " + list +
                                  " in v2's enumValues; or rename each to a value v2 adds, at its place in the list "
                                  "(the script maps renamed values at any depth); or replace them by hand before "
                                  "this migration and then remove them from v2");
        return;
    }
    const std::string path = place.names.front();
    MigrationStep check;
    check.kind = StepKind::Check;
    check.collection = collection;
    check.title = "Count the documents whose " + quoted(place.path()) + " v2 no longer allows (" + list + ")";
    check.details.push_back("before anything is written: the run stops with the counts unless "
                            "`migrationOptions.replaceValues` says, for " + quoted(where) +
                            ", which value v2 allows each of " + list + " becomes; or keep the value in v2's enumValues");
    check.details.push_back("e.g. `{replaceValues: {" + jsString(where) + ": {" + jsString(removed.front()) + ": " +
                            jsString(allowed.front()) + "}}}`");
    check.script = "checkRemovedValues(" + jsString(collection) + ", " + jsString(path) + ", " + js(removedList) + ", " +
                   js(allowedList) + ");";
    check.rollback = "nothing to undo: it writes nothing";
    builder.add(std::move(check), Phase::Checks);

    MigrationStep s;
    s.kind = StepKind::Rewrite;
    s.collection = collection;
    s.title = "Replace the values of " + quoted(place.path()) + " that v2 no longer allows";
    s.details.push_back("each of " + list + " becomes the value `migrationOptions.replaceValues` gives for it");
    s.details.push_back(liveWrites(LiveWrites::PerDocument, rewriteMeanwhile()));
    s.script = "replaceValues(STEP, " + jsString(collection) + ", " + jsString(path) + ", " + js(removedList) + ");";
    s.reversible = false;
    s.rollback = "cannot be undone: the documents that held " + list + " in " + quoted(where) +
                 " hold the value chosen for it, and which ones did is not recorded";
    builder.touch(collection);
    builder.add(std::move(s), Phase::AfterRepresentations);
}

} // namespace docshape::migration
