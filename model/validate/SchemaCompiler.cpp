#include "validate/SchemaCompiler.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <unordered_map>

// The order of checks and the wording of every refusal follow the server's
// src/mongo/db/matcher/schema/json_schema_parser.cpp, so that a designer sees
// the message the server would give.

namespace docshape::validate::detail {

namespace {

enum Kw {
    AdditionalItems,
    AdditionalProperties,
    AllOf,
    AnyOf,
    BsonTypeKw,
    Dependencies,
    Description,
    Encrypt,
    EncryptMetadata,
    EnumKw,
    ExclusiveMaximum,
    ExclusiveMinimum,
    Items,
    MaxItems,
    MaxLength,
    MaxProperties,
    Maximum,
    MinItems,
    MinLength,
    MinProperties,
    Minimum,
    MultipleOf,
    NotKw,
    OneOf,
    PatternKw,
    PatternProperties,
    Properties,
    Required,
    Title,
    TypeKw,
    UniqueItems,
    kKwCount
};

constexpr std::array<std::string_view, kKwCount> kKwNames = {
    "additionalItems", "additionalProperties", "allOf",     "anyOf",
    "bsonType",        "dependencies",         "description", "encrypt",
    "encryptMetadata", "enum",                 "exclusiveMaximum", "exclusiveMinimum",
    "items",           "maxItems",             "maxLength", "maxProperties",
    "maximum",         "minItems",             "minLength", "minProperties",
    "minimum",         "multipleOf",           "not",       "oneOf",
    "pattern",         "patternProperties",    "properties", "required",
    "title",           "type",                 "uniqueItems",
};

constexpr std::string_view kUnsupported[] = {"$ref", "$schema", "default",
                                             "definitions", "format", "id"};

constexpr std::string_view kBsonTypeAliases[] = {
    "double", "string", "object", "array", "binData", "undefined", "objectId",
    "bool",   "date",   "null",   "regex", "dbPointer", "javascript", "symbol",
    "javascriptWithScope", "int", "timestamp", "long", "decimal", "minKey", "maxKey"};
constexpr bson_type_t kBsonTypeCodes[] = {
    BSON_TYPE_DOUBLE, BSON_TYPE_UTF8,      BSON_TYPE_DOCUMENT,  BSON_TYPE_ARRAY,
    BSON_TYPE_BINARY, BSON_TYPE_UNDEFINED, BSON_TYPE_OID,       BSON_TYPE_BOOL,
    BSON_TYPE_DATE_TIME, BSON_TYPE_NULL,   BSON_TYPE_REGEX,     BSON_TYPE_DBPOINTER,
    BSON_TYPE_CODE,   BSON_TYPE_SYMBOL,    BSON_TYPE_CODEWSCOPE, BSON_TYPE_INT32,
    BSON_TYPE_TIMESTAMP, BSON_TYPE_INT64,  BSON_TYPE_DECIMAL128, BSON_TYPE_MINKEY,
    BSON_TYPE_MAXKEY};

struct KeywordMap {
    std::array<IterBox, kKwCount> it;
    std::array<bool, kKwCount> present{};
    const bson_iter_t *get(Kw k) const { return present[k] ? &it[k].it : nullptr; }
};

std::string_view keyOf(const bson_iter_t *it) {
    return {bson_iter_key(it), bson_iter_key_len(it)};
}

bool isNumber(const bson_iter_t *it) { return isNumericType(bson_iter_type(it)); }

void docOf(const bson_iter_t *it, const uint8_t **data, uint32_t *len) {
    if (bson_iter_type(it) == BSON_TYPE_ARRAY)
        bson_iter_array(it, len, data);
    else
        bson_iter_document(it, len, data);
}

// BSONElement::toString(true, true), near enough: "minItems: -1.0".
std::string elementText(const bson_iter_t *it) {
    return std::string(keyOf(it)) + ": " + describeValue(valueOf(it), 1000);
}

std::string join(const std::string &where, std::string_view part) {
    return where.empty() ? std::string(part) : where + "." + std::string(part);
}

class Compiler {
public:
    Error error;

