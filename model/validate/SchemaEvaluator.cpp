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

class Evaluator {
public:
    explicit Evaluator(std::vector<ValidationError> *errors) : m_errors(errors) {}

    bool eval(const Node &n, const Value &v) {
        if (!n.alwaysFalseReason.empty()) {
            report(n.alwaysFalseKeyword, n.alwaysFalseReason);
            return false;
        }
        if (!n.root && n.typeMask && !(n.typeMask & typeBit(v.type))) {
            if (collecting())
                report(n.typeKeyword, "must be of type " + n.typeText + ", found " + found(v));
            return false;
        }
        bool ok = true;
        auto check = [&](bool passed) {
            if (!passed)
                ok = false;
            return passed || collecting();
        };
        if (n.numberChecks && isNumericType(v.type)) {
            if (!check(numberKeywords(n, v)))
                return false;
        } else if (n.stringChecks && v.type == BSON_TYPE_UTF8) {
            if (!check(stringKeywords(n, v)))
                return false;
        } else if (n.arrayChecks && v.type == BSON_TYPE_ARRAY) {
            if (!check(arrayKeywords(n, v)))
                return false;
        }
        if (n.encrypt && !n.root && !check(encryptKeyword(n, v)))
            return false;
        if (v.type == BSON_TYPE_DOCUMENT) {
            if (n.objectChecks && !check(objectKeywords(n, v)))
                return false;
            if (!n.dependencies.empty() && !check(dependencies(n, v)))
                return false;
        }
        for (const NodePtr &sub : n.allOf)
            if (!check(eval(*sub, v)))
                return false;
        if (!n.anyOf.empty()) {
            bool any = false;
            for (const NodePtr &sub : n.anyOf)
                if ((any = quiet(*sub, v)))
                    break;
            if (!any && collecting())
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
            if (matched != 1 && collecting()) {
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
            if (matchedNot && collecting())
                report("not", "must not match the schema given in not");
            if (!check(!matchedNot))
                return false;
        }
        if (n.hasEnum && !check(enumKeyword(n, v)))
            return false;
        return ok;
    }

private:
    std::vector<ValidationError> *m_errors;
    std::string m_path;

    bool collecting() const { return m_errors != nullptr; }

    void report(const std::string &keyword, std::string message) {
        if (m_errors)
            m_errors->push_back({m_path, keyword, std::move(message)});
    }

    size_t push(std::string_view segment) {
        if (!m_errors)
            return 0;
        const size_t old = m_path.size();
        if (!m_path.empty())
            m_path += '.';
        m_path.append(segment);
        return old;
    }
    void pop(size_t old) {
        if (m_errors)
            m_path.resize(old);
    }

    // Evaluates without recording errors: anyOf, oneOf and not report their
    // own single failure rather than their alternatives'.
    bool quiet(const Node &n, const Value &v) {
        auto *saved = m_errors;
        m_errors = nullptr;
        const bool result = eval(n, v);
        m_errors = saved;
        return result;
    }

    bool child(const Node &n, const Value &value, std::string_view segment) {
        if (n.onlyType && !collecting())
            return !n.typeMask || (n.typeMask & typeBit(value.type));
        const size_t old = push(segment);
        const bool result = eval(n, value);
        pop(old);
        return result;
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

    bool numberKeywords(const Node &n, const Value &v) {
        Number value;
        readNumber(v, value);
        bool ok = true;
        if (n.maximum.present && !withinBound(value, n.maximum, true)) {
            ok = false;
            if (!collecting())
                return false;
            report("maximum", std::string(n.maximum.exclusive ? "must be less than "
                                                              : "must be at most ") +
                                  describeNumber(n.maximum.value) + ", found " +
                                  describeNumber(value));
        }
        if (n.minimum.present && !withinBound(value, n.minimum, false)) {
            ok = false;
            if (!collecting())
                return false;
            report("minimum", std::string(n.minimum.exclusive ? "must be greater than "
                                                              : "must be at least ") +
                                  describeNumber(n.minimum.value) + ", found " +
                                  describeNumber(value));
        }
        if (n.hasMultipleOf && !isMultipleOf(value, n.multipleOf)) {
            ok = false;
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
                if (!collecting())
                    return false;
                report("minLength", "must be at least " +
                                        plural(n.minLength, "character", "characters") +
                                        " long, found " + std::to_string(chars) + ": " + found(v));
            }
            if (n.maxLength >= 0 && chars > uint64_t(n.maxLength)) {
                ok = false;
                if (!collecting())
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
        if (duplicate && collecting())
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
                char buf[16];
                const char *key;
                const size_t keyLen = bson_uint32_to_string(uint32_t(count), &key, buf, sizeof buf);
                if (!child(*schema, it.value(), std::string_view(key, keyLen))) {
                    ok = false;
                    if (!collecting())
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
            report("additionalItems", "must have at most " + plural(int64_t(tuple), "item", "items") +
                                          " (additionalItems is false), found " +
                                          std::to_string(count));
        }
        if (n.minItems >= 0 && count < n.minItems) {
            ok = false;
            report("minItems", "must have at least " + plural(n.minItems, "item", "items") +
                                   ", found " + std::to_string(count));
        }
        if (n.maxItems >= 0 && count > n.maxItems) {
            ok = false;
            report("maxItems", "must have at most " + plural(n.maxItems, "item", "items") +
                                   ", found " + std::to_string(count));
        }
        if (!ok && !collecting())
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
        size_t hint = 0;
        Cursor it(v);
        while (it.next()) {
            ++fieldCount;
            const uint32_t keyLen = uint32_t(it.key().size());
            const char *key = it.key().data();
            // Documents usually list fields in the schema's order: start
            // looking after the rule matched last.
            int matched = -1;
            for (size_t k = 0; k < ruleCount; ++k) {
                size_t i = hint + k;
                if (i >= ruleCount)
                    i -= ruleCount;
                const Rule &r = n.rules[i];
                if (r.name.size() == keyLen && !r.dotted &&
                    (keyLen == 0 || (r.name[0] == key[0] &&
                                     std::memcmp(r.name.data(), key, keyLen) == 0))) {
                    matched = int(i);
                    hint = i + 1 < ruleCount ? i + 1 : 0;
                    break;
                }
            }
            // The server checks the first field of a name; later duplicates
            // are seen only by patternProperties/additionalProperties.
            if (matched >= 0 && !seen(size_t(matched))) {
                markSeen(size_t(matched));
                const Rule &r = n.rules[size_t(matched)];
                if (r.schema && !child(*r.schema, it.value(), std::string_view(key, keyLen))) {
                    ok = false;
                    if (!collecting())
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
                    if (!collecting())
                        return false;
                }
            }
            if (!otherwise || isPropertyName(n, std::string_view(key, keyLen), matched))
                continue;
            if (n.additionalProperties == Extra::Deny) {
                ok = false;
                if (!collecting())
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
                if (!collecting())
                    return false;
            }
        }
        if (it.isCorrupt()) {
            report("$jsonSchema", "is not valid BSON");
            return false;
        }
        for (size_t i = 0; i < ruleCount; ++i) {
            const Rule &r = n.rules[i];
            if (r.dotted) {
                Value found;
                if (lookup(v, r.name, &found)) {
                    if (r.schema && !child(*r.schema, found, r.name)) {
                        ok = false;
                        if (!collecting())
                            return false;
                    }
                    continue;
                }
            } else if (!r.isRequired || seen(i)) {
                continue;
            }
            if (r.isRequired) {
                ok = false;
                if (!collecting())
                    return false;
                const size_t old = push(r.name);
                report("required", "is required but missing");
                pop(old);
            }
        }
        if (n.minProperties >= 0 && fieldCount < n.minProperties) {
            ok = false;
            report("minProperties", "must have at least " +
                                        plural(n.minProperties, "field", "fields") + ", found " +
                                        std::to_string(fieldCount));
        }
        if (n.maxProperties >= 0 && fieldCount > n.maxProperties) {
            ok = false;
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
                    if (!collecting())
                        return false;
                }
                continue;
            }
            for (const std::string &p : d.properties) {
                if (lookup(v, p, &found))
                    continue;
                ok = false;
                if (!collecting())
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
        if (!matched && collecting())
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
    Evaluator evaluator(errors);
    return evaluator.eval(root, v);
}

} // namespace docshape::validate::detail
