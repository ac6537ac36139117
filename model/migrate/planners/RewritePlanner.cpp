#include "migrate/planners/RewritePlanner.h"

#include "export/IndexExporter.h"
#include "migrate/planners/DateText.h"
#include "migrate/planners/IndexPlanner.h"
#include "migrate/planners/ScriptParts.h"

#include <algorithm>
#include <set>

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

// The subdocument at `ref` (its keys read as `prefix` + name) with the keys v1 has under `parentKey` first, in
// v1's order, where it has them ($mergeObjects keeps the first object's
// order and omits a missing field), then any other key it holds; keys
// below are ordered the same way, in subdocuments and in arrays of them
// (written again after the document's own values, which would put back
// their old order).
// Every value stays as it is. The depth of the model bounds the recursion.
Json orderedLike(const ShapeMap &v1, const std::string &parentKey, const std::string &ref, const std::string &prefix,
                 int depth) {
    Json keys = Json::object();
    Json nested = Json::object(); // the keys whose value is reordered too
    for (const NodePlace &p : v1.places()) {
        if (p.parentKey != parentKey)
            continue;
        const std::string name = p.names.back();
        const std::string at = prefix + name;
        const bool below = std::any_of(v1.places().begin(), v1.places().end(),
                                       [&](const NodePlace &c) { return c.parentKey == p.key; });
        if (!below) {
            keys[name] = at;
        } else if (p.node->isArray()) {
            const std::string var = "e" + std::to_string(depth);
            Json each = {{"$map", {{"input", at}, {"as", var},
                                   {"in", {{"$cond", Json::array({isObject("$$" + var),
                                                                  orderedLike(v1, p.key, "$$" + var, "$$" + var + ".", depth + 1),
                                                                  "$$" + var})}}}}}};
            keys[name] = {{"$cond", Json::array({{{"$isArray", at}}, std::move(each), at})}};
            nested[name] = keys[name];
        } else {
            keys[name] = {{"$cond", Json::array({isObject(at), orderedLike(v1, p.key, at, at + ".", depth + 1), at})}};
            nested[name] = keys[name];
        }
    }
    // The document's own values overwrite those of the first object, and
    // keep its positions; a reordered subdocument or array is written last.
    Json merged = Json::array({std::move(keys), ref});
    if (!nested.empty())
        merged.push_back(std::move(nested));
    return {{"$mergeObjects", std::move(merged)}};
}

// The value a renamed key gets, under its v2 name (`forward`) or back under
// its v1 name, from `v1Ref` and `v2Ref`, the keys of both names. A document
// holds both only where one release wrote its name after the other's was
// set: the forward removes the v1 key and the rollback the v2 key. The v1
// key's value wins either way: in the forward as before, in the rollback
// because the old release is the one it returns to. A subdocument is
// merged, the v1 key's over the v2 key's, since a write may have set one
// key of it. An array is taken whole from the name the direction reads
// (an array made by a push cannot be told from one replaced).
Json renamedWith(const FieldOp &op, const std::string &v1Ref, const std::string &v2Ref, bool forward) {
    if (op.array)
        return forward ? pipeline::renamedValue(v1Ref, v2Ref) : pipeline::renamedValue(v2Ref, v1Ref);
    if (op.subdocument)
        return {{"$cond", Json::array({{{"$and", Json::array({isObject(v1Ref), isObject(v2Ref)})}},
                                       {{"$mergeObjects", Json::array({v2Ref, v1Ref})}},
                                       pipeline::renamedValue(v1Ref, v2Ref)})}};
    return pipeline::renamedValue(v1Ref, v2Ref);
}

// A stage that rebuilds the document with v1's keys in v1's order.
Json v1Order(const ShapeMap &v1) {
    return {{"$replaceWith", orderedLike(v1, std::string(), "$$ROOT", "$", 1)}};
}

} // namespace

Status RewritePlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &p : context.pairs())
        if (p.v1)
            planPair(context, builder, p);
    return {};
}

