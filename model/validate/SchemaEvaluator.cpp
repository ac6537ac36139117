#include "validate/SchemaEvaluator.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace docshape::validate::detail {

namespace {

// The server looks a property up as a (dotted) path; here through embedded
// documents only.
bool lookup(const Value &doc, std::string_view name, Value *out) {
    Value current = doc;
    size_t start = 0;
    while (true) {
        const size_t dot = name.find('.', start);
        const std::string_view part =
            name.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        Cursor c(current);
        bool found = false;
        while (c.next())
            if (c.key() == part) {
                found = true;
                break;
            }
        if (!found)
            return false;
        if (dot == std::string_view::npos) {
            *out = c.value();
            return true;
        }
        if (c.value().type != BSON_TYPE_DOCUMENT)
            return false;
        current = c.value();
        start = dot + 1;
    }
}

std::string found(const Value &v) {
    std::string text = describeValue(v, 60);
    if (text.rfind("a ", 0) == 0)
        return text;
    return std::string(typeName(v.type)) + " " + text;
}

std::string plural(int64_t n, const char *one, const char *many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// One evaluator per mode: with kCollect false it answers only pass/fail and
// stops at the first failure, building no path and no message (the fast path
// of matches()); with kCollect true it records every independent failure.
template <bool kCollect>
class Evaluator {
public:
    explicit Evaluator(std::vector<ValidationError> *errors = nullptr) : m_errors(errors) {}

    bool eval(const Node &n, const Value &v) {
        if (n.alwaysFalse) {
            report(n.alwaysFalseKeyword, n.alwaysFalseReason);
            return false;
        }
        const uint32_t type = typeBit(v.type);
        if (!(n.acceptTypes & type)) {
            if constexpr (kCollect)
                report(n.typeKeyword, "must be of type " + n.typeText + ", found " + found(v));
            return false;
        }
        bool ok = true;
        auto check = [&](bool passed) {
            if (!passed)
                ok = false;
            return passed || kCollect;
        };
        if (n.keywordTypes & type) {
            if (type & kNumberBits) {
                if (!check(numberKeywords(n, v)))
                    return false;
            } else if (v.type == BSON_TYPE_UTF8) {
                if (!check(stringKeywords(n, v)))
                    return false;
            } else if (v.type == BSON_TYPE_ARRAY) {
                if (!check(arrayKeywords(n, v)))
                    return false;
            } else {
                if (n.objectChecks && !check(objectKeywords(n, v)))
                    return false;
                if (!n.dependencies.empty() && !check(dependencies(n, v)))
                    return false;
            }
        }
        if (n.combines && !check(combinations(n, v)))
            return false;
        return ok;
    }

private:
    std::vector<ValidationError> *m_errors;
    std::string m_path;

    void report(const std::string &keyword, std::string message) {
        if constexpr (kCollect)
            m_errors->push_back({m_path, keyword, std::move(message)});
    }

    size_t push(std::string_view segment) {
        const size_t old = m_path.size();
        if (!m_path.empty())
            m_path += '.';
        m_path.append(segment);
        return old;
    }
    void pop(size_t old) { m_path.resize(old); }

    // encrypt, allOf, anyOf, oneOf, not and enum, reported in this order.
    bool combinations(const Node &n, const Value &v) {
        bool ok = true;
        auto check = [&](bool passed) {
            if (!passed)
                ok = false;
            return passed || kCollect;
        };
        if (n.encrypt && !check(encryptKeyword(n, v)))
            return false;
        for (const NodePtr &sub : n.allOf)
            if (!check(eval(*sub, v)))
                return false;
        if (!n.anyOf.empty()) {
            bool any = false;
            for (const NodePtr &sub : n.anyOf)
                if ((any = quiet(*sub, v)))
                    break;
            if (!any && kCollect)
                report("anyOf", "does not match any of the " + std::to_string(n.anyOf.size()) +
                                    " schemas in anyOf");
            if (!check(any))
                return false;
        }
        if (!n.oneOf.empty()) {
            size_t matched = 0;
            for (const NodePtr &sub : n.oneOf)
                if (quiet(*sub, v) && ++matched > 1)
                    break;
            if (matched != 1 && kCollect) {
                if (matched == 0)
                    report("oneOf", "matches none of the " + std::to_string(n.oneOf.size()) +
                                        " schemas in oneOf");
                else
                    report("oneOf", "matches more than one of the " +
                                        std::to_string(n.oneOf.size()) +
                                        " schemas in oneOf; it must match exactly one");
            }
            if (!check(matched == 1))
                return false;
        }
        if (n.notSchema) {
            const bool matchedNot = quiet(*n.notSchema, v);
            if (matchedNot && kCollect)
                report("not", "must not match the schema given in not");
            if (!check(!matchedNot))
                return false;
        }
        if (n.hasEnum && !check(enumKeyword(n, v)))
            return false;
        return ok;
    }

    // Evaluates without recording errors: anyOf, oneOf and not report their
    // own single failure rather than their alternatives'.
    static bool quiet(const Node &n, const Value &v) { return Evaluator<false>().eval(n, v); }

    // A value inside `v` named by `segment` in error paths. A schema that
    // checks only the type is tested inline.
    bool child(const Node &n, const Value &value, std::string_view segment) {
        return descend(n, value, [segment] { return segment; });
    }
    // An array element: its path segment is built only when collecting.
    bool element(const Node &n, const Value &value, int64_t index) {
        return descend(n, value, [index] { return std::to_string(index); });
    }
    template <class Segment>
    bool descend(const Node &n, const Value &value, const Segment &segment) {
        if constexpr (kCollect) {
            const size_t old = push(segment());
            const bool result = eval(n, value);
            pop(old);
            return result;
        } else {
            if (n.onlyType)
                return n.acceptTypes & typeBit(value.type);
            return eval(n, value);
        }
    }

    // $lt/$lte/$gt/$gte: NaN equals NaN and otherwise compares false.
    static bool withinBound(const Number &value, const Bound &b, bool upper) {
        const auto isInt = [](bson_type_t t) { return t == BSON_TYPE_INT32 || t == BSON_TYPE_INT64; };
        if (isInt(value.type) && isInt(b.value.type)) {
            const int64_t x = value.i, y = b.value.i;
            if (upper)
                return b.exclusive ? x < y : x <= y;
            return b.exclusive ? x > y : x >= y;
        }
        const bool nanValue = isNaN(value), nanBound = isNaN(b.value);
        if (nanValue || nanBound)
            return !b.exclusive && nanValue && nanBound;
        const int c = compareNumbers(value, b.value);
        if (upper)
            return b.exclusive ? c < 0 : c <= 0;
        return b.exclusive ? c > 0 : c >= 0;
    }

    static bool intWithin(int64_t x, const Bound &b, bool upper) {
        if (!b.present)
            return true;
        if (upper)
            return b.exclusive ? x < b.value.i : x <= b.value.i;
        return b.exclusive ? x > b.value.i : x >= b.value.i;
    }

    bool numberKeywords(const Node &n, const Value &v) {
        // An int or long within int or long bounds, the usual case, needs no
        // Number; a failure takes the full path below, which explains it.
        if (n.intBoundsOnly && (v.type == BSON_TYPE_INT32 || v.type == BSON_TYPE_INT64)) {
            const int64_t x = v.type == BSON_TYPE_INT32 ? Cursor::readInt32(v.data)
                                                        : Cursor::readInt64(v.data);
            if (intWithin(x, n.maximum, true) && intWithin(x, n.minimum, false))
                return true;
        }
        Number value;
        readNumber(v, value);
        bool ok = true;
        if (n.maximum.present && !withinBound(value, n.maximum, true)) {
            ok = false;
            if (!kCollect)
                return false;
            report("maximum", std::string(n.maximum.exclusive ? "must be less than "
                                                              : "must be at most ") +
                                  describeNumber(n.maximum.value) + ", found " +
                                  describeNumber(value));
        }
        if (n.minimum.present && !withinBound(value, n.minimum, false)) {
            ok = false;
            if (!kCollect)
                return false;
            report("minimum", std::string(n.minimum.exclusive ? "must be greater than "
                                                              : "must be at least ") +
                                  describeNumber(n.minimum.value) + ", found " +
                                  describeNumber(value));
        }
        if (n.hasMultipleOf && !isMultipleOf(value, n.multipleOf)) {
            ok = false;
            if (!kCollect)
                return false;
            report("multipleOf",
                   "must be a multiple of " + n.multipleOfText + ", found " + describeNumber(value));
        }
        return ok;
    }

    bool stringKeywords(const Node &n, const Value &v) {
        const std::string_view text = v.text();
        const char *s = text.data();
        const uint32_t len = uint32_t(text.size());
        bool ok = true;
        if (n.minLength >= 0 || n.maxLength >= 0) {
            const uint64_t chars = utf8Length(s, len);
            if (n.minLength >= 0 && chars < uint64_t(n.minLength)) {
                ok = false;
                if (!kCollect)
                    return false;
                report("minLength", "must be at least " +
                                        plural(n.minLength, "character", "characters") +
                                        " long, found " + std::to_string(chars) + ": " + found(v));
            }
            if (n.maxLength >= 0 && chars > uint64_t(n.maxLength)) {
                ok = false;
                if (!kCollect)
                    return false;
                report("maxLength", "must be at most " +
                                        plural(n.maxLength, "character", "characters") +
                                        " long, found " + std::to_string(chars) + ": " + found(v));
            }
        }
        if (n.pattern) {
            const auto outcome = n.pattern->search(std::string_view(s, len));
            if (outcome != Pcre2Regex::Outcome::Match) {
                ok = false;
                if (!kCollect)
                    return false;
                const std::string re = "/" + n.pattern->pattern() + "/";
                if (outcome == Pcre2Regex::Outcome::NoMatch)
                    report("pattern", "must match the pattern " + re + ", found " + found(v));
                else if (outcome == Pcre2Regex::Outcome::LimitReached)
                    report("pattern", "could not be checked against " + re +
                                          ": the pattern needs too much backtracking (PCRE2 match "
                                          "limit reached), so the value counts as not matching");
                else
                    report("pattern", "is not valid UTF-8, so it cannot match " + re);
            }
        }
        return ok;
    }

    bool uniqueItems(const Value &v) {
        std::vector<Value> items;
        Cursor c(v);
        while (c.next())
            items.push_back(c.value());
        size_t first = 0, second = 0;
        bool duplicate = false;
        if (items.size() <= 16) {
            for (size_t i = 0; i < items.size() && !duplicate; ++i)
                for (size_t j = i + 1; j < items.size(); ++j)
                    if (valuesEqual(items[i], items[j])) {
                        duplicate = true;
                        first = i;
                        second = j;
                        break;
                    }
        } else {
            std::vector<std::pair<uint64_t, size_t>> hashes;
            hashes.reserve(items.size());
            for (size_t i = 0; i < items.size(); ++i)
                hashes.emplace_back(valueHash(items[i]), i);
            std::sort(hashes.begin(), hashes.end());
            for (size_t a = 0; a < hashes.size() && !duplicate; ++a)
                for (size_t b = a + 1; b < hashes.size() && hashes[b].first == hashes[a].first;
                     ++b)
                    if (valuesEqual(items[hashes[a].second], items[hashes[b].second])) {
                        duplicate = true;
                        first = std::min(hashes[a].second, hashes[b].second);
                        second = std::max(hashes[a].second, hashes[b].second);
                        break;
                    }
        }
        if (duplicate && kCollect)
            report("uniqueItems", "must not contain duplicates, but items " +
                                      std::to_string(first) + " and " + std::to_string(second) +
                                      " are equal: " + describeValue(items[second], 60));
        return !duplicate;
    }

    bool arrayKeywords(const Node &n, const Value &v) {
        bool ok = true;
        int64_t count = 0;
        Cursor it(v);
        const size_t tuple = n.itemsTuple.size();
        while (it.next()) {
            const Node *schema = nullptr;
            if (n.items)
                schema = n.items.get();
            else if (n.itemsIsTuple && size_t(count) < tuple)
                schema = n.itemsTuple[size_t(count)].get();
            else if (n.itemsIsTuple && n.additionalItems == Extra::Schema)
                schema = n.additionalItemsSchema.get();
            if (schema) {
                if (!element(*schema, it.value(), count)) {
                    ok = false;
                    if (!kCollect)
                        return false;
                }
            }
            ++count;
        }
        if (it.isCorrupt()) {
            report("$jsonSchema", "is not valid BSON");
            return false;
        }
        if (n.itemsIsTuple && n.additionalItems == Extra::Deny && size_t(count) > tuple) {
            ok = false;
            if (!kCollect)
                return false;
            report("additionalItems", "must have at most " + plural(int64_t(tuple), "item", "items") +
                                          " (additionalItems is false), found " +
                                          std::to_string(count));
        }
        if (n.minItems >= 0 && count < n.minItems) {
            ok = false;
            if (!kCollect)
                return false;
            report("minItems", "must have at least " + plural(n.minItems, "item", "items") +
                                   ", found " + std::to_string(count));
        }
        if (n.maxItems >= 0 && count > n.maxItems) {
            ok = false;
            if (!kCollect)
                return false;
            report("maxItems", "must have at most " + plural(n.maxItems, "item", "items") +
                                   ", found " + std::to_string(count));
        }
        if (!ok && !kCollect)
            return false;
        if (n.uniqueItems && !uniqueItems(v))
            ok = false;
        return ok;
    }

    bool encryptKeyword(const Node &n, const Value &v) {
        if (v.type != BSON_TYPE_BINARY)
            return true; // the type check reports it
        const uint32_t len = uint32_t(Cursor::readInt32(v.data));
        const int subtype = v.data[4];
        const uint8_t *data = v.data + 5;
        if (subtype != BSON_SUBTYPE_ENCRYPTED) {
            if (!kCollect)
                return false;
            report("encrypt", "must be encrypted (binData subtype 6), found binData subtype " +
                                  std::to_string(int(subtype)));
            return false;
        }
        if (n.encryptTypeMask) {
            // FLE payload: blob subtype (1 or 2), key UUID (16 bytes), original type.
            const bool typed = len >= 18 && (data[0] == 1 || data[0] == 2) &&
                               (typeBit(bson_type_t(data[17])) & n.encryptTypeMask);
            if (!typed) {
                report("encrypt", "must be an encrypted value of the type given in encrypt");
                return false;
            }
        }
        return true;
    }

    bool isPropertyName(const Node &n, std::string_view key, int matched) {
        if (matched >= 0)
            return n.rules[size_t(matched)].isProperty;
        for (const Rule &r : n.rules)
            if (r.dotted && r.isProperty && r.name == key)
                return true;
        return false;
    }

    bool objectKeywords(const Node &n, const Value &v) {
        bool ok = true;
        const size_t ruleCount = n.rules.size();
        uint64_t seenBits = 0;
        std::vector<char> seenMore;
        if (ruleCount > 64)
            seenMore.assign(ruleCount, 0);
        auto seen = [&](size_t i) {
            return ruleCount > 64 ? seenMore[i] != 0 : ((seenBits >> i) & 1u) != 0;
        };
        auto markSeen = [&](size_t i) {
            if (ruleCount > 64)
                seenMore[i] = 1;
            else
                seenBits |= uint64_t(1) << i;
        };
        int64_t fieldCount = 0;
        const FieldNames &names = n.names;
        const uint32_t nameCount = names.size();
        // Documents usually list fields in the schema's order: expect the
        // name after the one matched last.
        uint32_t expected = 0;
        uint32_t id = FieldNames::kNone;
        auto knownKey = [&](const uint8_t *key, size_t avail) {
            if (nameCount && names.isAt(expected, key, avail)) {
                id = expected;
                return names.length(id);
            }
            id = FieldNames::kNone;
            return Cursor::kScanKey;
        };
        Cursor it(v);
        while (it.next(knownKey)) {
            ++fieldCount;
            const uint32_t keyLen = uint32_t(it.key().size());
            const char *key = it.key().data();
            if (id == FieldNames::kNone)
                id = names.find(it.key());
            int matched = -1;
            if (id != FieldNames::kNone) {
                matched = int(names.rule(id));
                expected = id + 1 < nameCount ? id + 1 : 0;
            }
            // The server checks the first field of a name; later duplicates
            // are seen only by patternProperties/additionalProperties.
            if (matched >= 0 && !seen(size_t(matched))) {
                markSeen(size_t(matched));
                const Rule &r = n.rules[size_t(matched)];
                if (r.schema && !child(*r.schema, it.value(), std::string_view(key, keyLen))) {
                    ok = false;
                    if (!kCollect)
                        return false;
                }
            }
            if (!n.hasAllowed)
                continue;
            bool otherwise = true;
            for (const PatternRule &p : n.patternProperties) {
                if (p.regex->search(std::string_view(key, keyLen)) != Pcre2Regex::Outcome::Match)
                    continue;
                otherwise = false;
                if (!child(*p.schema, it.value(), std::string_view(key, keyLen))) {
                    ok = false;
                    if (!kCollect)
                        return false;
                }
            }
            if (!otherwise || isPropertyName(n, std::string_view(key, keyLen), matched))
                continue;
            if (n.additionalProperties == Extra::Deny) {
                ok = false;
                if (!kCollect)
                    return false;
                const size_t old = push(std::string_view(key, keyLen));
                std::string message = "is not allowed: additionalProperties is false and the "
                                      "field is not listed in properties";
                if (n.root && std::string_view(key, keyLen) == "_id")
                    message += " (the server adds _id to every document, so list _id)";
                report("additionalProperties", message);
                pop(old);
            } else if (n.additionalProperties == Extra::Schema &&
                       !child(*n.additionalPropertiesSchema, it.value(), std::string_view(key, keyLen))) {
                ok = false;
                if (!kCollect)
                    return false;
            }
        }
        if (it.isCorrupt()) {
            report("$jsonSchema", "is not valid BSON");
            return false;
        }
        // Every required field seen and no dotted names: nothing left to do.
        const bool rulesDone =
            n.requiredByBits && (seenBits & n.requiredBits) == n.requiredBits;
        for (size_t i = 0; i < ruleCount && !rulesDone; ++i) {
            const Rule &r = n.rules[i];
            if (r.dotted) {
                Value found;
                if (lookup(v, r.name, &found)) {
                    if (r.schema && !child(*r.schema, found, r.name)) {
                        ok = false;
                        if (!kCollect)
                            return false;
                    }
                    continue;
                }
            } else if (!r.isRequired || seen(i)) {
                continue;
            }
            if (r.isRequired) {
                ok = false;
                if (!kCollect)
                    return false;
                const size_t old = push(r.name);
                report("required", "is required but missing");
                pop(old);
            }
        }
        if (n.minProperties >= 0 && fieldCount < n.minProperties) {
            ok = false;
            if (!kCollect)
                return false;
            report("minProperties", "must have at least " +
                                        plural(n.minProperties, "field", "fields") + ", found " +
                                        std::to_string(fieldCount));
        }
        if (n.maxProperties >= 0 && fieldCount > n.maxProperties) {
            ok = false;
            if (!kCollect)
                return false;
            report("maxProperties", "must have at most " +
                                        plural(n.maxProperties, "field", "fields") + ", found " +
                                        std::to_string(fieldCount));
        }
        return ok;
    }

    bool dependencies(const Node &n, const Value &v) {
        bool ok = true;
        for (const Dependency &d : n.dependencies) {
            Value found;
            if (!lookup(v, d.name, &found))
                continue;
            if (d.schema) {
                if (!eval(*d.schema, v)) {
                    ok = false;
                    if (!kCollect)
                        return false;
                }
                continue;
            }
            for (const std::string &p : d.properties) {
                if (lookup(v, p, &found))
                    continue;
                ok = false;
                if (!kCollect)
                    return false;
                const size_t old = push(p);
                report("dependencies", "is required because '" + d.name + "' is present");
                pop(old);
            }
        }
        return ok;
    }

    bool enumKeyword(const Node &n, const Value &v) {
        bool matched = false;
        Cursor e(n.enumData, n.enumSize);
        if (n.root) {
            while (!matched && e.next())
                matched = documentsEqual(v.data, v.size, e.value().data, e.value().size);
            if (!matched)
                report("enum", "the document must equal one of the documents listed in enum");
            return matched;
        }
        if (n.enumAllStrings) {
            if (v.type == BSON_TYPE_UTF8 || v.type == BSON_TYPE_SYMBOL) {
                const std::string_view value = v.text();
                for (const std::string &candidate : n.enumStrings)
                    if (candidate == value) {
                        matched = true;
                        break;
                    }
            }
        } else {
            while (!matched && e.next())
                matched = valuesEqual(v, e.value());
        }
        if (!matched && kCollect)
            report("enum", "must be one of " + n.enumText + ", found " + found(v));
        return matched;
    }
};

} // namespace

bool evaluate(const Node &root, const uint8_t *bson, uint32_t size,
              std::vector<ValidationError> *errors) {
    Value v;
    v.type = BSON_TYPE_DOCUMENT;
    v.data = bson;
    v.size = size;
    if (size < 5 || Cursor::readInt32(bson) != int32_t(size) || bson[size - 1] != 0) {
        if (errors)
            errors->push_back({"", "$jsonSchema", "is not valid BSON"});
        return false;
    }
    if (!errors)
        return Evaluator<false>().eval(root, v);
    return Evaluator<true>(errors).eval(root, v);
}

} // namespace docshape::validate::detail
