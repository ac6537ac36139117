#include "migrate/planners/IndexPlanner.h"

#include "export/IndexExporter.h"
#include "migrate/planners/ScriptParts.h"

#include <algorithm>
#include <set>

namespace docshape::migration {

Status IndexPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    if (Status s = planBuilds(context, builder); !s)
        return s;
    planDrops(context, builder);
    return {};
}

Status IndexPlanner::planBuilds(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &p : context.pairs()) {
        const CollectionShape &c = *p.v2->shape;
        std::vector<const IndexSpec *> created;
        std::vector<std::string> builtNames; // per created index: the name it is built under
        // A changed definition under the same name: built under a free name
        // beside the old one, which is dropped once it is built
        // (uniqueness never goes unenforced). Only a definition the server
        // cannot hold beside the old one (the same keys, filter and
        // collation) is rebuilt in place.
        std::vector<std::pair<const IndexSpec *, std::string>> replaced; // the old definition, the new one's name
        std::vector<const IndexSpec *> rebuilt;
        std::set<std::string> taken;
        if (p.v1)
            for (const IndexSpec *ix : indexesOf(context.before(), context.analysis1().derived, *p.v1->shape))
                taken.insert(indexName(*ix));
        for (const IndexSpec *ix : indexesOf(context.after(), context.analysis2().derived, c))
            taken.insert(indexName(*ix));
        for (const IndexSpec *ix : indexesOf(context.after(), context.analysis2().derived, c)) {
            const IndexSpec *old = context.before().findIndex(ix->id);
            const bool oldHere = old && p.v1 && context.sideOfEntity(context.sides1(), old->entityId) == p.v1;
            if (oldHere && *old == *ix)
                continue;
            std::string name = indexName(*ix);
            if (oldHere && indexName(*old) == name) {
                const bool together = old->keys != ix->keys || old->partialFilter != ix->partialFilter ||
                                      old->collation != ix->collation;
                if (together) {
                    int n = 2;
                    while (taken.contains(name + "_" + std::to_string(n)))
                        ++n;
                    name += "_" + std::to_string(n);
                    taken.insert(name);
                    replaced.emplace_back(old, name);
                } else {
                    rebuilt.push_back(old);
                }
            }
            created.push_back(ix);
            builtNames.push_back(name);
        }
        if (created.empty())
            continue;
        MigrationStep s;
        s.kind = StepKind::CreateIndexes;
        s.collection = c.name;
        Json specs = Json::array();
        Json newNames = Json::array();
        for (std::size_t i = 0; i < created.size(); ++i) {
            auto spec = indexSpecJson(*created[i], c.name + "." + indexName(*created[i]));
            if (!spec)
                return spec.error();
            (*spec)["name"] = builtNames[i];
            specs.push_back(std::move(*spec));
            newNames.push_back(builtNames[i]);
            for (const auto &st : p.v2->stat->indexes)
                if (st.id == created[i]->id)
                    s.cost.indexEntries += st.entries;
        }
        Json oldSpecs = Json::array();
        Json oldNames = Json::array();
        for (const auto &[old, builtName] : replaced) {
            auto spec = indexSpecJson(*old, c.name + "." + indexName(*old));
            if (!spec)
                return spec.error();
            oldSpecs.push_back(std::move(*spec));
            oldNames.push_back(indexName(*old));
        }
        std::string list;
        for (const auto &n : builtNames)
            list += (list.empty() ? "" : ", ") + quoted(n);
        s.title = "Build index" + std::string(builtNames.size() > 1 ? "es " : " ") + list + " on " + quoted(c.name);
        s.details.push_back("before the release that needs " + std::string(builtNames.size() > 1 ? "them" : "it") +
                            "; createIndexes with commitQuorum \"votingMembers\" (the server's default: every "
                            "data-bearing voting member builds it before it is ready; set commitQuorum to null on a standalone)");
        for (const auto &[old, builtName] : replaced) {
            const std::string oldName = indexName(*old);
            s.details.push_back("the definition of " + quoted(oldName) + " changes under the same name, and the "
                                "server holds one index per name: the new definition is built as " +
                                quoted(builtName) + ", then " + quoted(oldName) + " is dropped" +
                                (old->unique ? ", so uniqueness is enforced throughout" : "") +
                                "; running the step again finds both done");
            builder.warn(c.name + ": index " + quoted(oldName) + " is built as " + quoted(builtName) +
                                      " (its name is taken until the old definition is dropped); name it " +
                                      quoted(builtName) + " in the model, so that the next migration finds it.");
        }
        for (const IndexSpec *old : rebuilt)
            s.details.push_back("the definition of " + quoted(indexName(*old)) + " changes only in its options, and "
                                "the server holds no two indexes on the same keys: it is dropped and built again, so "
                                "queries that use it go without" +
                                std::string(old->unique ? ", and uniqueness is not enforced," : "") +
                                " until the build ends; running the step again finds it built and does nothing");
        s.cost.seconds = s.cost.indexEntries / context.options().indexRate;
        std::string script;
        for (const IndexSpec *old : rebuilt) {
            Json one = Json::array();
            for (const auto &spec : specs)
                if (spec["name"] == indexName(*old))
                    one.push_back(spec);
            script += "rebuildIndex(" + jsString(c.name) + ", " + js(one) + ");\n    ";
        }
        Json plain = Json::array();
        for (const auto &spec : specs) {
            const bool inPlace = std::any_of(rebuilt.begin(), rebuilt.end(),
                                             [&](const IndexSpec *old) { return spec["name"] == indexName(*old); });
            if (!inPlace)
                plain.push_back(spec);
        }
        if (!plain.empty())
            script += replaced.empty() ? "createIndexes(" + jsString(c.name) + ", " + js(plain) + ");"
                                       : "replaceIndex(" + jsString(c.name) + ", " + js(plain) + ", " + js(oldNames) + ");";
        s.script = script;
        s.rollback = "drop the new index" + std::string(builtNames.size() > 1 ? "es" : "");
        std::string rollbackScript;
        if (!replaced.empty()) {
            s.rollback = "build the old definitions again under their names, then drop the new ones";
            rollbackScript = "replaceIndex(" + jsString(c.name) + ", " + js(oldSpecs) + ", " + js(newNames) + ");";
        } else {
            rollbackScript = "dropIndexes(" + jsString(c.name) + ", " + js(newNames) + ");";
        }
        for (const IndexSpec *old : rebuilt) {
            auto spec = indexSpecJson(*old, c.name + "." + indexName(*old));
            if (!spec)
                return spec.error();
            rollbackScript += "\n    rebuildIndex(" + jsString(c.name) + ", " + js(Json::array({std::move(*spec)})) + ");";
            s.rollback += "; " + quoted(indexName(*old)) + " rebuilt to its old definition";
        }
        s.rollbackScript = rollbackScript;
        builder.add(std::move(s), p.v1 ? Phase::BuildIndexes : Phase::NewCollectionIndexes);
    }
    return {};
}

