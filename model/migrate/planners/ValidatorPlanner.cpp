#include "migrate/planners/ValidatorPlanner.h"

#include "migrate/planners/ScriptParts.h"

namespace docshape::migration {

Status ValidatorPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const Pair &p : context.pairs()) {
        if (!p.v1)
            continue;
        const CollectionShape &c = *p.v2->shape;
        const Entity *root = c.kind == CollectionKind::Junction ? nullptr : c.root;
        if (root && root->timeSeries)
            continue;
        auto now = context.validatorOf(context.after(), *p.v2);
        if (!now)
            return now.error();
        auto was = context.validatorOf(context.before(), *p.v1);
        if (!was)
            return was.error();
        const Entity *root1 = p.v1->shape->kind == CollectionKind::Junction ? nullptr : p.v1->shape->root;
        const ValidationLevel level = root ? root->validationLevel : ValidationLevel::Strict;
        const ValidationAction action = root ? root->validationAction : ValidationAction::Error;
        const ValidationLevel level1 = root1 ? root1->validationLevel : ValidationLevel::Strict;
        const ValidationAction action1 = root1 ? root1->validationAction : ValidationAction::Error;
        const bool rewritten = builder.touched(c.name);
        if (*now == *was && level == level1 && action == action1 && !rewritten)
            continue;
        MigrationStep relax;
        relax.kind = StepKind::RelaxValidator;
        relax.collection = c.name;
        relax.title = "Install the v2 validator on " + quoted(c.name) + " at validationLevel \"moderate\"";
        relax.details.push_back("collMod with the v2 $jsonSchema: inserts and updates of documents that already pass "
                                "are checked; documents still in the v1 shape can be rewritten");
        relax.script = "setValidator(" + jsString(c.name) + ", " + js(*now) + ", \"moderate\", " +
                       jsString(std::string(toString(action))) + ");";
        relax.rollback = "the v1 validator at its v1 level";
        relax.rollbackScript = "setValidator(" + jsString(c.name) + ", " + js(*was) + ", " +
                               jsString(std::string(toString(level1))) + ", " + jsString(std::string(toString(action1))) + ");";
        builder.add(std::move(relax), Phase::RelaxValidators);

        MigrationStep restore;
        restore.kind = StepKind::RestoreValidator;
        restore.collection = c.name;
        restore.title = "Return " + quoted(c.name) + " to validationLevel " + jsString(std::string(toString(level)));
        restore.details.push_back("the end of the read-both-versions window: only once no document fails the v2 "
                                  "validator (counted with $jsonSchema in a query); otherwise it stays moderate and "
                                  "says how many fail");
        restore.cost.documentsRead = p.v2->stat->documents;
        restore.script = "restoreValidator(" + jsString(c.name) + ", " + js(*now) + ", " +
                         jsString(std::string(toString(level))) + ");";
        // The rollbacks of the steps before this one write v1 shapes: v1's
        // validator at "moderate" lets them rewrite documents that fail it,
        // and checks documents that pass it.
        restore.rollback = "the v1 validator at validationLevel \"moderate\", while the steps before are rolled back";
        restore.rollbackScript = "setValidator(" + jsString(c.name) + ", " + js(*was) + ", \"moderate\", " +
                                 jsString(std::string(toString(action1))) + ");";
        builder.add(std::move(restore), Phase::RestoreValidators);
    }
    return {};
}

} // namespace docshape::migration