    NodePtr compile(const uint8_t *data, uint32_t len, bool root, const std::string &where,
                    int depth) {
        if (depth > kMaxSchemaDepth) {
            fail(where, "$jsonSchema is nested more than " + std::to_string(kMaxSchemaDepth) +
                            " levels deep");
            return nullptr;
        }
        bson_iter_t it;
        if (!bson_iter_init_from_data(&it, data, len)) {
            fail(where, "corrupt BSON in schema");
            return nullptr;
        }
        KeywordMap kw;
        while (bson_iter_next(&it)) {
            const std::string_view key = keyOf(&it);
            auto found = std::find(kKwNames.begin(), kKwNames.end(), key);
            if (found == kKwNames.end()) {
                if (std::find(std::begin(kUnsupported), std::end(kUnsupported), key) !=
                    std::end(kUnsupported))
                    return failNull(where, "$jsonSchema keyword '" + std::string(key) +
                                               "' is not currently supported");
                return failNull(where, "Unknown $jsonSchema keyword: " + std::string(key));
            }
            const auto k = size_t(found - kKwNames.begin());
            if (kw.present[k])
                return failNull(where, "Duplicate $jsonSchema keyword: " + std::string(key));
            kw.present[k] = true;
            kw.it[k].it = it;
        }

        auto node = std::make_unique<Node>();
        node->root = root;

        for (Kw meta : {Description, Title}) {
            if (auto *e = kw.get(meta); e && bson_iter_type(e) != BSON_TYPE_UTF8)
                return failNull(where, "$jsonSchema keyword '" + std::string(kKwNames[meta]) +
                                           "' must be of type string");
        }

        const bson_iter_t *typeElt = kw.get(TypeKw);
        const bson_iter_t *bsonTypeElt = kw.get(BsonTypeKw);
        const bson_iter_t *encryptElt = kw.get(Encrypt);
        if (typeElt && bsonTypeElt)
            return failNull(where, "Cannot specify both $jsonSchema keywords 'type' and 'bsonType'");
        if ((typeElt || bsonTypeElt) && encryptElt)
            return failNull(where, std::string("$jsonSchema keyword 'encrypt' cannot be used in "
                                               "conjunction with '") +
                                       (typeElt ? "type" : "bsonType") +
                                       "', 'encrypt' implies type 'bsonType::BinData'");
        if (typeElt || bsonTypeElt) {
            const bool isBsonType = bsonTypeElt != nullptr;
            if (!parseTypeSet(isBsonType ? bsonTypeElt : typeElt, isBsonType, node->typeMask,
                              node->typeText, where))
                return nullptr;
            if (node->typeMask == 0)
                return failNull(where, std::string("$jsonSchema keyword '") +
                                           (isBsonType ? "bsonType" : "type") +
                                           "' must name at least one type");
            node->typeKeyword = isBsonType ? "bsonType" : "type";
        }

        if (!scalarKeywords(kw, *node, where) || !arrayKeywords(kw, *node, where, depth) ||
            !encryptionKeywords(kw, *node, where) || !objectKeywords(kw, *node, where, depth) ||
            !logicalKeywords(kw, *node, where, depth))
            return nullptr;

        if (root && node->typeMask && !(node->typeMask & typeBit(BSON_TYPE_DOCUMENT))) {
            node->alwaysFalseKeyword = node->typeKeyword;
            node->alwaysFalseReason = "the schema's " + node->typeKeyword + " (" + node->typeText +
                                      ") does not include object, so no document can match";
        }
        if (root) {
            // Scalar and array keywords, and the type, have no effect on the
            // document itself: the server stores only documents.
            node->numberChecks = node->stringChecks = node->arrayChecks = false;
            node->encrypt = false;
        }
        node->onlyType = !root && node->alwaysFalseReason.empty() && !node->numberChecks &&
                         !node->stringChecks && !node->arrayChecks && !node->objectChecks &&
                         node->dependencies.empty() && node->allOf.empty() &&
                         node->anyOf.empty() && node->oneOf.empty() && !node->notSchema &&
                         !node->hasEnum && !node->encrypt;
        node->finish();
        return node;
    }

private:
    void fail(const std::string &where, std::string message) {
        error = Error{where, std::move(message)};
    }
    NodePtr failNull(const std::string &where, std::string message) {
        fail(where, std::move(message));
        return nullptr;
    }
    bool failFalse(const std::string &where, std::string message) {
        fail(where, std::move(message));
        return false;
    }

