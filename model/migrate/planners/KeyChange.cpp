#include "migrate/planners/KeyChange.h"

namespace docshape::migration {

std::vector<KeyChange> keyChanges(const PlanContext &context, const PlanBuilder &builder, const Pair &pair) {
    const ShapeMap &v1 = *pair.v1->map;
    const ShapeMap &v2 = *pair.v2->map;
    const std::string collection = pair.v2->shape->name;
    std::vector<KeyChange> out;
    for (const NodePlace &n2 : v2.places()) {
        if (builder.moves(v2, n2))
            continue;
        KeyChange k;
        k.n2 = &n2;
        k.n1 = v1.find(n2.key);
        k.to = pipeline::placeOf(n2);
        if (!k.n1) {
            out.push_back(std::move(k));
            continue;
        }
        const NodePlace &n1 = *k.n1;
        const std::string where = collection + "." + n2.path();
        auto eff = context.effective(v1, v2, n1);
        if (!eff) {
            k.notRewritten = where + ": cannot follow where it was in v1; not rewritten.";
            out.push_back(std::move(k));
            continue;
        }
        k.from = *eff;
        k.sameParent = n1.parentKey == n2.parentKey;
        if (k.from.names != k.to.names) {
            if (!k.sameParent && (k.from.crossesArray() || k.to.crossesArray())) {
                k.notRewritten = where + ": moved from " + n1.path() + " across an array; not rewritten (write this step by hand).";
            } else {
                // A move into a subdocument a document may lack must not drop
                // the value: the old key goes only where the new one was set.
                const NodePlace *into = n2.parentKey.empty() ? nullptr : v2.find(n2.parentKey);
                k.conditionalRemove = !k.sameParent && into && into->optional;
                if (k.conditionalRemove && k.from.names.size() > 1)
                    k.notRewritten = where + ": moved from " + n1.path() +
                                     " into an optional subdocument; not rewritten (write this step by hand).";
            }
        }
        out.push_back(std::move(k));
    }
    return out;
}

} // namespace docshape::migration
