#include "migrate/planners/FieldPlanner.h"

#include "export/MongoshLiteral.h"
#include "migrate/planners/DateText.h"
#include "migrate/planners/KeyChange.h"
#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

Status FieldPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &p : context.pairs())
        if (p.v1)
            if (Status s = planPair(context, builder, p); !s)
                return s;
    return {};
}

Status FieldPlanner::planPair(const PlanContext &context, PlanBuilder &builder, const Pair &pair) {
    const ShapeMap &v1 = *pair.v1->map;
    const ShapeMap &v2 = *pair.v2->map;
    const CollectionShape &c = *pair.v2->shape;
    DocumentRewrite &rewrite = builder.rewriteOf(c.name);
    const Entity *root2 = c.kind == CollectionKind::Entity ? c.root : nullptr;
    const bool versioned = root2 && root2->schemaVersion;

    for (const KeyChange &k : keyChanges(context, builder, pair)) {
        const NodePlace &n2 = *k.n2;
        const std::string where = c.name + "." + n2.path();
        const Field *f2 = n2.node->origin == NodeOrigin::Field ? n2.node->field : nullptr;
        if (k.n1) {
            const NodePlace *n1 = k.n1;
            if (!k.notRewritten.empty()) {
                builder.warn(k.notRewritten);
                continue;
            }
            const Place &target = k.to;
            if (k.from.names != target.names) {
                FieldOp op;
                op.kind = FieldOp::Rename;
                op.from = k.from;
                op.to = target;
                op.guard = pipeline::placeOf(*n1);
                op.sameParent = k.sameParent;
                op.conditionalRemove = k.conditionalRemove;
                op.subdocument = n2.node->type == BsonType::Object;
                op.array = n2.node->isArray();
                op.describe = "rename " + quoted(n1->path()) + " to " + quoted(n2.path());
                rewrite.renames.push_back(std::move(op));
                rewrite.changedPaths.push_back(n2.path());
            }
            if (n1->node->type != n2.node->type && !n2.node->isArray() && !n2.node->hasObject() &&
                !n1->node->isArray() && !n1->node->hasObject()) {
                FieldOp op;
                op.kind = FieldOp::Convert;
                op.to = target;
                op.guard = pipeline::placeOf(*n1);
                op.fromType = n1->node->type;
                op.toType = n2.node->type;
                const Field *f1 = n1->node->origin == NodeOrigin::Field ? n1->node->field : nullptr;
                // A date written as text: in the form v2's pattern accepts;
                // text read as a date goes back in the form v1's accepts.
                if (op.fromType == BsonType::Date && op.toType == BsonType::String)
                    if (const DateFormat *f = dateFormatFor(f2))
                        op.format = f->format;
                if (op.fromType == BsonType::String && op.toType == BsonType::Date)
                    if (const DateFormat *f = dateFormatFor(f1))
                        op.backFormat = f->format;
                if (pipeline::convertTarget(op.toType).empty()) {
                    builder.warn(where + ": " + std::string(toString(op.fromType)) + " to " +
                                 std::string(toString(op.toType)) + " has no $convert; values are left as they are.");
                } else {
                    op.describe = "convert " + quoted(n2.path()) + " from " + std::string(toString(op.fromType)) +
                                  " to " + std::string(toString(op.toType)) +
                                  (op.format.empty() ? " ($convert" : " ($dateToString, format \"" + op.format + "\" (UTC), the form its pattern accepts") +
                                  "; a value that does not convert is kept as it is, and counted by the dry run)";
                    rewrite.converts.push_back(std::move(op));
                    rewrite.changedPaths.push_back(n2.path());
                }
            } else if (n1->node->type != n2.node->type) {
                builder.warn(where + ": " + std::string(toString(n1->node->type)) + " to " +
                             std::string(toString(n2.node->type)) + " is not converted automatically.");
            }
            if (!n2.optional && n1->optional) {
                auto value = builder.defaultFor(*n2.node, where);
                if (!value)
                    return value.error();
                FieldOp op;
                op.kind = FieldOp::Fill;
                op.to = target;
                op.guard = pipeline::placeOf(*n1);
                op.value = std::move(*value);
                op.describe = "fill " + quoted(n2.path()) + " with " + mongoshLiteral(op.value) +
                              " where it is missing (now required)";
                rewrite.fills.push_back(std::move(op));
                rewrite.changedPaths.push_back(n2.path());
            }
            continue;
        }
        if (f2 && !f2->details->computedFrom.empty())
            continue; // ComputedPlanner computes it, or says why not: never a made-up default
        // New in v2: only required keys need a value; an absent optional key is valid.
        const NodePlace *parent2 = n2.parentKey.empty() ? nullptr : v2.find(n2.parentKey);
        if (n2.optional || (parent2 && parent2->optional))
            continue;
        if (n2.node->origin == NodeOrigin::Reference) {
            builder.warn(where + " (a reference) is new and required: the application must fill it; "
                                 "documents without it fail the v2 validator.");
            continue;
        }
        if (n2.node->origin != NodeOrigin::Field)
            continue;
        if (versioned && n2.names.size() == 1 && n2.names.front() == kVersionKey)
            continue; // the version stage writes it
        auto value = builder.defaultFor(*n2.node, where);
        if (!value)
            return value.error();
        FieldOp op;
        op.kind = FieldOp::Fill;
        op.to = k.to;
        op.newField = true;
        // The old shape: the key missing where its parent already is in v1.
        op.guard = op.to;
        if (parent2) {
            if (const NodePlace *parent1 = v1.find(n2.parentKey)) {
                op.guard = pipeline::placeOf(*parent1);
                op.guard.arrays.push_back(parent1->node->isArray());
                op.guard.names.push_back(n2.names.back());
            }
        }
        op.value = std::move(*value);
        op.describe = "add " + quoted(n2.path()) + " = " + mongoshLiteral(op.value) + " where it is missing";
        rewrite.fills.push_back(std::move(op));
        rewrite.changedPaths.push_back(n2.path());
    }
    for (const NodePlace &n1 : v1.places()) {
        if (v2.find(n1.key) || builder.moves(v1, n1))
            continue;
        if (!n1.parentKey.empty() && !v2.find(n1.parentKey))
            continue; // removed with its parent
        auto eff = context.effective(v1, v2, n1);
        if (!eff)
            continue;
        FieldOp op;
        op.kind = FieldOp::Remove;
        op.from = *eff;
        op.guard = pipeline::placeOf(n1);
        // A subdocument whose keys all moved elsewhere (a flattened
        // profile) loses nothing: each key below it is in v2, or under a
        // key below it that is.
        bool below = false, covered = true;
        for (const NodePlace &d : v1.places()) {
            bool inside = false, kept = false;
            for (const NodePlace *up = &d; up && !up->parentKey.empty(); up = v1.find(up->parentKey)) {
                kept = kept || v2.find(up->key) != nullptr;
                if (up->parentKey == n1.key) {
                    inside = true;
                    break;
                }
            }
            if (inside) {
                below = true;
                covered = covered && kept;
            }
        }
        op.emptied = below && covered;
        op.describe = op.emptied ? "remove the subdocument " + quoted(n1.path()) + ", whose keys moved"
                                 : "remove " + quoted(n1.path());
        rewrite.removes.push_back(std::move(op));
        rewrite.changedPaths.push_back(n1.path());
    }
    return {};
}

} // namespace docshape::migration