void IndexPlanner::planDrops(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &p : context.pairs()) {
        if (!p.v1)
            continue;
        const CollectionShape &c = *p.v2->shape;
        std::vector<std::string> dropped;
        Json oldSpecs = Json::array();
        for (const IndexSpec *ix : indexesOf(context.before(), context.analysis1().derived, *p.v1->shape)) {
            const IndexSpec *now = context.after().findIndex(ix->id);
            const bool nowHere = now && context.sideOfEntity(context.sides2(), now->entityId) == p.v2;
            if (nowHere && (*now == *ix || indexName(*now) == indexName(*ix)))
                continue; // unchanged, or replaced under its name in the index step
            dropped.push_back(indexName(*ix));
            if (auto spec = indexSpecJson(*ix, c.name))
                oldSpecs.push_back(std::move(*spec));
        }
        if (dropped.empty())
            continue;
        MigrationStep s;
        s.kind = StepKind::DropIndexes;
        s.collection = c.name;
        std::string list;
        Json names = Json::array();
        for (const auto &n : dropped) {
            list += (list.empty() ? "" : ", ") + quoted(n);
            names.push_back(n);
        }
        s.title = "Drop index" + std::string(dropped.size() > 1 ? "es " : " ") + list + " from " + quoted(c.name);
        s.details.push_back("last, once the release that no longer needs " +
                            std::string(dropped.size() > 1 ? "them" : "it") + " is deployed");
        s.script = "dropIndexes(" + jsString(c.name) + ", " + js(names) + ");";
        s.rollback = "build the index" + std::string(dropped.size() > 1 ? "es" : "") + " again (v1 definitions)";
        s.rollbackScript = "createIndexes(" + jsString(c.name) + ", " + js(oldSpecs) + ");";
        for (const auto &st : p.v1->stat->indexes)
            if (std::find(dropped.begin(), dropped.end(), st.name) != dropped.end())
                s.cost.indexEntries += st.entries;
        builder.add(std::move(s), Phase::DropIndexes);
    }
}

} // namespace docshape::migration
