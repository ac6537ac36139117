#include "advisor/AdvisorContext.h"

#include "derive/ValueLengths.h"

#include <utility>

namespace docshape::advisor {

namespace {

BsonType valueTypeOf(const Field &f) { return f.isArray() ? f.elementType : f.type; }

// Calls fn(field, dotted path) for the fields of `fields` and below; `path`
// holds the enclosing field's path, and one buffer serves the whole walk.
template <typename Fn> void walk(const std::vector<Field> &fields, std::string &path, Fn &fn) {
    for (const auto &f : fields) {
        const std::size_t enclosing = path.size();
        if (enclosing > 0)
            path += '.';
        path += f.name;
        fn(f, std::as_const(path));
        walk(f.fields, path, fn);
        path.resize(enclosing);
    }
}

} // namespace

void checkStatedSizes(Context &ctx, const Entity &e) {
    {
        auto check = [&](const Field &f, const std::string &path) {
            const BsonType type = valueTypeOf(f);
            if (!hasByteLength(type))
                return;
            const ValueLengths lengths = valueLengths(f, type);
            if (!lengths.contradicts())
                return;
            const FindingTarget target{"field", f.id, e.name + "." + path};
            const std::uint64_t stated = *lengths.stated;
            if (lengths.capBy == LengthCap::Enum)
                ctx.add(rule::kStatedSizeContradicts, target,
                        "{0}.{1} states maxBytes {2}, but its longest enum value is {3} bytes: the largest "
                        "document holds {3}",
                        e.name, path, stated, *lengths.cap);
            else if (lengths.cap && stated > *lengths.cap)
                ctx.add(rule::kStatedSizeContradicts, target,
                        "{0}.{1} states maxBytes {2}, but its {3} allows at most {4} bytes: the largest "
                        "document holds {4}",
                        e.name, path, stated, Static{toString(lengths.capBy)}, *lengths.cap);
            else
                ctx.add(rule::kStatedSizeContradicts, target,
                        "{0}.{1} states maxBytes {2}, but its minLength or pattern needs at least {3} "
                        "characters: the largest document holds {4} bytes",
                        e.name, path, stated, lengths.least, lengths.max.value_or(stated));
        };
        std::string path;
        walk(e.fields, path, check);
        for (const auto &v : e.variants)
            walk(v.fields, path, check);
    }
}

void checkValueSizes(Context &ctx) {
    const CollectionView &view = ctx.view();
    const CollectionStat &stat = *view.stat;
    for (const auto &path : stat.unbounded) {
        const ShapeNode *node = view.nodeAt(path);
        if (!node || !hasByteLength(node->type == BsonType::Array ? node->elementType : node->type))
            continue; // an array without a maxCount: DS101
        FindingTarget target{"field", node->field ? node->field->id : std::string(),
                             ctx.documentPathName(*view.shape, stat, path)};
        ctx.add(rule::kValueWithoutMaximum, std::move(target),
                "'{0}' of {1} has no maximum length (no maxBytes, and no enum, maxLength or anchored pattern "
                "bounds it): the largest {1} document is unknown",
                path, stat.name);
    }
}

} // namespace docshape::advisor