    bool parseTypeSet(const bson_iter_t *elt, bool bsonType, uint32_t &mask, std::string &text,
                      const std::string &where) {
        const std::string kwName = bsonType ? "bsonType" : "type";
        const std::string at = join(where, kwName);
        const bson_type_t t = bson_iter_type(elt);
        if (t != BSON_TYPE_UTF8 && t != BSON_TYPE_ARRAY)
            return failFalse(at, "$jsonSchema keyword '" + kwName +
                                     "' must be either a string or an array of strings");
        std::set<std::string> aliases;
        if (t == BSON_TYPE_UTF8) {
            uint32_t len;
            const char *s = bson_iter_utf8(elt, &len);
            std::string alias(s, len);
            if (alias == "integer")
                return failFalse(at, "$jsonSchema type 'integer' is not currently supported.");
            aliases.insert(alias);
            text = alias;
        } else {
            const uint8_t *data;
            uint32_t len;
            docOf(elt, &data, &len);
            bson_iter_t item;
            bson_iter_init_from_data(&item, data, len);
            text = "[";
            while (bson_iter_next(&item)) {
                if (bson_iter_type(&item) != BSON_TYPE_UTF8)
                    return failFalse(at, "$jsonSchema keyword '" + kwName +
                                             "' array elements must be strings");
                uint32_t slen;
                const char *s = bson_iter_utf8(&item, &slen);
                std::string alias(s, slen);
                if (alias == "integer")
                    return failFalse(at, "$jsonSchema type 'integer' is not currently supported.");
                if (!aliases.insert(alias).second)
                    return failFalse(at, "$jsonSchema keyword '" + kwName +
                                             "' has duplicate value: " + alias);
                if (text.size() > 1)
                    text += ", ";
                text += alias;
            }
            text += "]";
        }
        mask = 0;
        for (const std::string &alias : aliases) {
            if (alias == "number") {
                mask |= kNumberBits;
                continue;
            }
            bool found = false;
            if (bsonType) {
                for (size_t i = 0; i < std::size(kBsonTypeAliases); ++i) {
                    if (alias == kBsonTypeAliases[i]) {
                        mask |= typeBit(kBsonTypeCodes[i]);
                        found = true;
                    }
                }
            } else {
                static const std::pair<std::string_view, bson_type_t> kJsonAliases[] = {
                    {"array", BSON_TYPE_ARRAY},   {"boolean", BSON_TYPE_BOOL},
                    {"null", BSON_TYPE_NULL},     {"object", BSON_TYPE_DOCUMENT},
                    {"string", BSON_TYPE_UTF8}};
                for (auto &[name, code] : kJsonAliases) {
                    if (alias == name) {
                        mask |= typeBit(code);
                        found = true;
                    }
                }
            }
            if (!found) {
                if (alias == "missing")
                    return failFalse(at, "'missing' is not a legal type name. To query for "
                                         "non-existence of a field, use {$exists:false}.");
                return failFalse(at, "Unknown type name alias: " + alias);
            }
        }
        return true;
    }

    // MatchExpressionParser::parseIntegerElementToNonNegativeLong.
    bool nonNegativeLong(const bson_iter_t *elt, int64_t &out, const std::string &at) {
        if (!isNumber(elt))
            return failFalse(at, "Expected a number in: " + elementText(elt));
        Number n;
        readNumber(valueOf(elt), n);
        int64_t value = 0;
        switch (n.type) {
        case BSON_TYPE_DOUBLE: {
            const double d = n.d;
            if (std::isnan(d))
                return failFalse(at, "Expected an integer, but found NaN in: " + elementText(elt));
            if (d >= 9223372036854775808.0 || d < -9223372036854775808.0)
                return failFalse(at, "Cannot represent as a 64-bit integer: " + elementText(elt));
            if (d != double(int64_t(d)))
                return failFalse(at, "Expected an integer: " + elementText(elt));
            value = int64_t(d);
            break;
        }
        case BSON_TYPE_DECIMAL128: {
            const Decimal dec = decodeDecimal(n.dec);
            bool exact = dec.kind == Decimal::Finite;
            U128 mag = dec.coef;
            if (exact && dec.exp >= 0) {
                for (int32_t i = 0; i < dec.exp && mag != 0 && exact; ++i) {
                    mag *= 10;
                    exact = mag <= (U128)(1) << 63;
                }
            } else if (exact) {
                for (int32_t i = 0; i < -dec.exp && exact; ++i) {
                    exact = mag % 10 == 0;
                    mag /= 10;
                }
            }
            const U128 limit = ((U128)(1) << 63) - (dec.negative ? 0 : 1);
            if (!exact || mag > limit)
                return failFalse(at, "Cannot represent as a 64-bit integer: " + elementText(elt));
            value = dec.negative ? int64_t(-(mag - 1)) - 1 : int64_t(mag);
            if (dec.negative && mag == 0)
                value = 0;
            break;
        }
        default:
            value = n.i;
        }
        if (value < 0)
            return failFalse(at, "Expected a non-negative number in: " + elementText(elt));
        out = value;
        return true;
    }

    // "$jsonSchema keyword 'k' must be <what>", at the keyword.
    bool mustBe(const std::string &where, Kw k, std::string_view what) {
        const std::string name(kKwNames[k]);
        return failFalse(join(where, name), "$jsonSchema keyword '" + name + "' must be " + std::string(what));
    }

    // A count keyword (maxLength, minItems, minProperties, ...): a
    // non-negative integer into `out`, which turns on the node's `checks`.
    bool countKeyword(const KeywordMap &kw, Kw k, int64_t &out, bool &checks, const std::string &where) {
        if (auto *e = kw.get(k)) {
            if (!nonNegativeLong(e, out, join(where, kKwNames[k])))
                return false;
            checks = true;
        }
        return true;
    }

