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

bool builtAfterRewrite(const PlanContext &context, const Pair &pair, const IndexSpec &ix, const PathSet &written) {
    if (!pair.v1 || ix.unique || !context.builds(pair, ix))
        return false;
    return std::any_of(ix.keys.begin(), ix.keys.end(), [&](const IndexKey &k) { return written.overlaps(k.path); });
}

Status IndexPlanner::planBuilds(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &p : context.pairs()) {
        const CollectionShape &c = *p.v2->shape;
        const DocumentRewrite &rewrite = builder.rewriteOf(c.name);
        const std::vector<std::string> written = rewrite.planned ? rewrite.changedPaths : std::vector<std::string>{};
        const PathSet writtenSet(written);
        std::vector<Build> before, after;
        std::set<std::string> taken;
        if (p.v1)
            for (const IndexSpec *ix : indexesOf(context.before(), context.analysis1().derived, *p.v1->shape))
                taken.insert(indexName(*ix));
        for (const IndexSpec *ix : indexesOf(context.after(), context.analysis2().derived, c))
            taken.insert(indexName(*ix));
        for (const IndexSpec *ix : indexesOf(context.after(), context.analysis2().derived, c)) {
            if (!context.builds(p, *ix))
                continue;
            const IndexSpec *old = context.before().findIndex(ix->id);
            const bool oldHere = old && p.v1 && context.sideOfEntity(context.sides1(), old->entityId) == p.v1;
            Build b{ix, indexName(*ix)};
            // A changed definition under the same name: built under a free
            // name beside the old one, which is dropped once it is built
            // (uniqueness never goes unenforced). Only a definition the
            // server cannot hold beside the old one (the same keys, filter
            // and collation) is rebuilt in place.
            if (oldHere && indexName(*old) == b.name) {
                b.old = old;
                const bool together = old->keys != ix->keys || old->partialFilter != ix->partialFilter ||
                                      old->collation != ix->collation;
                if (together) {
                    int n = 2;
                    while (taken.contains(b.name + "_" + std::to_string(n)))
                        ++n;
                    b.name += "_" + std::to_string(n);
                    taken.insert(b.name);
                } else {
                    b.inPlace = true;
                }
            }
            (builtAfterRewrite(context, p, *ix, writtenSet) ? after : before).push_back(std::move(b));
        }
        if (!before.empty())
            if (Status s = planBuild(context, builder, p, before, written, false); !s)
                return s;
        if (!after.empty())
            if (Status s = planBuild(context, builder, p, after, written, true); !s)
                return s;
    }
    return {};
}

