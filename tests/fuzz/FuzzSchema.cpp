// libFuzzer target: the $jsonSchema compiler and evaluator. The input is a
// schema and a document in Extended JSON, separated by the first NUL byte
// (or the first line break when there is none). Properties: matches() and
// validate() agree, and an accepted document's libbson length is its bytes.
#include "validate/ExtendedJson.h"
#include "validate/JsonSchema.h"

#include <bson/bson.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace docshape::validate;
    const std::string_view all(reinterpret_cast<const char *>(data), size);
    std::size_t cut = all.find('\0');
    if (cut == std::string_view::npos)
        cut = all.find('\n');
    if (cut == std::string_view::npos)
        return 0;
    auto schema = JsonSchema::compileJson(all.substr(0, cut));
    if (!schema)
        return 0;
    static ExtendedJsonParser parser;
    auto doc = parser.parse(all.substr(cut + 1));
    if (!doc)
        return 0;
    const bson_t *b = doc->get();
    const bool fast = schema->matches(b);
    const ValidationResult slow = schema->validate(b);
    const bool raw = schema->matches(bson_get_data(b), b->len);
    if (fast != slow.valid || fast != raw || slow.valid != slow.errors.empty()) {
        std::fprintf(stderr, "matches %d, validate %d with %zu errors, raw matches %d\n", fast, slow.valid,
                     slow.errors.size(), raw);
        std::abort();
    }
    if (fast) {
        std::uint32_t stated;
        std::memcpy(&stated, bson_get_data(b), 4);
        if (BSON_UINT32_FROM_LE(stated) != b->len || !bson_validate(b, BSON_VALIDATE_NONE, nullptr)) {
            std::fprintf(stderr, "an accepted document's length %u is not its %u bytes\n",
                         BSON_UINT32_FROM_LE(stated), b->len);
            std::abort();
        }
    }
    return 0;
}
