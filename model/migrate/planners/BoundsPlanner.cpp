#include "migrate/planners/BoundsPlanner.h"

#include "export/ExtendedJson.h"
#include "export/MongoshLiteral.h"
#include "migrate/planners/KeyChange.h"
#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

Status BoundsPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &pair : context.pairs()) {
        if (!pair.v1)
            continue;
        for (const KeyChange &k : keyChanges(context, builder, pair)) {
            if (!k.n1 || !k.notRewritten.empty())
                continue;
            const Field *e1 = k.n1->node->origin == NodeOrigin::Field ? k.n1->node->field : nullptr;
            const Field *f2 = k.n2->node->origin == NodeOrigin::Field ? k.n2->node->field : nullptr;
            if (e1 && f2 && k.n1->node->type == k.n2->node->type)
                planField(builder, pair.v2->shape->name, *k.n2, *e1, *f2);
        }
    }
    return {};
}

void BoundsPlanner::planField(PlanBuilder &builder, const std::string &collection, const NodePlace &place,
                              const Field &f1, const Field &f2) {
    const FieldDetails &d1 = *f1.details;
    const FieldDetails &d2 = *f2.details;
    const std::string where = collection + "." + place.path();
    const std::string ref = "$" + place.path();
    struct Bound {
        Json filter;    // the documents out of the bound, as a query
        Json condition; // the same, as an expression over the document
        std::string text;
        Json fitted; // the value within the bound; null: no fit, only "leave"
        std::string fit;
    };
    std::vector<Bound> bounds;
    const Json isString = {{"$eq", Json::array({{{"$type", ref}}, "string"})}};
    const Json length = {{"$strLenCP", {{"$cond", Json::array({isString, ref, ""})}}}};
    if (d2.maxLength && (!d1.maxLength || *d2.maxLength < *d1.maxLength)) {
        const auto n = static_cast<std::int64_t>(*d2.maxLength);
        const Json over = {{"$and", Json::array({isString, {{"$gt", Json::array({length, n})}}})}};
        bounds.push_back({{{"$expr", over}}, over, "longer than " + std::to_string(n) + " characters (v2's maxLength)",
                          {{"$substrCP", Json::array({ref, 0, n})}},
                          "the text beyond " + std::to_string(n) + " characters cut"});
    }
    if (d2.minLength && (!d1.minLength || *d2.minLength > *d1.minLength)) {
        const auto n = static_cast<std::int64_t>(*d2.minLength);
        const Json under = {{"$and", Json::array({isString, {{"$lt", Json::array({length, n})}}})}};
        bounds.push_back({{{"$expr", under}}, under, "shorter than " + std::to_string(n) + " characters (v2's minLength)", nullptr, ""});
    }
    const bool capped1 = f1.maxCount && f1.maxEnforcedBy == BoundEnforcer::Validator;
    if (f2.isArray() && f2.maxCount && f2.maxEnforcedBy == BoundEnforcer::Validator &&
        (!capped1 || *f2.maxCount < *f1.maxCount)) {
        const auto n = static_cast<std::int64_t>(*f2.maxCount);
        const Json size = {{"$size", {{"$cond", Json::array({{{"$isArray", ref}}, ref, Json::array()})}}}};
        const Json over = {{"$gt", Json::array({size, n})}};
        bounds.push_back({{{"$expr", over}}, over, "holding more than " + std::to_string(n) + " elements (v2's maxItems)",
                          {{"$slice", Json::array({ref, n})}},
                          "the elements after the first " + std::to_string(n) + " dropped"});
    }
    const bool number = f2.type == BsonType::Int || f2.type == BsonType::Long || f2.type == BsonType::Double ||
                        f2.type == BsonType::Decimal;
    if (number && d2.minimum && (!d1.minimum || *d2.minimum > *d1.minimum)) {
        const Json bound = typedNumber(f2.type, *d2.minimum);
        const Json under = {{"$and", Json::array({{{"$isNumber", ref}}, {{"$lt", Json::array({ref, pipeline::literal(bound)})}}})}};
        bounds.push_back({{{place.path(), {{"$lt", bound}}}}, under, "below " + mongoshLiteral(bound) + " (v2's minimum)", pipeline::literal(bound),
                          "values below " + mongoshLiteral(bound) + " raised to it"});
    }
    if (number && d2.maximum && (!d1.maximum || *d2.maximum < *d1.maximum)) {
        const Json bound = typedNumber(f2.type, *d2.maximum);
        const Json over = {{"$and", Json::array({{{"$isNumber", ref}}, {{"$gt", Json::array({ref, pipeline::literal(bound)})}}})}};
        bounds.push_back({{{place.path(), {{"$gt", bound}}}}, over, "above " + mongoshLiteral(bound) + " (v2's maximum)", pipeline::literal(bound),
                          "values above " + mongoshLiteral(bound) + " lowered to it"});
    }
    if (bounds.empty())
        return;
    std::string list;
    for (const Bound &b : bounds)
        list += (list.empty() ? "" : "; ") + b.text;
    if (place.crossesArray() || place.names.size() != 1) {
        // The counts and the fitting read the field at the top of a document.
        builder.refuse(where, "v2 narrows the bounds of this field (" + list + "), which is inside " +
                                  (place.crossesArray() ? "an array" : "an embedded document") +
                                  ", where the script does not count or fit the values out of them; choose one: keep "
                                  "v1's bound in v2 (the application holds new values to the narrower one); or bring "
                                  "the values within it by hand, then narrow it in a later migration");
        return;
    }
    Json checks = Json::array();
    for (const Bound &b : bounds) {
        Json one = {{"filter", b.filter}, {"text", b.text}};
        if (!b.fitted.is_null())
            one["fit"] = b.fit;
        checks.push_back(std::move(one));
    }
    MigrationStep check;
    check.kind = StepKind::Check;
    check.collection = collection;
    check.title = "Count the documents whose " + quoted(place.path()) + " is out of v2's narrower bounds";
    check.details.push_back("before anything is written: documents " + list + "; the run stops with the counts "
                            "unless `migrationOptions.outOfBounds` says, for " + quoted(where) +
                            ", \"fit\" (they are brought within the bound, which cannot be undone) or \"leave\" (they "
                            "stay, failing the v2 validator, which then stays at validationLevel \"moderate\"); or "
                            "fix them first, or keep v1's bound in v2");
    check.script = "checkBounds(" + jsString(collection) + ", " + jsString(place.path()) + ", " + js(checks) + ");";
    check.rollback = "nothing to undo: it writes nothing";
    builder.add(std::move(check), Phase::Checks);

    Json stages = Json::array();
    Json filters = Json::array();
    std::vector<std::string> fits;
    for (const Bound &b : bounds) {
        if (b.fitted.is_null())
            continue;
        // Each bound in its own stage: a value within it stays as it is.
        stages.push_back({{"$set", {{place.names.front(), {{"$cond", Json::array({b.condition, b.fitted, ref})}}}}}});
        filters.push_back(b.filter);
        fits.push_back(b.fit);
    }
    if (stages.empty())
        return;
    MigrationStep s;
    s.kind = StepKind::Rewrite;
    s.collection = collection;
    s.title = "Fit the values of " + quoted(place.path()) + " within v2's narrower bounds";
    std::string fitList;
    for (const auto &f : fits)
        fitList += (fitList.empty() ? "" : "; ") + f;
    s.details.push_back("only when `migrationOptions.outOfBounds` says \"fit\" for " + quoted(where) + ": " + fitList);
    s.details.push_back(liveWrites(LiveWrites::PerDocument, rewriteMeanwhile()));
    s.script = "fitBounds(STEP, " + jsString(collection) + ", " + jsString(place.path()) + ",\n      " +
               js(filters.size() == 1 ? filters.front() : Json{{"$or", filters}}, 6) + ",\n      " + js(stages, 6) + ");";
    s.reversible = false;
    s.rollback = "cannot be undone: in " + quoted(where) + ", " + fitList + "; what was beyond the bound is gone";
    builder.touch(collection);
    builder.add(std::move(s), Phase::AfterRepresentations);
}

} // namespace docshape::migration
