#include "migrate/MigrationPlan.h"

#include "estimate/Analysis.h"
#include "export/ExtendedJson.h"
#include "export/IndexExporter.h"
#include "export/MongoshLiteral.h"
#include "export/ValidatorExporter.h"
#include "migrate/ComputedValue.h"
#include "migrate/PipelineBuilder.h"
#include "migrate/ShapeMap.h"
#include "migrate/planners/BoundsPlanner.h"
#include "migrate/planners/CollectionPlanner.h"
#include "migrate/planners/ComputedPlanner.h"
#include "migrate/planners/IndexPlanner.h"
#include "migrate/planners/PlanBuilder.h"
#include "migrate/planners/PlanContext.h"
#include "migrate/planners/ReferenceCopyPlanner.h"
#include "migrate/planners/CopyPlanner.h"
#include "migrate/planners/DuplicatePlanner.h"
#include "migrate/planners/DateText.h"
#include "migrate/planners/ElementMapping.h"
#include "migrate/planners/EnumPlanner.h"
#include "migrate/planners/EmbedPlanner.h"
#include "migrate/planners/ExtractPlanner.h"
#include "migrate/planners/FieldPlanner.h"
#include "migrate/planners/ScriptParts.h"
#include "migrate/planners/SubsetPlanner.h"
#include "migrate/planners/UnplannedRepresentationPlanner.h"
#include "migrate/planners/ValidatorPlanner.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <tuple>

namespace docshape::migration {

namespace {

// The value at `ref` with each of `values` (from -> to) replaced.
Json mappedValue(const std::string &ref, const std::vector<std::pair<std::string, std::string>> &values, bool back) {
    Json branches = Json::array();
    for (const auto &[from, to] : values)
        branches.push_back({{"case", {{"$eq", Json::array({ref, pipeline::literal(back ? to : from)})}}},
                            {"then", pipeline::literal(back ? from : to)}});
    return {{"$switch", {{"branches", std::move(branches)}, {"default", ref}}}};
}

class Planner {
public:
    Planner(const Project &before, const Project &after, const MigrationOptions &options)
        : context(before, after, options) {}

    Result<MigrationPlan> run();

private:
    Status planRewrite(const Pair &pair);