void RewritePlanner::planPair(const PlanContext &context, PlanBuilder &builder, const Pair &pair) {
    const CollectionShape &c = *pair.v2->shape;
    DocumentRewrite &rewrite = builder.rewriteOf(c.name);
    const Entity *root1 = c.kind == CollectionKind::Entity ? context.before().findEntity(c.rootEntityId) : nullptr;
    const Entity *root2 = c.kind == CollectionKind::Entity ? c.root : nullptr;
    // -1: the entity has no schemaVersion.
    const int version1 = root1 && root1->schemaVersion ? *root1->schemaVersion : -1;
    const int version2 = root2 && root2->schemaVersion ? *root2->schemaVersion : -1;
    const bool versioned = version2 >= 0;

    const bool anyOp = !rewrite.renames.empty() || !rewrite.converts.empty() || !rewrite.fills.empty() || !rewrite.removes.empty() ||
                       !rewrite.computes.empty() || !rewrite.maps.empty();
    const bool setVersion = versioned && (anyOp || version1 != version2 || builder.touched(c.name));
    if (!anyOp && !setVersion)
        return;

    Json stages = Json::array();
    Json reverse = Json::array();
    Json conditions = Json::array();
    Json reverseConditions = Json::array();
    std::vector<std::string> irreversible;
    // Subdocuments and arrays a key moves into come first, then renames,
    // conversions, renamed enum values, the values of new keys, and last
    // what goes.
    auto isContainer = [](const FieldOp &op) { return op.value.is_object() || op.value.is_array(); };
    std::stable_partition(rewrite.fills.begin(), rewrite.fills.end(), isContainer);
    const auto leafFills = std::find_if_not(rewrite.fills.begin(), rewrite.fills.end(), isContainer);
    auto addFill = [&](const FieldOp &op) {
        const std::string name = op.to.names.back();
        stages.push_back(pipeline::setStage(
            op.to, [&](const std::string &ref) { return pipeline::filledValue(ref + name, op.value); }));
        conditions.push_back(pipeline::matchAt(op.guard, {{"$exists", false}}));
        if (op.newField)
            reverseConditions.push_back(pipeline::matchAt(op.to, {{"$exists", true}}));
    };
    std::for_each(rewrite.fills.begin(), leafFills, addFill);
    for (const FieldOp &op : rewrite.renames) {
        const std::string oldName = op.from.names.back();
        const std::string newName = op.to.names.back();
        if (op.sameParent) {
            stages.push_back(pipeline::setStage(op.to, [&](const std::string &ref) {
                return renamedWith(op, ref + oldName, ref + newName, true);
            }));
        } else {
            stages.push_back(pipeline::setStage(op.to, [&](const std::string &) {
                return renamedWith(op, "$" + op.from.path(), "$" + op.to.path(), true);
            }));
        }
        conditions.push_back(pipeline::matchAt(op.guard, {{"$exists", true}}));
        reverseConditions.push_back(pipeline::matchAt(op.to, {{"$exists", true}}));
    }
    for (const FieldOp &op : rewrite.converts) {
        const std::string name = op.to.names.back();
        stages.push_back(pipeline::setStage(op.to, [&](const std::string &ref) {
            return op.format.empty() ? pipeline::convertedValue(ref + name, op.toType) : dateText(ref + name, op.format);
        }));
        conditions.push_back(pipeline::matchAt(
            op.guard, {{"$exists", true}, {"$not", {{"$type", std::string(toString(op.toType))}}}}));
        reverseConditions.push_back(pipeline::matchAt(op.to, {{"$type", std::string(toString(op.toType))}}));
    }
    for (const FieldOp &op : rewrite.maps) {
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
    std::for_each(leafFills, rewrite.fills.end(), addFill);
    for (const FieldOp &op : rewrite.computes) {
        stages.push_back(pipeline::setStage(op.to, [&](const std::string &) { return op.value; }));
        // Where the stored value is not what the expression computes: run
        // again, the step finds nothing to do.
        conditions.push_back({{"$expr", {{"$ne", Json::array({"$" + op.to.path(), op.value})}}}});
        if (op.newField)
            reverseConditions.push_back(pipeline::matchAt(op.to, {{"$exists", true}}));
    }
    for (const FieldOp &op : rewrite.renames)
        if (op.conditionalRemove)
            stages.push_back({{"$set", {{op.from.path(), {{"$cond", Json::array({{{"$eq", Json::array({{{"$type", "$" + op.to.path()}}, "missing"})}},
                                                                              "$" + op.from.path(), "$$REMOVE"})}}}}}});
    const bool unconditional =
        std::any_of(rewrite.renames.begin(), rewrite.renames.end(), [](const FieldOp &op) { return !op.conditionalRemove; });
    if (unconditional || !rewrite.removes.empty()) {
        std::vector<std::string> unset;
        for (const FieldOp &op : rewrite.renames)
            if (!op.conditionalRemove)
                unset.push_back(op.from.path());
        for (const FieldOp &op : rewrite.removes) {
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
    // again where it is gone. What the old release wrote under a v1 name
    // since is kept (renamedWith).
    for (const FieldOp &op : rewrite.maps) {
        const std::string name = op.to.names.back();
        reverse.push_back(pipeline::setStage(
            op.to, [&](const std::string &ref) { return mappedValue(ref + name, op.values, true); }));
    }
    for (const FieldOp &op : rewrite.converts) {
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
    for (auto it = rewrite.renames.rbegin(); it != rewrite.renames.rend(); ++it) {
        const FieldOp &op = *it;
        const std::string oldName = op.from.names.back();
        const std::string newName = op.to.names.back();
        if (op.sameParent)
            reverse.push_back(pipeline::setStage(op.from, [&](const std::string &ref) {
                return renamedWith(op, ref + oldName, ref + newName, false);
            }));
        else if (op.from.crossesArray())
            reverse.push_back(pipeline::setStage(op.from, [&](const std::string &) {
                return renamedWith(op, "$" + op.from.path(), "$" + op.to.path(), false);
            }));
    }
    // Keys moved between subdocuments go back in their v1 order, which is
    // the order they take in a subdocument the rollback makes again.
    for (const FieldOp &op : rewrite.renames)
        if (!op.sameParent && !op.from.crossesArray())
            reverse.push_back({{"$set", {{op.from.path(), renamedWith(op, "$" + op.from.path(), "$" + op.to.path(), false)}}}});
    std::vector<std::string> unsetBack;
    for (const FieldOp &op : rewrite.fills)
        if (op.newField)
            unsetBack.push_back(op.to.path());
        else
            irreversible.push_back(quoted(op.to.path()) + " was filled where missing; the filled values cannot be told "
                                                          "from values written since, and stay");
    // A key renamed inside subdocuments that are renamed too is, once they
    // are back under their v1 names, under those: it goes there. Each
    // subdocument's `from` holds the new names above it, so the nearest
    // one is mapped first.
    for (const FieldOp &op : rewrite.renames) {
        std::vector<std::string> at = op.to.names;
        for (std::size_t depth = at.size() - 1; depth > 0; --depth)
            for (const FieldOp &up : rewrite.renames)
                if (up.to.names.size() == depth && std::equal(up.to.names.begin(), up.to.names.end(), at.begin())) {
                    std::vector<std::string> back = up.from.names;
                    back.insert(back.end(), at.begin() + static_cast<std::ptrdiff_t>(depth), at.end());
                    at = std::move(back);
                    break;
                }
        unsetBack.push_back(pipeline::Place{at, {}}.path());
    }
    for (const FieldOp &op : rewrite.computes)
        if (op.newField)
            unsetBack.push_back(op.to.path());
        else
            irreversible.push_back(quoted(op.to.path()) + " was recomputed from its new computedFrom; the values v1 "
                                                          "computed are gone");
    if (!unsetBack.empty())
        reverse.push_back({{"$unset", unsetList(unsetBack)}});
    for (const FieldOp &op : rewrite.removes)
        if (!op.emptied)
            irreversible.push_back(quoted(op.guard.path()) + " is removed: its values are gone and cannot be restored "
                                                             "(take a backup, e.g. mongodump, before this step)");
    if (setVersion) {
        if (version1 >= 0)
            reverse.push_back({{"$set", {{kVersionKey, pipeline::literal({{"$numberInt", std::to_string(version1)}})}}}});
        else
            reverse.push_back({{"$unset", kVersionKey}});
    }
    // A key the reverse sets again is appended (the server keeps field
    // order): the document is rebuilt with v1's keys first, in the model's
    // order (that of documents written from it), then any other key it
    // holds, as it was.
    if (!reverse.empty())
        reverse.push_back(v1Order(*pair.v1->map));

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
    for (auto it = rewrite.fills.begin(); it != leafFills; ++it)
        s.details.push_back(it->describe);
    for (const auto *ops : {&rewrite.renames, &rewrite.converts, &rewrite.maps})
        for (const auto &op : *ops)
            s.details.push_back(op.describe);
    for (auto it = leafFills; it != rewrite.fills.end(); ++it)
        s.details.push_back(it->describe);
    for (const auto &op : rewrite.computes)
        s.details.push_back(op.describe);
    for (const auto &op : rewrite.removes)
        s.details.push_back(op.describe);
    if (setVersion)
        s.details.push_back("set " + quoted(kVersionKey) + " to " + std::to_string(version2));
    s.details.push_back(liveWrites(LiveWrites::PerDocument, rewriteMeanwhile()));
    s.details.push_back("touches only " + guardText + ", in batches of " + std::to_string(context.options().batchSize) +
                        " by _id range, so it is idempotent and resumes where it stopped");
    const double docs = pair.v1->stat->documents;
    s.cost.documents = docs;
    s.cost.bytes = docs * pair.v2->stat->avgDocumentBytes;
    if (setVersion)
        rewrite.changedPaths.push_back(kVersionKey);
    // An index built after the rewrite (IndexPlanner) is not there to rewrite.
    std::set<std::string> builtAfter;
    const PathSet written(rewrite.changedPaths);
    for (const IndexSpec *ix : indexesOf(context.after(), context.analysis2().derived, c))
        if (builtAfterRewrite(context, pair, *ix, written))
            builtAfter.insert(ix->id);
    s.cost.indexEntries = context.indexEntriesOn(*pair.v2, rewrite.changedPaths, builtAfter);
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
                     "back, renames back" +
                     std::string(rewrite.renames.empty() ? "" : " (a value the old release wrote under the v1 name since is kept)") +
                     ", new keys removed" +
                     std::string(setVersion ? ", the old schemaVersion" : "") +
                     ", the keys in v1's order (the model's: a document written in another order comes back in "
                     "the model's)";
    } else {
        s.reversible = false;
        s.rollback = "only in part: ";
        for (std::size_t i = 0; i < irreversible.size(); ++i)
            s.rollback += (i ? "; " : "") + irreversible[i];
    }
    rewrite.planned = true;
    builder.touch(c.name);
    builder.add(std::move(s), Phase::Rewrites);
}

} // namespace docshape::migration
