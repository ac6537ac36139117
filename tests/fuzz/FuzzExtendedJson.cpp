// libFuzzer target: the Extended JSON reader, and a DocumentStream over the
// same bytes. Property: what parses is valid BSON of its stated length.
#include "validate/DocumentStream.h"
#include "validate/ExtendedJson.h"

#include <bson/bson.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace docshape::validate;
    const std::string text(reinterpret_cast<const char *>(data), size);
    static ExtendedJsonParser parser;
    if (auto doc = parser.parse(text)) {
        const bson_t *b = doc->get();
        std::size_t offset = 0;
        if (!bson_validate(b, BSON_VALIDATE_NONE, &offset)) {
            std::fprintf(stderr, "parsed Extended JSON is not valid BSON (offset %zu)\n", offset);
            std::abort();
        }
        (void)doc->toCanonicalJson();
    }
    std::size_t at = 0;
    DocumentStream stream([&](char *buffer, std::size_t n) {
        const std::size_t k = std::min(n, size - at);
        std::copy(data + at, data + at + k, buffer);
        at += k;
        return k;
    });
    for (int i = 0; i < 1000 && stream.next() == DocumentStream::Next::Document; ++i)
        (void)parser.parse(std::string(stream.text()));
    return 0;
}
