#include "migrate/planners/ReferenceCopyPlanner.h"

#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

Status ReferenceCopyPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const RepresentationChange &change : context.representationChanges()) {
        if (change.kind == RepresentationChange::ReferenceToCopy)
            planReferenceToCopy(context, builder, *change.r1, *change.r2);
        else if (change.kind == RepresentationChange::CopyToReference)
            planCopyToReference(context, builder, *change.r1, *change.r2);
        else if (change.kind == RepresentationChange::IdArray)
            planIdArray(context, builder, *change.r1, *change.r2);
    }
    return {};
}

// The copy of the extended reference at `copyKey` in `holder`'s documents,
// built from the source document bound to $$source (its names in v2: the
// source's own rewrite runs before) and its _id from `idRef`. Empty, with a
// warning, when a copied key has no top-level field in the source.
std::optional<Json> ReferenceCopyPlanner::copyElement(PlanBuilder &builder, const Side &holder, const std::string &copyKey,
                                                      const Side &source, const std::string &idRef,
                                                      const std::string &where) {
    Json element = Json::object();
    for (const NodePlace &t : holder.map->places()) {
        if (t.parentKey != copyKey || t.names.size() != 2)
            continue;
        const std::string name = t.names.back();
        if (name == "_id") {
            element[name] = idRef;
            continue;
        }
        const NodePlace *from = source.map->find(t.key.substr(copyKey.size() + 1));
        if (!from || from->names.size() != 1) {
            builder.warn(holder.shape->name + "." + t.path() + " has no top-level field in " +
                                      source.shape->name + " to be filled from; " + where + " is not generated.");
            return std::nullopt;
        }
        element[name] = "$$source." + from->names.front();
    }
    return element;
}

namespace {

// Per batch of holders: each copy built from the document its reference
// names ($lookup by _id, $merge), then, where the copy is there, the
// reference removed. A holder whose referenced document is gone keeps its
// reference and gets no copy. The reference wins where the direction
// reads it from v1 (`referenceWins`): a reference the old release changed
// after its copy was made gets a new copy, and is removed only where it is
// still the one copied (copy, verify, then remove). Otherwise the copy, the
// v1 key, wins: the reference goes wherever a copy is there.
std::string fillFromReferenceScript(const std::string &step, const std::string &holder, const std::string &refField,
                                    const std::string &copyField, const std::string &source, const Json &element,
                                    bool referenceWins) {
    Json stages = Json::array(
        {{{"$lookup", {{"from", source}, {"localField", refField}, {"foreignField", "_id"}, {"as", "__source"}}}},
         {{"$match", {{"__source.0", {{"$exists", true}}}}}},
         {{"$project", {{"_id", 1}, {copyField, {{"$let", {{"vars", {{"source", {{"$arrayElemAt", Json::array({"$__source", 0})}}}}}, {"in", element}}}}}}}},
         {{"$merge", {{"into", holder}, {"on", "_id"}, {"whenMatched", "merge"}, {"whenNotMatched", "discard"}}}}});
    const Json stale = {{"$expr", {{"$ne", Json::array({"$" + refField, "$" + copyField + "._id"})}}}};
    const Json copied = {{"$expr", {{"$eq", Json::array({"$" + refField, "$" + copyField + "._id"})}}}};
    Json missing = {{copyField, {{"$exists", false}}}};
    Json fill = {{"$and", Json::array({{{refField, {{"$exists", true}}}},
                                       referenceWins ? Json{{"$or", Json::array({missing, stale})}} : missing})}};
    Json unset = {{"$and", Json::array({{{refField, {{"$exists", true}}}}, {{copyField + "._id", {{"$exists", true}}}}})}};
    if (referenceWins)
        unset["$and"].push_back(copied);
    return "aggregateInBatches(" + step + ", " + jsString(holder) + ",\n      " + js(fill, 6) + ",\n      " +
           js(stages, 6) + ");\n    rewrite(" + step + " + \":unset\", " + jsString(holder) + ",\n      " + js(unset, 6) +
           ",\n      " + js(Json::array({{{"$unset", refField}}}), 6) + ");";
}

// Per batch of holders: the copy's _id kept as the reference, the copy
// removed. Where the reference wins (`referenceWins`: the direction reads
// it from v1), a reference the old release wrote since is kept.
std::string referenceFromCopyScript(const std::string &step, const std::string &holder, const std::string &copyField,
                                    const std::string &refField, bool referenceWins) {
    Json guard = {{copyField + "._id", {{"$exists", true}}}};
    const Json fromCopy = "$" + copyField + "._id";
    Json stages = Json::array({{{"$set", {{refField, referenceWins ? pipeline::renamedValue("$" + refField, fromCopy) : fromCopy}}}},
                               {{"$unset", copyField}}});
    return "rewrite(" + step + ", " + jsString(holder) + ",\n      " + js(guard, 6) + ",\n      " + js(stages, 6) + ");";
}

// How a step that removes copies (in favour of a reference or of ids) is
// undone: the copies filled again from their source, except where they were
// snapshots (their old values are gone) or a copied key has no source field.
// `one` words a single copy, otherwise an array of them; `removed` names
// what the rollback removes again.
void describeCopyRemoval(MigrationStep &s, Duplication semantics, const std::string &source, bool fillable, bool one,
                         const std::string &removed) {
    if (semantics == Duplication::Snapshot) {
        s.details.push_back(std::string(one ? "**data loss**: the copy is a snapshot; the values it kept"
                                            : "**data loss**: the copies are snapshots; the values they kept") +
                            " from the time each document was written (which may differ from " + quoted(source) +
                            " now) are gone with " + (one ? "it" : "them"));
        s.reversible = false;
        s.rollback = "only in part: the rollback fills the copies from " + quoted(source) +
                     " as it is then; the snapshot values are gone (take a backup, e.g. mongodump, before this step)";
    } else if (!fillable) {
        s.reversible = false;
        s.rollback = "cannot be rolled back by the script: a copied key has no source field in v2";
    } else {
        s.rollback = "the copies filled again from " + quoted(source) + " (they were kept equal to it, " +
                     std::string(toString(semantics)) + "), and the " + removed + " removed";
    }
}

} // namespace

