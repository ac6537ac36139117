#pragma once

#include "core/Project.h"
#include "util/Result.h"
#include "import/ImportSummary.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace docshape::import {

enum class InputFormat { ExtendedJson, Bson };

struct ImportOptions {
    std::uint64_t limit = 0;  // documents per collection; 0: all
    bool skipInvalid = false; // count and skip invalid documents instead of stopping
    std::string projectName;  // empty: made from the inputs
};

struct ImportProgress {
    std::uint64_t bytesRead = 0;  // input bytes, as stored
    std::uint64_t totalBytes = 0; // 0: unknown (standard input)
    std::uint64_t documents = 0;
    double seconds = 0;
    std::string file; // being read
};

struct ImportResult {
    Project project;
    ImportSummary summary;
};

// Reads mongoexport and mongodump output into a model (DESIGN.md, Import).
// Add inputs, then run() once. Inputs are streamed: memory stays bounded by
// one document, the read buffers and the per-path statistics, whatever the
// sizes of the files.
//
// - mongoexport: NAME.json (also .jsonl, .ndjson, .gz of each): Extended
//   JSON, one document a line or one JSON array; canonical, relaxed or the
//   legacy shell forms. The collection is NAME.
// - mongodump: NAME.bson (or .bson.gz) and NAME.metadata.json(.gz) beside it.
// - a directory: every such file in it, and in its subdirectories one level
//   down (dump/ holds one directory per database).
class Importer {
public:
    explicit Importer(ImportOptions options = {});
    ~Importer();

    Status addPath(const std::string &path);
    // Standard input as mongoexport output of collection `collection`.
    void addStandardInput(const std::string &collection);
    // Bytes in memory (for tests and fuzzers); they must outlive run().
    void addBytes(const std::string &collection, InputFormat format, std::span<const std::uint8_t> bytes,
                  std::span<const std::uint8_t> metadata = {});

    // Called about every 1,000 documents and at the end of each file; return
    // false to cancel (run() then fails with "cancelled").
    using ProgressFunction = std::function<bool(const ImportProgress &)>;
    Result<ImportResult> run(const ProgressFunction &progress = {});

private:
    struct Input;
    struct State;
    std::vector<std::unique_ptr<Input>> m_inputs;
    ImportOptions m_options;
    std::vector<std::string> m_directories; // for the project's name
};

} // namespace docshape::import