    // A boolean keyword (uniqueItems, exclusiveMaximum, ...) into `out`.
    bool booleanKeyword(const bson_iter_t *e, Kw k, bool &out, const std::string &where) {
        if (bson_iter_type(e) != BSON_TYPE_BOOL)
            return mustBe(where, k, "a boolean");
        out = bson_iter_bool(e);
        return true;
    }

    bool scalarKeywords(const KeywordMap &kw, Node &node, const std::string &where) {
        const bool root = node.root;
        if (auto *e = kw.get(PatternKw)) {
            const std::string at = join(where, "pattern");
            if (bson_iter_type(e) != BSON_TYPE_UTF8)
                return mustBe(where, PatternKw, "a string");
            if (!root) {
                uint32_t len;
                const char *s = bson_iter_utf8(e, &len);
                std::string_view pattern(s, len);
                if (pattern.find('\0') != std::string_view::npos)
                    return failFalse(at, "Regular expression cannot contain an embedded null byte");
                if (pattern.size() > Pcre2Regex::kMaxPatternLength)
                    return failFalse(at, "Regular expression is too long");
                auto regex = Pcre2Regex::compile(pattern, Pcre2Regex::Mode::Utf);
                if (!regex)
                    return failFalse(at, "Regular expression is invalid: " + regex.error().message);
                node.pattern = *regex;
                node.stringChecks = true;
            }
        }
        if (!countKeyword(kw, MaxLength, node.maxLength, node.stringChecks, where) ||
            !countKeyword(kw, MinLength, node.minLength, node.stringChecks, where))
            return false;
        if (auto *e = kw.get(MultipleOf)) {
            const std::string at = join(where, "multipleOf");
            if (!isNumber(e))
                return mustBe(where, MultipleOf, "a number");
            Number n;
            readNumber(valueOf(e), n);
            const Decimal d = toDecimal(n);
            if (d.negative || (d.kind == Decimal::Finite && d.coef == 0))
                return failFalse(at, "$jsonSchema keyword 'multipleOf' must have a positive value");
            if (!root) {
                if (d.kind == Decimal::NaN)
                    return failFalse(at, "divisor cannot be NaN");
                if (d.kind == Decimal::Infinite)
                    return failFalse(at, "divisor cannot be infinite");
                node.hasMultipleOf = true;
                node.multipleOf = d;
                node.multipleOfText = describeNumber(n);
                node.numberChecks = true;
            }
        }
        if (!bound(kw, Maximum, ExclusiveMaximum, node.maximum, node, where) ||
            !bound(kw, Minimum, ExclusiveMinimum, node.minimum, node, where))
            return false;
        return true;
    }

    bool bound(const KeywordMap &kw, Kw which, Kw exclusiveKw, Bound &out, Node &node,
               const std::string &where) {
        const std::string name(kKwNames[which]);
        const std::string exclusiveName(kKwNames[exclusiveKw]);
        if (auto *e = kw.get(which)) {
            bool exclusive = false;
            if (auto *x = kw.get(exclusiveKw); x && !booleanKeyword(x, exclusiveKw, exclusive, where))
                return false;
            if (!isNumber(e))
                return mustBe(where, which, "a number");
            if (!node.root) {
                out.present = true;
                out.exclusive = exclusive;
                readNumber(valueOf(e), out.value);
                node.numberChecks = true;
            }
        } else if (kw.get(exclusiveKw)) {
            return failFalse(join(where, exclusiveName), "$jsonSchema keyword '" + name +
                                                             "' must be a present if " +
                                                             exclusiveName + " is present");
        }
        return true;
    }

    NodePtr subschema(const bson_iter_t *e, bool root, const std::string &at, int depth) {
        const uint8_t *data;
        uint32_t len;
        docOf(e, &data, &len);
        return compile(data, len, root, at, depth + 1);
    }