// Reference -> extended reference: the holder's documents get the copy,
// filled from the document the reference names, and lose the reference.
void ReferenceCopyPlanner::planReferenceToCopy(const PlanContext &context, PlanBuilder &builder, const Relationship &ref1,
                                               const Relationship &copy2) {
    const Side *holder1 = context.sideOfEntity(context.sides1(), copy2.parentId);
    const Side *holder2 = context.sideOfEntity(context.sides2(), copy2.parentId);
    const Side *source1 = context.sideOfEntity(context.sides1(), copy2.childId);
    const Side *source2 = context.sideOfEntity(context.sides2(), copy2.childId);
    const std::string refKey = "r:" + ref1.id + ":ref:" + ref1.parentId;
    const std::string copyKey = "r:" + copy2.id + ":extref";
    const NodePlace *ref = holder1 ? holder1->map->find(refKey) : nullptr;
    const NodePlace *copy = holder2 ? holder2->map->find(copyKey) : nullptr;
    // Neither the reference nor the copy is rewritten field by field: a
    // reference the script cannot turn into a copy stays (the document fails
    // the v2 validator and the end-of-window check counts it), never unset.
    builder.move(refKey);
    builder.move(copyKey);
    const std::string what = "relationship " + copy2.id + ": " + std::string(toString(ref1.representation)) + " to " +
                             std::string(toString(copy2.representation));
    if (!holder1 || !holder2 || !source1 || !source2 || !ref || !copy || ref->names.size() != 1 ||
        copy->names.size() != 1 || copy->node->isArray() || holder1->shape->name != holder2->shape->name ||
        source1->shape->name != source2->shape->name || ref->names == copy->names) {
        builder.warn(what + " is an array of copies, below the top of its document, under the same name "
                                         "as the reference, or across a renamed collection; write this step by hand.");
        return;
    }
    const std::string refField = ref->names.front();
    const std::string copyField = copy->names.front();
    const std::string holder = holder2->shape->name;
    const std::string source = source2->shape->name;
    auto element = copyElement(builder, *holder2, copyKey, *source2, "$" + refField, what);
    if (!element)
        return;
    std::string list;
    for (const auto &[k, v] : element->items())
        list += (list.empty() ? "" : ", ") + k;
    MigrationStep s;
    s.kind = StepKind::ReferenceToCopy;
    s.collection = holder;
    s.title = "Replace the reference " + quoted(holder + "." + refField) + " with the copy " +
              quoted(holder + "." + copyField) + " from " + quoted(source);
    s.details.push_back("each " + quoted(holder) + " document gets " + quoted(copyField) + " {" + list + "} from the " +
                        quoted(source) + " document its " + quoted(refField) + " names ($lookup by _id, $merge)");
    s.details.push_back("then " + quoted(refField) + " is removed ($unset) where the copy is there and is of the " +
                        "document it names now; both touch only documents still in the v1 shape, so the step is "
                        "idempotent and resumes where it stopped");
    s.details.push_back(liveWrites(LiveWrites::CopyVerifyRemove,
                                   "meanwhile the application may change " + quoted(refField) +
                                   " (the v1 shape); a reference changed after its copy was made keeps its value, and "
                                   "the next run copies it again; the rollback keeps a " + quoted(refField) +
                                   " written since over the copy's _id"));
    if (copy2.copySemantics == Duplication::Snapshot)
        s.details.push_back("the copy is a snapshot: the filled values are the source's values now, not those of the "
                            "time each document was written");
    s.details.push_back("a document whose " + quoted(refField) + " names no " + quoted(source) +
                        " document keeps its reference and gets no copy; it fails the v2 validator until it is mended "
                        "by hand (the end-of-window check counts it)");
    if (!copy2.copyOwner.empty())
        s.details.push_back("from the release that reads it, " + copy2.copyOwner);
    const double docs = holder1->stat->documents;
    s.cost.documents = docs;
    s.cost.bytes = docs * holder2->stat->avgDocumentBytes;
    s.cost.documentsRead = source1->stat->documents;
    s.cost.indexEntries = context.indexEntriesOn(*holder2, {copyField});
    s.cost.seconds = writeSeconds(2 * docs, context.options()); // the copy, then the reference's $unset
    s.script = fillFromReferenceScript("STEP", holder, refField, copyField, source, *element, true);
    s.rollback = "the reference again from each copy's _id, and the copy removed (its values stay in " + quoted(source) + ")";
    s.rollbackScript = referenceFromCopyScript("STEP + \":rollback\"", holder, copyField, refField, true);
    builder.touch(holder);
    builder.add(std::move(s), Phase::Representations);
}

