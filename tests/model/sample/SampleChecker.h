#pragma once

#include "derive/CollectionShape.h"

#include <bson/bson.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace docshape::test {

// A check of a document against a collection shape, written independently
// of the generator (std::regex for patterns, bson_iter for values), so a
// sample that breaks a constraint is caught here rather than trusted.
// Rules are named like BreakRule's strings where they match:
// missing-required, wrong-type, array-over-bound, outside-enum; and
// min-items, unique-items, range, pattern, length, unexpected-key.
struct Violation {
    std::string rule;
    std::string path;
    bool operator==(const Violation &) const = default;
};

class SampleChecker {
public:
    std::vector<Violation> check(const std::vector<std::uint8_t> &bytes) const {
        std::vector<Violation> out;
        bson_t doc;
        if (!bson_init_static(&doc, bytes.data(), bytes.size()) || !bson_validate(&doc, BSON_VALIDATE_NONE, nullptr)) {
            out.push_back({"malformed", ""});
            return out;
        }
        bson_iter_t it;
        bson_iter_init(&it, &doc);
        checkObject(it, m_shape, "", out);
        return out;
    }

    explicit SampleChecker(const ObjectShape &shape) : m_shape(shape) {}

private:
    static std::string join(const std::string &p, std::string_view k) {
        return p.empty() ? std::string(k) : p + "." + std::string(k);
    }

    void checkObject(bson_iter_t it, const ObjectShape &shape, const std::string &path,
                     std::vector<Violation> &out) const {
        std::vector<std::pair<std::string, bson_iter_t>> keys;
        while (bson_iter_next(&it))
            keys.emplace_back(bson_iter_key(&it), it);
        auto find = [&](std::string_view name) -> const bson_iter_t * {
            for (auto &[k, v] : keys)
                if (k == name)
                    return &v;
            return nullptr;
        };

        std::vector<const ShapeNode *> allowed, requiredFrom;
        for (const auto &n : shape.fields)
            allowed.push_back(&n), requiredFrom.push_back(&n);
        if (!shape.variants.empty()) {
            const ShapeVariant *chosen = nullptr;
            if (const bson_iter_t *d = find(shape.discriminator); d && BSON_ITER_HOLDS_UTF8(d)) {
                const std::string value = bson_iter_utf8(d, nullptr);
                for (const auto &v : shape.variants)
                    if (v.value == value)
                        chosen = &v;
                if (!chosen)
                    out.push_back({"outside-enum", join(path, shape.discriminator)});
            }
            for (const auto &v : shape.variants)
                if (!chosen || chosen == &v)
                    for (const auto &n : v.fields) {
                        allowed.push_back(&n);
                        if (chosen)
                            requiredFrom.push_back(&n);
                    }
        }
        for (const ShapeNode *n : requiredFrom)
            if (n->required && !find(n->name))
                out.push_back({"missing-required", join(path, n->name)});
        for (auto &[key, value] : keys) {
            auto node = std::find_if(allowed.begin(), allowed.end(), [&](const ShapeNode *n) { return n->name == key; });
            if (node == allowed.end()) {
                out.push_back({"unexpected-key", join(path, key)});
                continue;
            }
            checkValue(value, **node, join(path, key), out);
        }
    }

    void checkValue(const bson_iter_t &it, const ShapeNode &node, const std::string &path,
                    std::vector<Violation> &out) const {
        if (BSON_ITER_HOLDS_NULL(&it) && node.type != BsonType::Null) {
            if (node.nullFraction <= 0)
                out.push_back({"wrong-type", path});
            return;
        }
        if (bson_iter_type(&it) != static_cast<bson_type_t>(bsonTypeCode(node.type))) {
            out.push_back({"wrong-type", path});
            return;
        }
        if (node.type == BsonType::Object) {
            bson_iter_t child;
            bson_iter_recurse(&it, &child);
            checkObject(child, *node.object, path, out);
            return;
        }
        if (node.type != BsonType::Array) {
            if (!node.isDiscriminator)
                checkScalar(it, node, node.type, path, out);
            return;
        }
        bson_iter_t el;
        bson_iter_recurse(&it, &el);
        std::uint64_t count = 0;
        std::set<std::string> seen;
        bool repeated = false;
        while (bson_iter_next(&el)) {
            const std::string here = join(path, std::to_string(count++));
            if (bson_iter_type(&el) != static_cast<bson_type_t>(bsonTypeCode(node.elementType))) {
                out.push_back({"wrong-type", here});
                continue;
            }
            if (node.elementType == BsonType::Object) {
                bson_iter_t child;
                bson_iter_recurse(&el, &child);
                checkObject(child, *node.object, here, out);
            } else {
                checkScalar(el, node, node.elementType, here, out);
            }
            repeated |= !seen.insert(valueKey(el)).second;
        }
        if (node.maxCount && count > *node.maxCount)
            out.push_back({"array-over-bound", path});
        if (node.field && node.field->details->minItems && count < *node.field->details->minItems)
            out.push_back({"min-items", path});
        if (node.field && node.field->uniqueItems && repeated)
            out.push_back({"unique-items", path});
    }

    // The value's type and bytes, to compare elements for uniqueItems.
    static std::string valueKey(const bson_iter_t &it) {
        bson_t one;
        bson_init(&one);
        bson_append_iter(&one, "v", 1, &it);
        std::string key(reinterpret_cast<const char *>(bson_get_data(&one)), one.len);
        bson_destroy(&one);
        return key;
    }

    void checkScalar(const bson_iter_t &it, const ShapeNode &node, BsonType type, const std::string &path,
                     std::vector<Violation> &out) const {
        const Field *f = node.field;
        if (!f)
            return;
        const auto &values = f->details->enumValues;
        switch (type) {
        case BsonType::String: {
            std::uint32_t len = 0;
            const std::string s = bson_iter_utf8(&it, &len);
            if (!values.empty() && std::find(values.begin(), values.end(), s) == values.end()) {
                out.push_back({"outside-enum", path});
                return;
            }
            const FieldDetails &d = *f->details;
            if (d.pattern && !std::regex_search(s, std::regex(*d.pattern)))
                out.push_back({"pattern", path});
            if ((d.minLength && len < *d.minLength) || (d.maxLength && len > *d.maxLength))
                out.push_back({"length", path});
            break;
        }
        case BsonType::Int:
        case BsonType::Long:
        case BsonType::Double:
        case BsonType::Decimal: {
            double v = 0;
            if (type == BsonType::Int)
                v = bson_iter_int32(&it);
            else if (type == BsonType::Long)
                v = static_cast<double>(bson_iter_int64(&it));
            else if (type == BsonType::Double)
                v = bson_iter_double(&it);
            else {
                bson_decimal128_t d;
                bson_iter_decimal128(&it, &d);
                char text[BSON_DECIMAL128_STRING];
                bson_decimal128_to_string(&d, text);
                v = std::strtod(text, nullptr);
            }
            if (!values.empty() && std::none_of(values.begin(), values.end(), [&](const std::string &e) {
                    return std::strtod(e.c_str(), nullptr) == v;
                })) {
                out.push_back({"outside-enum", path});
                return;
            }
            if ((f->details->minimum && v < *f->details->minimum) || (f->details->maximum && v > *f->details->maximum))
                out.push_back({"range", path});
            break;
        }
        case BsonType::Bool:
            if (!values.empty() &&
                std::find(values.begin(), values.end(), bson_iter_bool(&it) ? "true" : "false") == values.end())
                out.push_back({"outside-enum", path});
            break;
        default:
            break;
        }
    }

    const ObjectShape &m_shape;
};

} // namespace docshape::test