Status IndexPlanner::planBuild(const PlanContext &context, PlanBuilder &builder, const Pair &p,
                               const std::vector<Build> &builds, const std::vector<std::string> &written,
                               bool afterRewrite) {
    const CollectionShape &c = *p.v2->shape;
    MigrationStep s;
    s.kind = StepKind::CreateIndexes;
    s.collection = c.name;
    Json specs = Json::array();
    Json newNames = Json::array();
    for (const Build &b : builds) {
        auto spec = indexSpecJson(*b.ix, c.name + "." + indexName(*b.ix));
        if (!spec)
            return spec.error();
        (*spec)["name"] = b.name;
        specs.push_back(std::move(*spec));
        newNames.push_back(b.name);
        for (const auto &st : p.v2->stat->indexes)
            if (st.id == b.ix->id)
                s.cost.indexEntries += st.entries;
    }
    Json oldSpecs = Json::array();
    Json oldNames = Json::array();
    bool replaced = false;
    for (const Build &b : builds) {
        if (!b.old || b.inPlace)
            continue;
        auto spec = indexSpecJson(*b.old, c.name + "." + indexName(*b.old));
        if (!spec)
            return spec.error();
        oldSpecs.push_back(std::move(*spec));
        oldNames.push_back(indexName(*b.old));
        replaced = true;
    }
    const bool several = builds.size() > 1;
    std::string list;
    for (const Build &b : builds)
        list += (list.empty() ? "" : ", ") + quoted(b.name);
    s.title = "Build index" + std::string(several ? "es " : " ") + list + " on " + quoted(c.name);
    const std::string quorum = "createIndexes with commitQuorum \"votingMembers\" (the server's default: every "
                               "data-bearing voting member builds it before it is ready; set commitQuorum to null on "
                               "a standalone)";
    if (afterRewrite) {
        std::string keys;
        for (const std::string &w : written)
            if (std::any_of(builds.begin(), builds.end(), [&](const Build &b) {
                    return std::any_of(b.ix->keys.begin(), b.ix->keys.end(),
                                       [&](const IndexKey &k) { return pathsOverlap(k.path, w); });
                }))
                keys += (keys.empty() ? "" : ", ") + quoted(w);
        s.details.push_back("after the rewrite of " + quoted(c.name) + ", which writes " + keys +
                            " in every document: cheaper, one pass over the rewritten documents instead of index "
                            "maintenance per document; before the steps that follow the rewrites and the release "
                            "that reads only the new shape; " + quorum);
    } else {
        const PathSet writtenSet(written);
        s.details.push_back("before the release that needs " + std::string(several ? "them" : "it") + "; " + quorum);
        for (const Build &b : builds)
            if (b.ix->unique && std::any_of(b.ix->keys.begin(), b.ix->keys.end(),
                                            [&](const IndexKey &k) { return writtenSet.overlaps(k.path); }))
                s.details.push_back(quoted(b.name) + " is unique, so it is built before the rewrite that writes its "
                                    "keys: the release that writes the new shape runs during the rewrite, and "
                                    "uniqueness holds from its first write");
    }
    for (const Build &b : builds) {
        if (!b.old || b.inPlace)
            continue;
        const std::string oldName = indexName(*b.old);
        s.details.push_back("the definition of " + quoted(oldName) + " changes under the same name, and the "
                            "server holds one index per name: the new definition is built as " +
                            quoted(b.name) + ", then " + quoted(oldName) + " is dropped" +
                            (b.old->unique ? ", so uniqueness is enforced throughout" : "") +
                            "; running the step again finds both done");
        builder.warn(c.name + ": index " + quoted(oldName) + " is built as " + quoted(b.name) +
                     " (its name is taken until the old definition is dropped); name it " + quoted(b.name) +
                     " in the model, so that the next migration finds it.");
    }
    for (const Build &b : builds)
        if (b.inPlace)
            s.details.push_back("the definition of " + quoted(indexName(*b.old)) + " changes only in its options, "
                                "and the server holds no two indexes on the same keys: it is dropped and built "
                                "again, so queries that use it go without" +
                                std::string(b.old->unique ? ", and uniqueness is not enforced," : "") +
                                " until the build ends; running the step again finds it built and does nothing");
    s.cost.seconds = s.cost.indexEntries / context.options().indexRate;
    std::string script;
    for (const Build &b : builds) {
        if (!b.inPlace)
            continue;
        Json one = Json::array();
        for (const auto &spec : specs)
            if (spec["name"] == b.name)
                one.push_back(spec);
        script += "rebuildIndex(" + jsString(c.name) + ", " + js(one) + ");\n    ";
    }
    Json plain = Json::array();
    for (std::size_t i = 0; i < builds.size(); ++i)
        if (!builds[i].inPlace)
            plain.push_back(specs[i]);
    if (!plain.empty())
        script += !replaced ? "createIndexes(" + jsString(c.name) + ", " + js(plain) + ");"
                            : "replaceIndex(" + jsString(c.name) + ", " + js(plain) + ", " + js(oldNames) + ");";
    s.script = script;
    s.rollback = "drop the new index" + std::string(several ? "es" : "");
    std::string rollbackScript;
    if (replaced) {
        s.rollback = "build the old definitions again under their names, then drop the new ones";
        rollbackScript = "replaceIndex(" + jsString(c.name) + ", " + js(oldSpecs) + ", " + js(newNames) + ");";
    } else {
        rollbackScript = "dropIndexes(" + jsString(c.name) + ", " + js(newNames) + ");";
    }
    for (const Build &b : builds) {
        if (!b.inPlace)
            continue;
        auto spec = indexSpecJson(*b.old, c.name + "." + indexName(*b.old));
        if (!spec)
            return spec.error();
        rollbackScript += "\n    rebuildIndex(" + jsString(c.name) + ", " + js(Json::array({std::move(*spec)})) + ");";
        s.rollback += "; " + quoted(indexName(*b.old)) + " rebuilt to its old definition";
    }
    if (afterRewrite)
        s.rollback += ", before the rewrite is undone (the reverse order)";
    s.rollbackScript = rollbackScript;
    builder.add(std::move(s), afterRewrite ? Phase::IndexesAfterRewrites
                                           : p.v1 ? Phase::BuildIndexes : Phase::NewCollectionIndexes);
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
