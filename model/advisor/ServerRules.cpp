#include "advisor/AdvisorContext.h"

#include "derive/IndexRules.h"

namespace docshape::advisor {

// What the server refuses in the entered collection, by the one check that
// export also runs (derive/IndexRules.h): lint fails where export would.
void checkServerRules(Context &ctx) {
    const CollectionView &view = ctx.view();
    const CollectionStat &stat = *view.stat;
    if (auto refused = idTypeRefusal(view.shape->shape))
        ctx.add(rule::kServerRefuses, Context::collectionTarget(stat), "{0}: the server refuses every document: {1}",
                stat.name, *refused);
    for (std::size_t k = 0; k < stat.indexes.size(); ++k) {
        const IndexSpec *spec = view.spec(k);
        if (!spec)
            continue;
        const IndexStat &index = stat.indexes[k];
        for (auto &finding : serverIndexRules(*spec, view.shape->shape))
            ctx.add(finding.error ? rule::kServerRefuses : rule::kServerIgnores,
                    Context::indexTarget(*spec, index.name), "index {0} on {1}: {2}", index.name, stat.name,
                    std::move(finding.message));
    }
}

} // namespace docshape::advisor