    const PlanContext context;
    PlanBuilder builder;
};

Status Planner::planRewrite(const Pair &pair) {
    const CollectionShape &c = *pair.v2->shape;
    DocumentRewrite &rewrite = builder.rewriteOf(c.name);
    std::vector<FieldOp> &renames = rewrite.renames;
    std::vector<FieldOp> &converts = rewrite.converts;
    std::vector<FieldOp> &fills = rewrite.fills;
    std::vector<FieldOp> &removes = rewrite.removes;
    std::vector<FieldOp> &computes = rewrite.computes;
    std::vector<FieldOp> &maps = rewrite.maps;
    std::vector<std::string> &changedPaths = rewrite.changedPaths;
    const Entity *root1 = c.kind == CollectionKind::Entity ? context.before().findEntity(c.rootEntityId) : nullptr;
    const Entity *root2 = c.kind == CollectionKind::Entity ? c.root : nullptr;
    // -1: the entity has no schemaVersion.
    const int version1 = root1 && root1->schemaVersion ? *root1->schemaVersion : -1;
    const int version2 = root2 && root2->schemaVersion ? *root2->schemaVersion : -1;
    const bool versioned = version2 >= 0;

    const bool anyOp = !renames.empty() || !converts.empty() || !fills.empty() || !removes.empty() ||
                       !computes.empty() || !maps.empty();
    const bool setVersion = versioned && (anyOp || version1 != version2 || builder.touched(c.name));
    if (!anyOp && !setVersion)
        return {};

    Json stages = Json::array();
    Json reverse = Json::array();
    Json conditions = Json::array();
    Json reverseConditions = Json::array();
    std::vector<std::string> irreversible;
    // Subdocuments and arrays a key moves into come first, then renames,
    // conversions, renamed enum values, the values of new keys, and last
    // what goes.
    auto isContainer = [](const FieldOp &op) { return op.value.is_object() || op.value.is_array(); };
    std::stable_partition(fills.begin(), fills.end(), isContainer);
    const auto leafFills = std::find_if_not(fills.begin(), fills.end(), isContainer);
    auto addFill = [&](const FieldOp &op) {
        const std::string name = op.to.names.back();
        stages.push_back(pipeline::setStage(
            op.to, [&](const std::string &ref) { return pipeline::filledValue(ref + name, op.value); }));
        conditions.push_back(pipeline::matchAt(op.guard, {{"$exists", false}}));
        if (op.newField)
            reverseConditions.push_back(pipeline::matchAt(op.to, {{"$exists", true}}));
    };
    std::for_each(fills.begin(), leafFills, addFill);
    for (const FieldOp &op : renames) {
        const std::string oldName = op.from.names.back();
        const std::string newName = op.to.names.back();
        if (op.sameParent) {
            stages.push_back(pipeline::setStage(op.to, [&](const std::string &ref) {
                return pipeline::renamedValue(ref + oldName, ref + newName);
            }));
        } else {
            stages.push_back(pipeline::setStage(op.to, [&](const std::string &) {
                return pipeline::renamedValue("$" + op.from.path(), "$" + op.to.path());
            }));
        }
        conditions.push_back(pipeline::matchAt(op.guard, {{"$exists", true}}));
        reverseConditions.push_back(pipeline::matchAt(op.to, {{"$exists", true}}));
    }
    for (const FieldOp &op : converts) {
        const std::string name = op.to.names.back();
        stages.push_back(pipeline::setStage(op.to, [&](const std::string &ref) {
            return op.format.empty() ? pipeline::convertedValue(ref + name, op.toType) : dateText(ref + name, op.format);
        }));
        conditions.push_back(pipeline::matchAt(
            op.guard, {{"$exists", true}, {"$not", {{"$type", std::string(toString(op.toType))}}}}));
        reverseConditions.push_back(pipeline::matchAt(op.to, {{"$type", std::string(toString(op.toType))}}));
    }
    for (const FieldOp &op : maps) {
        const std::string name = op.to.names.back();
        stages.push_back(pipeline::setStage(
            op.to, [&](const std::string &ref) { return mappedValue(ref + name, op.values, false); }));
        Json was = Json::array(), now = Json::array();
        for (const auto &[from, to] : op.values) {
            was.push_back(from);
            now.push_back(to);
        }
        conditions.push_back(pipeline::matchAt(op.guard, {{"$in", was}}));
        reverseConditions.push_back(pipeline::matchAt(op.to, {{"$in", now}}));
    }
    std::for_each(leafFills, fills.end(), addFill);
    for (const FieldOp &op : computes) {
        stages.push_back(pipeline::setStage(op.to, [&](const std::string &) { return op.value; }));
        // Where the stored value is not what the expression computes: run
        // again, the step finds nothing to do.
        conditions.push_back({{"$expr", {{"$ne", Json::array({"$" + op.to.path(), op.value})}}}});
        if (op.newField)
            reverseConditions.push_back(pipeline::matchAt(op.to, {{"$exists", true}}));
    }
    for (const FieldOp &op : renames)
        if (op.conditionalRemove)
            stages.push_back({{"$set", {{op.from.path(), {{"$cond", Json::array({{{"$eq", Json::array({{{"$type", "$" + op.to.path()}}, "missing"})}},
                                                                              "$" + op.from.path(), "$$REMOVE"})}}}}}});
    const bool unconditional =
        std::any_of(renames.begin(), renames.end(), [](const FieldOp &op) { return !op.conditionalRemove; });
    if (unconditional || !removes.empty()) {
        std::vector<std::string> unset;
        for (const FieldOp &op : renames)
            if (!op.conditionalRemove)
                unset.push_back(op.from.path());
        for (const FieldOp &op : removes) {
            unset.push_back(op.from.path());
            conditions.push_back(pipeline::matchAt(op.guard, {{"$exists", true}}));
        }
        stages.push_back({{"$unset", unsetList(unset)}});
    }
    if (setVersion)
        stages.push_back({{"$set", {{kVersionKey, pipeline::literal({{"$numberInt", std::to_string(version2)}})}}}});

    // The reverse, the forward in reverse order: renamed values back,
    // conversions back (under the new name, before it goes back), renames
    // back, new keys removed, the old version number. A key moved out of a
    // subdocument goes back by its dotted path, which makes the subdocument
    // again where it is gone.
    for (const FieldOp &op : maps) {
        const std::string name = op.to.names.back();
        reverse.push_back(pipeline::setStage(
            op.to, [&](const std::string &ref) { return mappedValue(ref + name, op.values, true); }));
    }
    for (const FieldOp &op : converts) {
        const std::string name = op.to.names.back();
        if (pipeline::convertTarget(op.fromType).empty())
            continue;
        reverse.push_back(pipeline::setStage(op.to, [&](const std::string &ref) {
            return op.backFormat.empty() ? pipeline::convertedValue(ref + name, op.fromType)
                                         : dateText(ref + name, op.backFormat);
        }));
        const bool widened = (op.fromType == BsonType::Int && (op.toType == BsonType::Long || op.toType == BsonType::Double ||
                                                              op.toType == BsonType::Decimal)) ||
                             (op.fromType == BsonType::Long && op.toType == BsonType::Decimal);
        const DateFormat *text = dateFormatNamed(op.format);
        const bool dateAsText = op.fromType == BsonType::Date && op.toType == BsonType::String;
        const bool textAsDate = op.fromType == BsonType::String && op.toType == BsonType::Date;
        if (dateAsText && text && !text->keepsMilliseconds)
            irreversible.push_back(quoted(op.to.path()) + " is written as text in the form \"" + op.format +
                                   "\", which its v2 pattern asks for: the " +
                                   (text->keepsTime ? "milliseconds" : "time of day") +
                                   " of each date are dropped, and the rollback cannot bring them back");
        else if (textAsDate && op.backFormat.empty())
            irreversible.push_back(quoted(op.to.path()) + " converted from string to date converts back to the "
                                   "server's text form (\"2024-03-15T10:20:30.000Z\"): text written in another "
                                   "form does not come back as it was (v1's pattern names no single form)");
        else if (!widened && !dateAsText && !textAsDate)
            irreversible.push_back(quoted(op.to.path()) + " converted from " + std::string(toString(op.fromType)) +
                                   " to " + std::string(toString(op.toType)) +
                                   " converts back only where no precision or text was lost");
    }
    for (auto it = renames.rbegin(); it != renames.rend(); ++it) {
        const FieldOp &op = *it;
        const std::string oldName = op.from.names.back();
        const std::string newName = op.to.names.back();
        if (op.sameParent)
            reverse.push_back(pipeline::setStage(op.from, [&](const std::string &ref) {
                return pipeline::renamedValue(ref + newName, ref + oldName);
            }));
        else if (op.from.crossesArray())
            reverse.push_back(pipeline::setStage(op.from, [&](const std::string &) {
                return pipeline::renamedValue("$" + op.to.path(), "$" + op.from.path());
            }));
    }
    // Keys moved between subdocuments go back in their v1 order, which is
    // the order they take in a subdocument the rollback makes again.
    for (const FieldOp &op : renames)
        if (!op.sameParent && !op.from.crossesArray())
            reverse.push_back({{"$set", {{op.from.path(), pipeline::renamedValue("$" + op.to.path(), "$" + op.from.path())}}}});
    std::vector<std::string> unsetBack;
    for (const FieldOp &op : fills)
        if (op.newField)
            unsetBack.push_back(op.to.path());
        else
            irreversible.push_back(quoted(op.to.path()) + " was filled where missing; the filled values cannot be told "
                                                          "from values written since, and stay");
    for (const FieldOp &op : renames)
        unsetBack.push_back(op.to.path());
    for (const FieldOp &op : computes)
        if (op.newField)
            unsetBack.push_back(op.to.path());
        else
            irreversible.push_back(quoted(op.to.path()) + " was recomputed from its new computedFrom; the values v1 "
                                                          "computed are gone");
    if (!unsetBack.empty())
        reverse.push_back({{"$unset", unsetList(unsetBack)}});
    for (const FieldOp &op : removes)
        if (!op.emptied)
            irreversible.push_back(quoted(op.guard.path()) + " is removed: its values are gone and cannot be restored "
                                                             "(take a backup, e.g. mongodump, before this step)");
    if (setVersion) {
        if (version1 >= 0)
            reverse.push_back({{"$set", {{kVersionKey, pipeline::literal({{"$numberInt", std::to_string(version1)}})}}}});
        else
            reverse.push_back({{"$unset", kVersionKey}});
    }

    Json guard;
    Json reverseGuard = Json::object();
    std::string guardText;
    if (versioned) {
        guard = {{"$or", Json::array({{{kVersionKey, {{"$exists", false}}}},
                                      {{kVersionKey, {{"$lt", {{"$numberInt", std::to_string(version2)}}}}}}})}};
        reverseGuard = {{kVersionKey, {{"$numberInt", std::to_string(version2)}}}};
        guardText = "documents whose schemaVersion is missing or below " + std::to_string(version2);
    } else {
        guard = conditions.size() == 1 ? conditions.front() : Json{{"$or", conditions}};
        if (!reverseConditions.empty())
            reverseGuard = reverseConditions.size() == 1 ? reverseConditions.front() : Json{{"$or", reverseConditions}};
        guardText = "documents that still have the v1 shape";
    }

    MigrationStep s;
    s.kind = StepKind::Rewrite;
    s.collection = c.name;
    s.title = "Rewrite the documents of " + quoted(c.name);
    for (auto it = fills.begin(); it != leafFills; ++it)
        s.details.push_back(it->describe);
    for (const auto *ops : {&renames, &converts, &maps})
        for (const auto &op : *ops)
            s.details.push_back(op.describe);
    for (auto it = leafFills; it != fills.end(); ++it)
        s.details.push_back(it->describe);
    for (const auto &op : computes)
        s.details.push_back(op.describe);
    for (const auto &op : removes)
        s.details.push_back(op.describe);
    if (setVersion)
        s.details.push_back("set " + quoted(kVersionKey) + " to " + std::to_string(version2));
    s.details.push_back("touches only " + guardText + ", in batches of " + std::to_string(context.options().batchSize) +
                        " by _id range, so it is idempotent and resumes where it stopped");
    const double docs = pair.v1->stat->documents;
    s.cost.documents = docs;
    s.cost.bytes = docs * pair.v2->stat->avgDocumentBytes;
    if (setVersion)
        changedPaths.push_back(kVersionKey);
    s.cost.indexEntries = context.indexEntriesOn(*pair.v2, changedPaths);
    s.cost.seconds = writeSeconds(docs, context.options());
    s.script = "rewrite(STEP, " + jsString(c.name) + ",\n      " + js(guard, 6) + ",\n      " + js(stages, 6) + ");";
    if (reverse.empty()) {
        s.reversible = false;
    } else {
        s.rollbackScript = "rewrite(STEP + \":rollback\", " + jsString(c.name) + ",\n      " + js(reverseGuard, 6) +
                           ",\n      " + js(reverse, 6) + ");";
    }
    if (irreversible.empty()) {
        s.rollback = "the reverse pipeline, on documents in the v2 shape only: renamed values back, conversions "
                     "back, renames back, new keys removed" +
                     std::string(setVersion ? ", the old schemaVersion" : "");
    } else {
        s.reversible = false;
        s.rollback = "only in part: ";
        for (std::size_t i = 0; i < irreversible.size(); ++i)
            s.rollback += (i ? "; " : "") + irreversible[i];
    }
    builder.touch(c.name);
    builder.add(std::move(s), Phase::Rewrites);
    return {};
}

Result<MigrationPlan> Planner::run() {
    MigrationPlan plan;
    plan.beforeName = context.before().name;
    plan.afterName = context.after().name;
    plan.database = context.after().database;
    plan.migrationId = context.before().name + " -> " + context.after().name;
    plan.options = context.options();
    if (Status s = IndexPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = ReferenceCopyPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = SubsetPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = EmbedPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = ExtractPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = CopyPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = UnplannedRepresentationPlanner().plan(context, builder); !s)
        return s.error();
    if (builder.refusal())
        return *builder.refusal();
    if (Status s = CollectionPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = DuplicatePlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = FieldPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = EnumPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = BoundsPlanner().plan(context, builder); !s)
        return s.error();
    if (Status s = ComputedPlanner().plan(context, builder); !s)
        return s.error();
    for (const Pair &p : context.pairs())
        if (p.v1)
            if (Status s = planRewrite(p); !s)
                return s.error();
    if (Status s = ValidatorPlanner().plan(context, builder); !s)
        return s.error();
    builder.finish(plan);
    for (const Pair &p : context.pairs())
        if (p.v2->shape->kind == CollectionKind::Entity && p.v2->shape->root && p.v2->shape->root->schemaVersion)
            plan.versioned.push_back(p.v2->shape->name + " (version " +
                                     std::to_string(*p.v2->shape->root->schemaVersion) + ")");
    return plan;
}

} // namespace

} // namespace docshape::migration

namespace docshape {

Result<MigrationPlan> planMigration(const Project &before, const Project &after, const MigrationOptions &options) {
    migration::Planner planner(before, after, options);
    return planner.run();
}

} // namespace docshape
