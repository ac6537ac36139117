// libFuzzer target: validate over a BSON stream, as `docshape-cli validate`
// reads a .bson file: a fixed schema that exercises every keyword family,
// then each length-prefixed document of the input, raw. Properties: the
// raw-byte fast path and the explaining path agree.
#include "validate/JsonSchema.h"

#include <bson/bson.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

const char *const kSchema = R"({
  "bsonType": "object", "required": ["a"], "minProperties": 1, "maxProperties": 50,
  "properties": {
    "a": {"bsonType": ["int", "long", "double", "decimal", "string", "array", "object"]},
    "s": {"bsonType": "string", "pattern": "^[a-z]+(x|y)*$", "minLength": 1, "maxLength": 40},
    "n": {"minimum": -5, "maximum": {"$numberDecimal": "1E+10"}, "multipleOf": 0.5},
    "e": {"enum": [1, "x", {"k": [1, 2]}, null, {"$date": "2024-01-01T00:00:00Z"}]},
    "arr": {"bsonType": "array", "uniqueItems": true, "maxItems": 100,
            "items": {"bsonType": ["object", "int", "javascriptWithScope", "javascript"]}},
    "o": {"bsonType": "object", "additionalProperties": false,
          "patternProperties": {"^k[0-9]+$": {"bsonType": "int"}},
          "dependencies": {"k1": ["k2"]}}
  },
  "anyOf": [{"required": ["a"]}, {"not": {"required": ["zz"]}}]
})";

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace docshape::validate;
    static const JsonSchema schema = [] {
        auto s = JsonSchema::compileJson(kSchema);
        if (!s) {
            std::fprintf(stderr, "the fuzz schema does not compile: %s\n", s.error().message.c_str());
            std::abort();
        }
        return *s;
    }();
    std::size_t at = 0;
    while (size - at >= 5) {
        std::uint32_t len;
        std::memcpy(&len, data + at, 4);
        len = BSON_UINT32_FROM_LE(len);
        if (len < 5 || len > size - at)
            break;
        const bool fast = schema.matches(data + at, len);
        const ValidationResult slow = schema.validate(data + at, len);
        if (fast != slow.valid) {
            std::fprintf(stderr, "matches %d but validate %d at offset %zu\n", fast, slow.valid, at);
            std::abort();
        }
        at += len;
    }
    return 0;
}