    bool arrayKeywords(const KeywordMap &kw, Node &node, const std::string &where, int depth) {
        if (!countKeyword(kw, MinItems, node.minItems, node.arrayChecks, where) ||
            !countKeyword(kw, MaxItems, node.maxItems, node.arrayChecks, where))
            return false;
        if (auto *e = kw.get(UniqueItems)) {
            if (!booleanKeyword(e, UniqueItems, node.uniqueItems, where))
                return false;
            node.arrayChecks |= node.uniqueItems;
        }
        if (auto *e = kw.get(Items)) {
            const std::string at = join(where, "items");
            const bson_type_t t = bson_iter_type(e);
            if (t == BSON_TYPE_ARRAY) {
                const uint8_t *data;
                uint32_t len;
                docOf(e, &data, &len);
                bson_iter_t item;
                bson_iter_init_from_data(&item, data, len);
                while (bson_iter_next(&item)) {
                    if (bson_iter_type(&item) != BSON_TYPE_DOCUMENT)
                        return failFalse(at, std::string("$jsonSchema keyword 'items' requires "
                                                         "that each element of the array is an "
                                                         "object, but found a ") +
                                                 typeName(bson_iter_type(&item)));
                    auto sub = subschema(&item, false, at + "." + std::string(keyOf(&item)), depth);
                    if (!sub)
                        return false;
                    node.itemsTuple.push_back(std::move(sub));
                }
                node.itemsIsTuple = true;
            } else if (t == BSON_TYPE_DOCUMENT) {
                node.items = subschema(e, false, at, depth);
                if (!node.items)
                    return false;
            } else {
                return failFalse(at, std::string("$jsonSchema keyword 'items' must be an array "
                                                 "or an object, not ") +
                                         typeName(t));
            }
            node.arrayChecks = true;
        }
        if (auto *e = kw.get(AdditionalItems)) {
            const std::string at = join(where, "additionalItems");
            const bson_type_t t = bson_iter_type(e);
            Extra extra;
            NodePtr sub;
            if (t == BSON_TYPE_BOOL) {
                extra = bson_iter_bool(e) ? Extra::Allow : Extra::Deny;
            } else if (t == BSON_TYPE_DOCUMENT) {
                sub = subschema(e, false, at, depth);
                if (!sub)
                    return false;
                extra = Extra::Schema;
            } else {
                return failFalse(at, std::string("$jsonSchema keyword 'additionalItems' must be "
                                                 "either an object or a boolean, but got a ") +
                                         typeName(t));
            }
            // Without an items array, additionalItems has no effect.
            if (node.itemsIsTuple) {
                node.additionalItems = extra;
                node.additionalItemsSchema = std::move(sub);
            }
        }
        return true;
    }

    bool encryptionKeywords(const KeywordMap &kw, Node &node, const std::string &where) {
        const bson_iter_t *encrypt = kw.get(Encrypt);
        const bson_iter_t *metadata = kw.get(EncryptMetadata);
        if (encrypt && metadata)
            return failFalse(where, "Cannot specify both $jsonSchema keywords 'encrypt' and "
                                    "'encryptMetadata'");
        if (metadata) {
            const std::string at = join(where, "encryptMetadata");
            if (bson_iter_type(metadata) != BSON_TYPE_DOCUMENT)
                return failFalse(at, "$jsonSchema keyword 'encryptMetadata' must be an object ");
            const uint8_t *data;
            uint32_t len;
            docOf(metadata, &data, &len);
            bson_iter_t f;
            bson_iter_init_from_data(&f, data, len);
            bool any = false;
            while (bson_iter_next(&f)) {
                any = true;
                auto key = keyOf(&f);
                if (key != "algorithm" && key != "keyId")
                    return failFalse(at, "BSON field 'encryptMetadata." + std::string(key) +
                                             "' is an unknown field.");
            }
            if (!any)
                return failFalse(at, "$jsonSchema keyword 'encryptMetadata' cannot be an empty "
                                     "object ");
        }
        if (encrypt) {
            const std::string at = join(where, "encrypt");
            if (bson_iter_type(encrypt) != BSON_TYPE_DOCUMENT)
                return failFalse(at, "$jsonSchema keyword 'encrypt' must be an object ");
            const uint8_t *data;
            uint32_t len;
            docOf(encrypt, &data, &len);
            bson_iter_t f;
            bson_iter_init_from_data(&f, data, len);
            while (bson_iter_next(&f)) {
                auto key = keyOf(&f);
                if (key == "bsonType") {
                    std::string text;
                    if (!parseTypeSet(&f, true, node.encryptTypeMask, text, at))
                        return false;
                } else if (key != "algorithm" && key != "keyId") {
                    return failFalse(at, "BSON field 'encrypt." + std::string(key) +
                                             "' is an unknown field.");
                }
            }
            node.encrypt = true;
            if (!node.typeMask) {
                node.typeMask = typeBit(BSON_TYPE_BINARY);
                node.typeKeyword = "encrypt";
                node.typeText = "binData";
            }
        }
        return true;
    }