// Extended reference -> reference: the holder's documents keep the copy's
// _id as the reference and lose the copy. What a snapshot copied is gone.
void ReferenceCopyPlanner::planCopyToReference(const PlanContext &context, PlanBuilder &builder, const Relationship &copy1,
                                               const Relationship &ref2) {
    const Side *holder1 = context.sideOfEntity(context.sides1(), copy1.parentId);
    const Side *holder2 = context.sideOfEntity(context.sides2(), copy1.parentId);
    const Side *source2 = context.sideOfEntity(context.sides2(), copy1.childId);
    const std::string copyKey = "r:" + copy1.id + ":extref";
    const std::string refKey = "r:" + ref2.id + ":ref:" + ref2.parentId;
    const NodePlace *copy = holder1 ? holder1->map->find(copyKey) : nullptr;
    const NodePlace *ref = holder2 ? holder2->map->find(refKey) : nullptr;
    builder.move(refKey);
    builder.move(copyKey);
    const std::string what = "relationship " + ref2.id + ": " + std::string(toString(copy1.representation)) + " to " +
                             std::string(toString(ref2.representation));
    if (!holder1 || !holder2 || !source2 || !ref || !copy || ref->names.size() != 1 || copy->names.size() != 1 ||
        copy->node->isArray() || holder1->shape->name != holder2->shape->name || ref->names == copy->names) {
        builder.warn(what + " is an array of copies, below the top of its document, under the same name "
                                         "as the reference, or across a renamed collection; write this step by hand.");
        return;
    }
    const std::string refField = ref->names.front();
    const std::string copyField = copy->names.front();
    const std::string holder = holder2->shape->name;
    const std::string source = source2->shape->name;
    MigrationStep s;
    s.kind = StepKind::CopyToReference;
    s.collection = holder;
    s.title = "Replace the copy " + quoted(holder + "." + copyField) + " with the reference " +
              quoted(holder + "." + refField);
    s.details.push_back(quoted(refField) + " = the copy's " + quoted(copyField + "._id") + ", then " +
                        quoted(copyField) + " removed, in one update pipeline per batch; touches only documents that "
                        "still have the copy, so the step is idempotent and resumes where it stopped");
    s.details.push_back("from the release that reads it, the application reads what it copied from " + quoted(source) +
                        " by " + quoted(refField) + " ($lookup or a second query)");
    s.details.push_back(liveWrites(LiveWrites::PerDocument, "meanwhile the application may write the copy (the v1 "
                                                            "shape) or " + quoted(refField) + "; where a document "
                                                            "holds both, the copy's _id is kept"));
    const double docs = holder1->stat->documents;
    s.cost.documents = docs;
    s.cost.bytes = docs * holder2->stat->avgDocumentBytes;
    s.cost.indexEntries = context.indexEntriesOn(*holder2, {refField});
    s.cost.seconds = writeSeconds(docs, context.options());
    s.script = referenceFromCopyScript("STEP", holder, copyField, refField, false);
    // The rollback fills the copy again from the source as it is then.
    auto element = copyElement(builder, *holder1, copyKey, *source2, "$" + refField, "its rollback");
    if (element)
        s.rollbackScript =
            fillFromReferenceScript("STEP + \":rollback\"", holder, refField, copyField, source, *element, false);
    describeCopyRemoval(s, copy1.copySemantics, source, element.has_value(), true, "reference");
    builder.touch(holder);
    builder.add(std::move(s), Phase::Representations);
}

