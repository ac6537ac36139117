#include "panels/FieldPaths.h"

namespace docshape::ui::panels {

namespace {
void collect(const ObjectShape &object, const QString &prefix, QStringList &out, int depth) {
    // The server stops at 100 levels; deeper shapes would be a model error.
    if (depth > 100)
        return;
    auto visit = [&](const ShapeNode &node) {
        const QString path = prefix + QString::fromUtf8(node.name.data(), qsizetype(node.name.size()));
        if (!out.contains(path))
            out << path;
        if (node.hasObject())
            collect(*node.object, path + QLatin1Char('.'), out, depth + 1);
    };
    for (const ShapeNode &node : object.fields)
        visit(node);
    for (const ShapeVariant &variant : object.variants)
        for (const ShapeNode &node : variant.fields)
            visit(node);
}
} // namespace

QStringList fieldPaths(const CollectionShape &collection) {
    QStringList out;
    collect(collection.shape, QString(), out, 0);
    return out;
}

} // namespace docshape::ui::panels