    bool objectKeywords(const KeywordMap &kw, Node &node, const std::string &where, int depth) {
        std::vector<std::string> required;
        if (auto *e = kw.get(Required)) {
            const std::string at = join(where, "required");
            if (bson_iter_type(e) != BSON_TYPE_ARRAY)
                return failFalse(at, std::string("$jsonSchema keyword 'required' must be an array, "
                                                 "but found an element of type ") +
                                         typeName(bson_iter_type(e)));
            const uint8_t *data;
            uint32_t len;
            docOf(e, &data, &len);
            bson_iter_t item;
            bson_iter_init_from_data(&item, data, len);
            while (bson_iter_next(&item)) {
                if (bson_iter_type(&item) != BSON_TYPE_UTF8)
                    return failFalse(at, std::string("$jsonSchema keyword 'required' must be an "
                                                     "array of strings, but found an element of "
                                                     "type: ") +
                                             typeName(bson_iter_type(&item)));
                uint32_t slen;
                const char *s = bson_iter_utf8(&item, &slen);
                required.emplace_back(s, slen);
            }
            if (required.empty())
                return failFalse(at, "$jsonSchema keyword 'required' cannot be an empty array");
            std::set<std::string> unique(required.begin(), required.end());
            if (unique.size() != required.size())
                return failFalse(at, "$jsonSchema keyword 'required' array cannot contain "
                                     "duplicate values");
        }

        const bson_iter_t *properties = kw.get(Properties);
        if (properties) {
            const std::string at = join(where, "properties");
            if (bson_iter_type(properties) != BSON_TYPE_DOCUMENT)
                return mustBe(where, Properties, "an object");
            const uint8_t *data;
            uint32_t len;
            docOf(properties, &data, &len);
            bson_iter_t p;
            bson_iter_init_from_data(&p, data, len);
            while (bson_iter_next(&p)) {
                const std::string name(keyOf(&p));
                if (bson_iter_type(&p) != BSON_TYPE_DOCUMENT)
                    return failFalse(at, "Nested schema for $jsonSchema property '" + name +
                                             "' must be an object");
                auto sub = subschema(&p, false, at + "." + name, depth);
                if (!sub)
                    return false;
                Rule rule;
                rule.name = name;
                rule.isProperty = true;
                rule.dotted = name.find('.') != std::string::npos;
                rule.schema = std::move(sub);
                node.rules.push_back(std::move(rule));
            }
            node.objectChecks = true;
        }

        const bson_iter_t *patternProps = kw.get(PatternProperties);
        const bson_iter_t *additional = kw.get(AdditionalProperties);
        if (patternProps || additional) {
            std::vector<std::string> patterns;
            if (patternProps) {
                const std::string at = join(where, "patternProperties");
                if (bson_iter_type(patternProps) != BSON_TYPE_DOCUMENT)
                    return failFalse(at, "$jsonSchema keyword 'patternProperties' must be an "
                                         "object");
                const uint8_t *data;
                uint32_t len;
                docOf(patternProps, &data, &len);
                bson_iter_t p;
                bson_iter_init_from_data(&p, data, len);
                while (bson_iter_next(&p)) {
                    const std::string name(keyOf(&p));
                    if (bson_iter_type(&p) != BSON_TYPE_DOCUMENT)
                        return failFalse(at, "$jsonSchema keyword 'patternProperties' has "
                                             "property '" +
                                                 name + "' which is not an object");
                    auto sub = subschema(&p, false, at + "." + name, depth);
                    if (!sub)
                        return false;
                    node.patternProperties.push_back({nullptr, std::move(sub)});
                    patterns.push_back(name);
                }
            }
            if (additional) {
                const std::string at = join(where, "additionalProperties");
                const bson_type_t t = bson_iter_type(additional);
                if (t == BSON_TYPE_BOOL) {
                    node.additionalProperties = bson_iter_bool(additional) ? Extra::Allow
                                                                           : Extra::Deny;
                } else if (t == BSON_TYPE_DOCUMENT) {
                    node.additionalPropertiesSchema = subschema(additional, false, at, depth);
                    if (!node.additionalPropertiesSchema)
                        return false;
                    node.additionalProperties = Extra::Schema;
                } else {
                    return failFalse(at, "$jsonSchema keyword 'additionalProperties' must be an "
                                         "object or a boolean");
                }
            }
            for (size_t i = 0; i < patterns.size(); ++i) {
                auto regex = Pcre2Regex::compile(patterns[i], Pcre2Regex::Mode::Bytes);
                if (!regex)
                    return failFalse(join(where, "patternProperties." + patterns[i]),
                                     "Invalid regular expression: " + regex.error().message);
                node.patternProperties[i].regex = *regex;
            }
            node.hasAllowed = true;
            node.objectChecks = true;
        }

        if (!required.empty()) {
            const std::string at = join(where, "required");
            for (const std::string &name : required) {
                if (name.find('\0') != std::string::npos)
                    return failFalse(at, "FieldPath field names may not contain embedded null "
                                         "bytes");
                auto it = std::find_if(node.rules.begin(), node.rules.end(),
                                       [&](const Rule &r) { return r.name == name; });
                if (it != node.rules.end()) {
                    it->isRequired = true;
                } else {
                    Rule rule;
                    rule.name = name;
                    rule.isRequired = true;
                    rule.dotted = name.find('.') != std::string::npos;
                    node.rules.push_back(std::move(rule));
                }
            }
            node.objectChecks = true;
        }

        if (!countKeyword(kw, MinProperties, node.minProperties, node.objectChecks, where) ||
            !countKeyword(kw, MaxProperties, node.maxProperties, node.objectChecks, where))
            return false;

        if (auto *e = kw.get(Dependencies)) {
            const std::string at = join(where, "dependencies");
            if (bson_iter_type(e) != BSON_TYPE_DOCUMENT)
                return mustBe(where, Dependencies, "an object");
            const uint8_t *data;
            uint32_t len;
            docOf(e, &data, &len);
            bson_iter_t d;
            bson_iter_init_from_data(&d, data, len);
            while (bson_iter_next(&d)) {
                const std::string name(keyOf(&d));
                const bson_type_t t = bson_iter_type(&d);
                Dependency dep;
                dep.name = name;
                if (t == BSON_TYPE_DOCUMENT) {
                    dep.schema = subschema(&d, node.root, at + "." + name, depth);
                    if (!dep.schema)
                        return false;
                } else if (t == BSON_TYPE_ARRAY) {
                    const uint8_t *adata;
                    uint32_t alen;
                    docOf(&d, &adata, &alen);
                    bson_iter_t item;
                    bson_iter_init_from_data(&item, adata, alen);
                    std::set<std::string> seen;
                    while (bson_iter_next(&item)) {
                        if (bson_iter_type(&item) != BSON_TYPE_UTF8)
                            return failFalse(at, "array '" + name +
                                                     "' in $jsonSchema keyword 'dependencies' "
                                                     "can only contain strings, but found "
                                                     "element of type: " +
                                                     typeName(bson_iter_type(&item)));
                        uint32_t slen;
                        const char *s = bson_iter_utf8(&item, &slen);
                        std::string prop(s, slen);
                        if (!seen.insert(prop).second)
                            return failFalse(at, "array '" + name +
                                                     "' in $jsonSchema keyword 'dependencies' "
                                                     "contains duplicate element: " +
                                                     prop);
                        dep.properties.push_back(prop);
                    }
                    if (dep.properties.empty())
                        return failFalse(at, "property '" + name +
                                                 "' in $jsonSchema keyword 'dependencies' "
                                                 "cannot be an empty array");
                } else {
                    return failFalse(at, "property '" + name +
                                             "' in $jsonSchema keyword 'dependencies' must be "
                                             "either an object or an array");
                }
                node.dependencies.push_back(std::move(dep));
            }
        }
        return true;
    }