// An array of ids in the holder's documents (referenceArrayInParent) that
// becomes an array of copies of the documents they name (an extended
// reference to many), or back. Same relationship id, same ends.
void ReferenceCopyPlanner::planIdArray(const PlanContext &context, PlanBuilder &builder, const Relationship &r1,
                                       const Relationship &r2) {
    const bool toCopies = r1.representation == Representation::ReferenceArrayInParent;
    const Side *holder1 = context.sideOfEntity(context.sides1(), r2.parentId);
    const Side *holder2 = context.sideOfEntity(context.sides2(), r2.parentId);
    const Side *source1 = context.sideOfEntity(context.sides1(), r2.childId);
    const Side *source2 = context.sideOfEntity(context.sides2(), r2.childId);
    const std::string idsKey = "r:" + r2.id + ":ref:" + r2.childId;
    const std::string copyKey = "r:" + r2.id + ":extref";
    const Side *idsSide = toCopies ? holder1 : holder2;
    const Side *copySide = toCopies ? holder2 : holder1;
    const NodePlace *ids = idsSide ? idsSide->map->find(idsKey) : nullptr;
    const NodePlace *copies = copySide ? copySide->map->find(copyKey) : nullptr;
    builder.move(idsKey);
    builder.move(copyKey);
    const std::string what = "relationship " + r2.id + ": " + std::string(toString(r1.representation)) + " to " +
                             std::string(toString(r2.representation));
    if (!holder1 || !holder2 || !source1 || !source2 || !ids || !copies || ids->names.size() != 1 ||
        copies->names.size() != 1 || holder1->shape->name != holder2->shape->name ||
        source1->shape->name != source2->shape->name || ids->names == copies->names) {
        builder.warn(what + " is below the top of its document, under the same name as the other "
                                         "shape, or across a renamed collection; write this step by hand.");
        return;
    }
    const std::string idsField = ids->names.front();
    const std::string copyField = copies->names.front();
    const std::string holder = holder2->shape->name;
    const std::string source = source2->shape->name;
    // Each id of the array, in its order, as a copy of the document it names;
    // an id that names no document stays as a copy that holds only its _id
    // (it fails the v2 validator, and the end-of-window check counts it).
    // Where the ids are v1's (`idsWin`), copy, verify, then remove: an array
    // the old release changed after its copies were made keeps its ids and
    // is copied again by the next run. The other way (a rollback) the
    // copies are v1's and win.
    auto fillScript = [&](const std::string &step, const Json &element, bool idsWin) {
        Json each = {{"$map", {{"input", {{"$cond", Json::array({{{"$isArray", "$" + idsField}}, "$" + idsField, Json::array()})}}},
                               {"as", "id"},
                               {"in", withSource("$$id", {{"$cond", Json::array({isObject("$$source"), element, {{"_id", "$$id"}}})}})}}}};
        Json stages = Json::array(
            {{{"$lookup", {{"from", source}, {"localField", idsField}, {"foreignField", "_id"}, {"as", "__source"}}}},
             {{"$project", {{"_id", 1}, {copyField, std::move(each)}}}},
             mergeInto(holder)});
        Json fill = {{idsField, {{"$exists", true}}}, {copyField, {{"$exists", false}}}};
        Json unset = {{idsField, {{"$exists", true}}}, {copyField, {{"$exists", true}}}};
        if (idsWin) {
            const Json copiedIds = {{"$cond", Json::array({{{"$isArray", "$" + copyField}},
                                                           {{"$map", {{"input", "$" + copyField}, {"as", "c"}, {"in", "$$c._id"}}}},
                                                           nullptr})}};
            fill = {{idsField, {{"$exists", true}}},
                    {"$or", Json::array({{{copyField, {{"$exists", false}}}},
                                         {{"$expr", {{"$ne", Json::array({"$" + idsField, copiedIds})}}}}})}};
            unset["$expr"] = {{"$eq", Json::array({"$" + idsField, copiedIds})}};
        }
        return "aggregateInBatches(" + step + ", " + jsString(holder) + ",\n      " + js(fill, 6) + ",\n      " +
               js(stages, 6) + ");\n    rewrite(" + step + " + \":unset\", " + jsString(holder) + ",\n      " +
               js(unset, 6) + ",\n      " + js(Json::array({{{"$unset", idsField}}}), 6) + ");";
    };
    // The copies' _id values, in their order, as the array of ids.
    auto idsScript = [&](const std::string &step) {
        Json idsOf = {{"$cond", Json::array({{{"$isArray", "$" + copyField}},
                                             {{"$map", {{"input", "$" + copyField}, {"as", "c"}, {"in", "$$c._id"}}}},
                                             "$$REMOVE"})}};
        Json stages = Json::array({{{"$set", {{idsField, std::move(idsOf)}}}}, {{"$unset", copyField}}});
        return "rewrite(" + step + ", " + jsString(holder) + ",\n      " + js(Json{{copyField, {{"$exists", true}}}}, 6) +
               ",\n      " + js(stages, 6) + ");";
    };
    const Side &copyHolder = toCopies ? *holder2 : *holder1;
    auto element = copyElement(builder, copyHolder, copyKey, *source2, "$$id", toCopies ? what : "its rollback");
    if (toCopies && !element)
        return;
    const Relationship &copyRel = toCopies ? r2 : r1;
    MigrationStep s;
    s.collection = holder;
    const double docs = holder1->stat->documents;
    s.cost.documents = docs;
    s.cost.bytes = docs * holder2->stat->avgDocumentBytes;
    s.cost.indexEntries = context.indexEntriesOn(*holder2, {toCopies ? copyField : idsField});
    if (toCopies) {
        std::string list;
        for (const auto &[k, v] : element->items())
            list += (list.empty() ? "" : ", ") + k;
        s.kind = StepKind::ReferenceToCopy;
        s.title = "Replace the ids " + quoted(holder + "." + idsField) + " with the copies " +
                  quoted(holder + "." + copyField) + " from " + quoted(source);
        s.details.push_back("each id of " + quoted(idsField) + ", in its order, becomes a copy {" + list + "} of the " +
                            quoted(source) + " document it names ($lookup by _id, $merge)");
        s.details.push_back("then " + quoted(idsField) + " is removed ($unset) where the copies are there and are of "
                            "its ids as they are now; both touch only documents still in the v1 shape, so the step is "
                            "idempotent and resumes where it stopped");
        s.details.push_back(liveWrites(LiveWrites::CopyVerifyRemove,
                                       "meanwhile the application may change " + quoted(idsField) +
                                       " (the v1 shape); ids changed after their copies were made keep their values, "
                                       "and the next run copies them again"));
        if (copyRel.copySemantics == Duplication::Snapshot)
            s.details.push_back("the copies are snapshots: the filled values are the source's values now, not those "
                                "of the time each document was written");
        s.details.push_back("an id that names no " + quoted(source) + " document becomes a copy with only its _id; the "
                            "document fails the v2 validator until it is mended by hand (the end-of-window check counts it)");
        if (!copyRel.copyOwner.empty())
            s.details.push_back("from the release that reads it, " + copyRel.copyOwner);
        s.cost.documentsRead = source1->stat->documents;
        s.cost.seconds = writeSeconds(2 * docs, context.options());
        s.script = fillScript("STEP", *element, true);
        s.rollback = "the ids again from the copies' _id values, in their order, and the copies removed (their values "
                     "stay in " + quoted(source) + ")";
        s.rollbackScript = idsScript("STEP + \":rollback\"");
    } else {
        s.kind = StepKind::CopyToReference;
        s.title = "Replace the copies " + quoted(holder + "." + copyField) + " with the ids " +
                  quoted(holder + "." + idsField);
        s.details.push_back(quoted(idsField) + " = the copies' _id values, in their order, then " + quoted(copyField) +
                            " removed, in one update pipeline per batch; touches only documents that still have the "
                            "copies, so the step is idempotent and resumes where it stopped");
        s.details.push_back("from the release that reads it, the application reads what they copied from " +
                            quoted(source) + " by " + quoted(idsField) + " ($lookup or a second query)");
        s.details.push_back(liveWrites(LiveWrites::PerDocument, "meanwhile the application may write the copies (the "
                                                                "v1 shape) or " + quoted(idsField) + "; where a "
                                                                "document holds both, the copies' _id values are kept"));
        s.cost.seconds = writeSeconds(docs, context.options());
        s.script = idsScript("STEP");
        if (element)
            s.rollbackScript = fillScript("STEP + \":rollback\"", *element, false);
        describeCopyRemoval(s, copyRel.copySemantics, source, element.has_value(), false, "ids");
    }
    builder.touch(holder);
    builder.add(std::move(s), Phase::Representations);
}

} // namespace docshape::migration
