#include "validate/JsonSchema.h"

#include "validate/SchemaCompiler.h"
#include "validate/SchemaEvaluator.h"

#include <bson/bson.h>

namespace docshape::validate {

namespace {

ExtendedJsonParser &threadParser() {
    thread_local ExtendedJsonParser parser;
    return parser;
}

bool findKey(const bson_t *doc, const char *key, bson_iter_t *out) {
    return bson_iter_init_find(out, doc, key);
}

std::string otherKeys(const uint8_t *data, uint32_t len, std::string_view except) {
    std::string keys;
    bson_iter_t it;
    bson_iter_init_from_data(&it, data, len);
    while (bson_iter_next(&it)) {
        std::string_view k(bson_iter_key(&it), bson_iter_key_len(&it));
        if (k == except)
            continue;
        if (!keys.empty())
            keys += ", ";
        keys += k;
    }
    return keys;
}

BsonDocument wrap(const bson_iter_t *value) {
    BsonDocument out;
    bson_append_iter(out.get(), "$jsonSchema", -1, value);
    return out;
}

} // namespace

Result<JsonSchema> JsonSchema::compile(const bson_t *schema) {
    auto root = detail::compileSchema(schema);
    if (!root)
        return root.error();
    return JsonSchema(*root);
}

Result<JsonSchema> JsonSchema::compileValidator(const bson_t *validator) {
    bson_iter_t it;
    if (!findKey(validator, "$jsonSchema", &it))
        return Error{"", "the validator has no $jsonSchema"};
    if (bson_iter_type(&it) != BSON_TYPE_DOCUMENT)
        return Error{"$jsonSchema", "$jsonSchema must be an object"};
    const uint8_t *data;
    uint32_t len;
    bson_iter_document(&it, &len, &data);
    bson_t schema;
    if (!bson_init_static(&schema, data, len))
        return Error{"$jsonSchema", "corrupt BSON"};
    return compile(&schema);
}

Result<BsonDocument> JsonSchema::readValidator(std::string_view extendedJson) {
    auto parsed = threadParser().parse(extendedJson);
    if (!parsed) {
        // JSON that is not an object ("foo", []) is a $jsonSchema value of
        // the wrong type, which compileValidator refuses as the server does.
        const std::size_t first = extendedJson.find_first_not_of(" \t\r\n");
        if (first != std::string_view::npos && extendedJson[first] != '{') {
            auto wrapped = threadParser().parse("{\"$jsonSchema\": " + std::string(extendedJson) + "\n}");
            if (wrapped)
                return std::move(*wrapped);
        }
        return parsed.error();
    }
    const bson_t *doc = parsed->get();

    const uint8_t *data = bson_get_data(doc);
    uint32_t len = doc->len;
    bool fromCollectionOptions = false;
    bson_iter_t it;
    if (findKey(doc, "validator", &it)) {
        if (bson_iter_type(&it) != BSON_TYPE_DOCUMENT)
            return Error{"validator", "validator must be a document"};
        bson_iter_document(&it, &len, &data);
        fromCollectionOptions = true;
    }
    bson_iter_t inner;
    if (bson_iter_init_from_data(&inner, data, len) && bson_iter_find(&inner, "$jsonSchema")) {
        std::string others = otherKeys(data, len, "$jsonSchema");
        if (!others.empty())
            return Error{fromCollectionOptions ? "validator" : "",
                         "the validator combines $jsonSchema with other query operators (" +
                             others + "); only $jsonSchema can be evaluated"};
        return wrap(&inner);
    }
    if (fromCollectionOptions)
        return Error{"validator", "the validator has no $jsonSchema; only $jsonSchema "
                                  "validators can be evaluated"};
    BsonDocument out;
    bson_append_document(out.get(), "$jsonSchema", -1, doc);
    return out;
}

Result<JsonSchema> JsonSchema::compileJson(std::string_view extendedJson) {
    auto validator = readValidator(extendedJson);
    if (!validator)
        return validator.error();
    return compileValidator(validator->get());
}

bool JsonSchema::matches(const bson_t *doc) const {
    return detail::evaluate(*m_root, bson_get_data(doc), doc->len, nullptr);
}

bool JsonSchema::matches(const uint8_t *bson, uint32_t size) const {
    return detail::evaluate(*m_root, bson, size, nullptr);
}

ValidationResult JsonSchema::validate(const bson_t *doc) const {
    return validate(bson_get_data(doc), doc->len);
}

ValidationResult JsonSchema::validate(const uint8_t *bson, uint32_t size) const {
    ValidationResult result;
    // The fast path first: most documents pass, and then nothing is allocated.
    if (detail::evaluate(*m_root, bson, size, nullptr))
        return result;
    result.valid = false;
    detail::evaluate(*m_root, bson, size, &result.errors);
    if (result.errors.empty())
        result.errors.push_back({"", "$jsonSchema", "does not match the schema"});
    return result;
}

Result<ValidationResult> JsonSchema::validateJson(std::string_view extendedJson) const {
    thread_local BsonDocument doc;
    Status parsed = threadParser().parseInto(extendedJson, doc.get());
    if (!parsed)
        return parsed.error();
    return validate(doc.get());
}

} // namespace docshape::validate