    bool logicalList(const KeywordMap &kw, Kw which, std::vector<NodePtr> &out, Node &node,
                     const std::string &where, int depth) {
        const bson_iter_t *e = kw.get(which);
        if (!e)
            return true;
        const std::string name(kKwNames[which]);
        const std::string at = join(where, name);
        if (bson_iter_type(e) != BSON_TYPE_ARRAY)
            return failFalse(at, "$jsonSchema keyword '" + name + "' must be an array");
        const uint8_t *data;
        uint32_t len;
        docOf(e, &data, &len);
        bson_iter_t item;
        bson_iter_init_from_data(&item, data, len);
        bool any = false;
        while (bson_iter_next(&item)) {
            any = true;
            if (bson_iter_type(&item) != BSON_TYPE_DOCUMENT)
                return failFalse(at, "$jsonSchema keyword '" + name +
                                         "' must be an array of objects, but found an element "
                                         "of type " +
                                         typeName(bson_iter_type(&item)));
        }
        if (!any)
            return failFalse(at, "$jsonSchema keyword '" + name + "' must be a non-empty array");
        bson_iter_init_from_data(&item, data, len);
        while (bson_iter_next(&item)) {
            auto sub = subschema(&item, node.root, at + "." + std::string(keyOf(&item)), depth);
            if (!sub)
                return false;
            out.push_back(std::move(sub));
        }
        return true;
    }

