// libFuzzer targets: the importer's readers, one binary per format
// (DOCSHAPE_FUZZ_FORMAT): mongoexport Extended JSON and mongodump .bson,
// each also read gzip-compressed when the input starts with gzip's magic
// bytes; with DOCSHAPE_FUZZ_GZIP the first two bytes are always the magic,
// so that every input exercises the gzip reader.
// Properties: no crash, and a model that imports is valid.
#include "import/Importer.h"
#include "io/ProjectFile.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace docshape;
    import::ImportOptions options;
    options.limit = 2000;
    options.skipInvalid = size > 0 && (data[0] & 1);
    import::Importer importer(options);
#ifdef DOCSHAPE_FUZZ_GZIP
    std::vector<std::uint8_t> bytes(data, data + size);
    if (bytes.size() < 2)
        return 0;
    bytes[0] = 0x1f;
    bytes[1] = 0x8b;
    importer.addBytes("fuzz", import::InputFormat::DOCSHAPE_FUZZ_FORMAT, bytes);
#else
    importer.addBytes("fuzz", import::InputFormat::DOCSHAPE_FUZZ_FORMAT, std::span<const std::uint8_t>(data, size));
#endif
    auto result = importer.run();
    if (result) {
        const Status valid = validateProject(result->project);
        if (!valid) {
            std::fprintf(stderr, "an imported model is invalid: %s\n", valid.error().toString().c_str());
            std::abort();
        }
    }
    return 0;
}