    bool logicalKeywords(const KeywordMap &kw, Node &node, const std::string &where, int depth) {
        if (!logicalList(kw, AllOf, node.allOf, node, where, depth) ||
            !logicalList(kw, AnyOf, node.anyOf, node, where, depth) ||
            !logicalList(kw, OneOf, node.oneOf, node, where, depth))
            return false;
        if (auto *e = kw.get(NotKw)) {
            const std::string at = join(where, "not");
            if (bson_iter_type(e) != BSON_TYPE_DOCUMENT)
                return failFalse(at, std::string("$jsonSchema keyword 'not' must be an object, "
                                                 "but found an element of type ") +
                                         typeName(bson_iter_type(e)));
            node.notSchema = subschema(e, node.root, at, depth);
            if (!node.notSchema)
                return false;
        }
        if (auto *e = kw.get(EnumKw)) {
            const std::string at = join(where, "enum");
            if (bson_iter_type(e) != BSON_TYPE_ARRAY)
                return failFalse(at, std::string("$jsonSchema keyword 'enum' must be an array, "
                                                 "but found an element of type ") +
                                         typeName(bson_iter_type(e)));
            const uint8_t *data;
            uint32_t len;
            docOf(e, &data, &len);
            // Duplicates by hash, comparing only values of equal hash (equal
            // values hash alike), so that a long enum compiles in linear time.
            std::vector<IterBox> values;
            std::unordered_multimap<uint64_t, size_t> byHash;
            bson_iter_t item;
            bson_iter_init_from_data(&item, data, len);
            while (bson_iter_next(&item)) {
                const Value value = valueOf(&item);
                const uint64_t hash = valueHash(value);
                auto [from, to] = byHash.equal_range(hash);
                for (auto it = from; it != to; ++it)
                    if (valuesEqual(valueOf(&values[it->second].it), value))
                        return failFalse(at, "$jsonSchema keyword 'enum' array cannot contain "
                                             "duplicate values.");
                byHash.emplace(hash, values.size());
                values.push_back({item});
            }
            if (values.empty())
                return failFalse(at, "$jsonSchema keyword 'enum' cannot be an empty array");
            node.hasEnum = true;
            uint32_t index = 0;
            std::string text;
            for (const IterBox &box : values) {
                const bson_iter_t &v = box.it;
                // At the root only documents can match: the server ignores the rest.
                if (node.root && bson_iter_type(&v) != BSON_TYPE_DOCUMENT)
                    continue;
                char buf[16];
                const char *key;
                size_t keyLen = bson_uint32_to_string(index++, &key, buf, sizeof buf);
                bson_append_iter(node.enumValues.get(), key, int(keyLen), &v);
                if (text.size() < 200)
                    text += (text.empty() ? "" : ", ") + describeValue(valueOf(&v), 60);
                else if (text.size() < 205)
                    text += ", ...";
            }
            node.enumText = "[" + text + "]";
            node.enumData = bson_get_data(node.enumValues.get());
            node.enumSize = node.enumValues.get()->len;
            if (node.root && index == 0) {
                node.alwaysFalseKeyword = "enum";
                node.alwaysFalseReason = "the schema's enum lists no documents, so no document "
                                         "can match";
            }
            node.enumAllStrings = !node.root;
            for (const IterBox &box : values) {
                const bson_iter_t &v = box.it;
                if (bson_iter_type(&v) != BSON_TYPE_UTF8) {
                    node.enumAllStrings = false;
                    break;
                }
                uint32_t slen;
                const char *s = bson_iter_utf8(&v, &slen);
                node.enumStrings.emplace_back(s, slen);
            }
            if (!node.enumAllStrings)
                node.enumStrings.clear();
        }
        return true;
    }
};

} // namespace

void Node::finish() {
    acceptTypes = !root && typeMask ? typeMask : ~0u;
    keywordTypes = (numberChecks ? kNumberBits : 0) | (stringChecks ? typeBit(BSON_TYPE_UTF8) : 0) |
                   (arrayChecks ? typeBit(BSON_TYPE_ARRAY) : 0) |
                   (objectChecks || !dependencies.empty() ? typeBit(BSON_TYPE_DOCUMENT) : 0);
    alwaysFalse = !alwaysFalseReason.empty();
    const auto intBound = [](const Bound &b) {
        return !b.present || b.value.type == BSON_TYPE_INT32 || b.value.type == BSON_TYPE_INT64;
    };
    intBoundsOnly = !hasMultipleOf && intBound(maximum) && intBound(minimum);
    combines = encrypt || !allOf.empty() || !anyOf.empty() || !oneOf.empty() || notSchema ||
               hasEnum;
    bool anyDotted = false;
    requiredBits = 0;
    for (size_t i = 0; i < rules.size(); ++i) {
        if (rules[i].dotted) {
            anyDotted = true;
            continue;
        }
        names.add(rules[i].name, uint32_t(i));
        if (rules[i].isRequired && i < 64)
            requiredBits |= uint64_t(1) << i;
    }
    requiredByBits = rules.size() <= 64 && !anyDotted;
}

Result<std::shared_ptr<const Node>> compileSchema(const bson_t *schema) {
    Compiler compiler;
    NodePtr root = compiler.compile(bson_get_data(schema), schema->len, true, "", 0);
    if (!root)
        return compiler.error;
    return std::shared_ptr<const Node>(std::move(root));
}

} // namespace docshape::validate::detail
