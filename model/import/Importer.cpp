#include "import/Importer.h"

#include "import/ByteSource.h"
#include "import/CollectionMetadata.h"
#include "import/ModelBuilder.h"
#include "io/ProjectFile.h"
#include "validate/DocumentStream.h"
#include "validate/ExtendedJson.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>

namespace docshape::import {

namespace fs = std::filesystem;

namespace {

// The largest document mongod writes: 16 MiB of user data plus 16 KiB of
// room for internal fields (BSONObjMaxInternalSize, src/mongo/bson/util/builder.h).
constexpr std::uint32_t kMaxBsonDocument = 16 * 1024 * 1024 + 16 * 1024;
constexpr std::size_t kMaxMetadataBytes = 16 * 1024 * 1024;
constexpr std::uint64_t kProgressEvery = 1024;
constexpr std::size_t kInvalidReported = 20; // invalid documents named one by one; the rest are counted
// Indexes left out when the whole model is checked: each costs a check of
// the model, and CollectionMetadata has checked each index already, so a
// model that needs more has something else wrong with it.
constexpr std::size_t kMaxIndexesDroppedLate = 4;

bool endsWith(const std::string &s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The collection name and format of a file name, or nothing when the file
// is not an export or a dump (a metadata file is told apart by the caller).
std::optional<std::pair<std::string, InputFormat>> classify(const std::string &file) {
    std::string name = file;
    if (endsWith(name, ".gz"))
        name.resize(name.size() - 3);
    for (std::string_view ext : {".bson"})
        if (endsWith(name, ext))
            return std::pair{name.substr(0, name.size() - ext.size()), InputFormat::Bson};
    for (std::string_view ext : {".json", ".jsonl", ".ndjson"})
        if (endsWith(name, ext) && !endsWith(name, ".metadata.json"))
            return std::pair{name.substr(0, name.size() - ext.size()), InputFormat::ExtendedJson};
    return std::nullopt;
}

bool isMetadata(const std::string &file) { return endsWith(file, ".metadata.json") || endsWith(file, ".metadata.json.gz"); }

std::string readAll(ByteSource &source, std::string &error) {
    std::string text;
    char buf[65536];
    while (std::size_t n = source.read(buf, sizeof buf)) {
        text.append(buf, n);
        if (text.size() > kMaxMetadataBytes) {
            error = "larger than 16 MiB, not a metadata file";
            return {};
        }
    }
    error = source.error();
    return text;
}

std::uint32_t littleEndian32(const unsigned char *p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

// Reads exactly n bytes unless the input ends first; returns how many.
std::size_t readFully(ByteSource &source, char *buffer, std::size_t n) {
    std::size_t got = 0;
    while (got < n) {
        const std::size_t k = source.read(buffer + got, n - got);
        if (k == 0)
            break;
        got += k;
    }
    return got;
}

} // namespace

struct Importer::Input {
    std::string collection;
    InputFormat format = InputFormat::ExtendedJson;
    std::string path;     // empty: memory or standard input
    std::string metadata; // path of the metadata file, if any
    bool standardInput = false;
    std::span<const std::uint8_t> bytes, metadataBytes;
    std::string database; // the dump directory's name, if any
    std::uint64_t size = 0;
};

struct Importer::State {
    std::vector<std::unique_ptr<ReadCollection>> collections;
    std::map<std::string, std::size_t> byName;
    ImportSummary summary;
    std::uint64_t doneBytes = 0, documents = 0, totalBytes = 0;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    const ProgressFunction *progress = nullptr;
    bool cancelled = false;

    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    ReadCollection &collection(const std::string &name) {
        auto it = byName.find(name);
        if (it != byName.end())
            return *collections[it->second];
        byName.emplace(name, collections.size());
        collections.push_back(std::make_unique<ReadCollection>(ReadCollection{CollectionStatistics(name), std::nullopt}));
        summary.collections.push_back({});
        summary.collections.back().name = name;
        return *collections.back();
    }
    CollectionSummary &summaryOf(const std::string &name) { return summary.collections[byName.at(name)]; }
    bool report(const ByteSource &source) {
        if (!progress || !*progress)
            return true;
        ImportProgress p;
        p.bytesRead = doneBytes + source.consumed();
        p.totalBytes = totalBytes;
        p.documents = documents;
        p.seconds = seconds();
        p.file = source.name();
        if (!(*progress)(p))
            cancelled = true;
        return !cancelled;
    }
};

Importer::Importer(ImportOptions options) : m_options(std::move(options)) {}
Importer::~Importer() = default;

Status Importer::addPath(const std::string &path) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        return Error{path, "no such file or directory"};
    auto addFile = [&](const fs::path &file, const std::string &database, bool explicitly) -> Status {
        const std::string name = file.filename().string();
        if (isMetadata(name))
            return explicitly ? Status(Error{file.string(), "a metadata file: name its .bson, or the dump directory"})
                              : Status();
        auto kind = classify(name);
        if (!kind) {
            if (explicitly)
                return Error{file.string(), "not an export or a dump: expected NAME.json, .jsonl, .ndjson, .bson "
                                            "(or any of them .gz)"};
            return {};
        }
        if (!explicitly && kind->first.rfind("system.", 0) == 0)
            return {}; // the server's own collections (system.views, system.profile)
        auto input = std::make_unique<Input>();
        input->collection = kind->first;
        input->format = kind->second;
        input->path = file.string();
        input->database = database;
        input->size = fs::file_size(file, ec);
        if (input->format == InputFormat::Bson) {
            for (std::string_view suffix : {".metadata.json", ".metadata.json.gz"}) {
                const fs::path candidate = file.parent_path() / (kind->first + std::string(suffix));
                if (fs::is_regular_file(candidate, ec)) {
                    input->metadata = candidate.string();
                    break;
                }
            }
        }
        m_inputs.push_back(std::move(input));
        return {};
    };
    if (!fs::is_directory(status))
        return addFile(path, "", true);
    auto sorted = [&](const fs::path &dir) {
        std::vector<fs::directory_entry> entries;
        for (const auto &e : fs::directory_iterator(dir, ec))
            entries.push_back(e);
        std::sort(entries.begin(), entries.end(), [](auto &a, auto &b) { return a.path() < b.path(); });
        return entries;
    };
    const std::size_t before = m_inputs.size();
    const std::string database = fs::path(path).lexically_normal().filename().string();
    for (const auto &entry : sorted(path)) {
        if (entry.is_regular_file(ec)) {
            if (Status s = addFile(entry.path(), database, false); !s)
                return s;
        } else if (entry.is_directory(ec)) {
            for (const auto &inner : sorted(entry.path()))
                if (inner.is_regular_file(ec))
                    if (Status s = addFile(inner.path(), entry.path().filename().string(), false); !s)
                        return s;
        }
    }
    if (m_inputs.size() == before)
        return Error{path, "no export or dump files in this directory (NAME.json, .jsonl, .ndjson, .bson, or .gz)"};
    m_directories.push_back(database);
    return {};
}

void Importer::addStandardInput(const std::string &collection) {
    auto input = std::make_unique<Input>();
    input->collection = collection;
    input->standardInput = true;
    m_inputs.push_back(std::move(input));
}

void Importer::addBytes(const std::string &collection, InputFormat format, std::span<const std::uint8_t> bytes,
                        std::span<const std::uint8_t> metadata) {
    auto input = std::make_unique<Input>();
    input->collection = collection;
    input->format = format;
    input->bytes = bytes;
    input->metadataBytes = metadata;
    input->size = bytes.size();
    m_inputs.push_back(std::move(input));
}

namespace {

Status readJson(ByteSource &source, ReadCollection &rc, CollectionSummary &cs, const ImportOptions &options,
                Importer::ProgressFunction const *, auto &state, auto &findings) {
    // Whether every byte so far is whitespace: only then can the stream end
    // without a document and without an error.
    bool onlyWhitespace = true;
    validate::DocumentStream stream(
        [&source, &onlyWhitespace](char *buffer, std::size_t n) {
            const std::size_t got = source.read(buffer, n);
            if (onlyWhitespace)
                onlyWhitespace = std::all_of(buffer, buffer + got,
                                             [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; });
            return got;
        },
        validate::DocumentStream::Framing::LinesFirst);
    validate::ExtendedJsonParser parser;
    CollectionStatistics &stats = rc.statistics;
    while (true) {
        if (options.limit && stats.documents() >= options.limit) {
            state.summary.limited = true;
            break;
        }
        const auto next = stream.next();
        if (next == validate::DocumentStream::Next::End)
            break;
        if (next == validate::DocumentStream::Next::Error) {
            if (!source.error().empty())
                return Error{source.name(), source.error()};
            return Error{source.name(), stream.error()};
        }
        stats.beginDocument();
        Status s = parser.walk(stream.text(), stats, validate::ExtendedJsonParser::Padding::Readable);
        if (!s && s.error().message.rfind("not valid JSON", 0) == 0 && stream.rescan()) {
            stats.beginDocument();
            s = parser.walk(stream.text(), stats, validate::ExtendedJsonParser::Padding::Readable);
        }
        if (!s && !source.error().empty())
            return Error{source.name(), source.error()}; // the document was cut by a broken input
        if (!s) {
            stats.abandonDocument();
            const std::string where =
                source.name() + ": line " + std::to_string(stream.line()) + " (byte " + std::to_string(stream.offset()) + ")";
            if (!options.skipInvalid)
                return Error{where, s.error().message};
            if (cs.invalid++ < kInvalidReported)
                findings.push_back({"import.invalid-document", "warning", where, s.error().message + "; skipped"});
            continue;
        }
        stats.endDocument();
        if (++state.documents % kProgressEvery == 0 && !state.report(source))
            return Error{source.name(), "cancelled"};
    }
    if (!source.error().empty())
        return Error{source.name(), source.error()};
    // An empty file is an empty collection; bytes that hold no document are
    // not an export (a gzip of blank lines is how a bomb looks).
    if (onlyWhitespace && source.produced() > 0)
        return Error{source.name(), groupedNumber(source.produced()) + " bytes" +
                                        (source.compressed() ? " once decompressed" : "") +
                                        ", all whitespace, and not one document: mongoexport writes a document a "
                                        "line, or a JSON array"};
    return {};
}

Status readBson(ByteSource &source, ReadCollection &rc, CollectionSummary &cs, const ImportOptions &options,
                auto &state, auto &findings) {
    std::vector<char> buffer(1024);
    std::uint64_t offset = 0;
    CollectionStatistics &stats = rc.statistics;
    while (true) {
        if (options.limit && stats.documents() >= options.limit) {
            state.summary.limited = true;
            break;
        }
        unsigned char prefix[4];
        const std::size_t got = readFully(source, reinterpret_cast<char *>(prefix), 4);
        if (!source.error().empty())
            return Error{source.name(), source.error()};
        if (got == 0)
            break;
        const std::string where = source.name() + ": byte " + std::to_string(offset);
        if (got < 4)
            return Error{where, "the file ends inside a document's 4-byte length prefix (" + std::to_string(got) +
                                    " bytes left)"};
        const std::uint32_t length = littleEndian32(prefix);
        // A wrong length loses the framing of everything after it: stop, even with --skip-invalid.
        if (length < 5)
            return Error{where, "a document length prefix of " + std::to_string(std::int32_t(length)) +
                                    " bytes; a document is at least 5"};
        if (length > kMaxBsonDocument)
            return Error{where, "a document length prefix of " + std::to_string(length) +
                                    " bytes, larger than the server writes (16 MiB + 16 KiB): not BSON, or corrupt"};
        if (buffer.size() < length)
            buffer.resize(length);
        std::memcpy(buffer.data(), prefix, 4);
        const std::size_t body = readFully(source, buffer.data() + 4, length - 4);
        if (!source.error().empty())
            return Error{source.name(), source.error()};
        if (body < length - 4)
            return Error{where, "a truncated document: its length prefix says " + std::to_string(length) +
                                    " bytes, only " + std::to_string(body + 4) + " are left in the file"};
        Status s = buffer[length - 1] == 0
                       ? stats.addBson(reinterpret_cast<const std::uint8_t *>(buffer.data()), length)
                       : Status(Error{"", "byte " + std::to_string(length - 1) + ": the document does not end with a NUL byte"});
        const std::uint64_t at = offset;
        offset += length;
        if (!s) {
            const std::string inside = source.name() + ": document at byte " + std::to_string(at);
            if (!options.skipInvalid)
                return Error{inside, s.error().message};
            if (cs.invalid++ < kInvalidReported)
                findings.push_back({"import.invalid-document", "warning", inside, s.error().message + "; skipped"});
            continue;
        }
        if (++state.documents % kProgressEvery == 0 && !state.report(source))
            return Error{source.name(), "cancelled"};
    }
    return {};
}

} // namespace

Result<ImportResult> Importer::run(const ProgressFunction &progress) {
    if (m_inputs.empty())
        return Error{"", "nothing to import"};
    State state;
    state.progress = &progress;
    for (const auto &input : m_inputs)
        state.totalBytes += input->size;
    std::string database;
    for (const auto &input : m_inputs) {
        std::unique_ptr<ByteSource> source;
        if (input->standardInput) {
            source = ByteSource::standardInput();
        } else if (!input->path.empty()) {
            auto opened = ByteSource::openFile(input->path);
            if (!opened)
                return opened.error();
            source = std::move(*opened);
        } else {
            source = ByteSource::fromMemory(input->bytes, input->collection + (input->format == InputFormat::Bson ? ".bson" : ".json"));
        }
        ReadCollection &rc = state.collection(input->collection);
        CollectionSummary &cs = state.summaryOf(input->collection);
        cs.files.push_back(source->name());
        if (!input->database.empty() && database.empty())
            database = input->database;
        const std::uint64_t before = rc.statistics.documents();
        Status s = input->format == InputFormat::Bson
                       ? readBson(*source, rc, cs, m_options, state, state.summary.findings)
                       : readJson(*source, rc, cs, m_options, &progress, state, state.summary.findings);
        if (!s)
            return s.error();
        if (cs.invalid > kInvalidReported)
            state.summary.findings.push_back({"import.invalid-document", "warning", source->name(),
                                              std::to_string(cs.invalid - kInvalidReported) +
                                                  " more invalid documents skipped"});
        (void)before;
        state.doneBytes += source->consumed();
        state.summary.inputBytes += source->consumed();
        if (!state.report(*source))
            return Error{source->name(), "cancelled"};

        if (!input->metadata.empty() || !input->metadataBytes.empty()) {
            std::unique_ptr<ByteSource> meta;
            if (!input->metadata.empty()) {
                auto opened = ByteSource::openFile(input->metadata);
                if (!opened)
                    return opened.error();
                meta = std::move(*opened);
            } else {
                meta = ByteSource::fromMemory(input->metadataBytes, input->collection + ".metadata.json");
            }
            std::string error;
            const std::string text = readAll(*meta, error);
            if (!error.empty())
                return Error{meta->name(), error};
            auto parsed = parseCollectionMetadata(text, meta->name());
            if (!parsed)
                return parsed.error();
            cs.files.push_back(meta->name());
            rc.metadata = std::move(*parsed);
        }
    }

    ImportResult result;
    Project &p = result.project;
    p.entities.reserve(64);
    if (!m_options.projectName.empty())
        p.name = m_options.projectName;
    else if (!m_directories.empty())
        p.name = "Imported from " + m_directories.front();
    else
        p.name = "Imported data";
    if (!database.empty() && database.find_first_of("/\\. \"$") == std::string::npos)
        p.database = database;
    result.summary = std::move(state.summary);
    ModelBuilder builder(p, result.summary);
    std::vector<const ReadCollection *> read;
    for (const auto &rc : state.collections) {
        if (rc->metadata && rc->metadata->type == "view") {
            result.summary.findings.push_back({"import.view", "info", rc->statistics.name(), "a view: not a collection, left out"});
            continue;
        }
        rc->statistics.foldSparseKeys();
        builder.add(*rc);
        read.push_back(rc.get());
        result.summary.documents += rc->statistics.documents();
        result.summary.bsonBytes += rc->statistics.documentBytes();
        CollectionSummary &cs = result.summary.collections[state.byName.at(rc->statistics.name())];
        cs.documents = rc->statistics.documents();
        cs.documentBytes = rc->statistics.documentBytes();
        cs.largestDocument = rc->statistics.largestDocument();
    }
    builder.finish(read);
    for (std::size_t i = 0; i < p.entities.size(); ++i)
        p.entities[i].position = {40.0 + double(i % 4) * 360.0, 40.0 + double(i / 4) * 360.0};
    p.description = "Inferred by docshape-cli infer from " + std::to_string(result.summary.documents) +
                    " documents; every entity and field says what it rests on. Reference candidates are in the "
                    "import summary, for the designer to confirm.";
    // Metadata values are checked as they are read (CollectionMetadata) and
    // the data's own inferences hold by construction; should the model still
    // break a rule, the user is told which input it comes from. An index
    // comes from a metadata file and is left out with a warning; nothing
    // else can be left out without changing what the data says.
    for (std::size_t dropped = 0;; ++dropped) {
        const Status s = validateProject(p);
        if (s)
            break;
        const Error &e = s.error();
        if (dropped < kMaxIndexesDroppedLate && builder.dropIndex(e))
            continue;
        const std::string collection = builder.collectionOf(e.where);
        std::string where = collection.empty() ? "the inferred model" : "collection " + collection;
        if (auto it = state.byName.find(collection); it != state.byName.end()) {
            std::string files;
            for (const auto &f : result.summary.collections[it->second].files)
                files += (files.empty() ? "" : ", ") + f;
            where += " (" + files + ")";
        }
        return Error{where, "the model inferred from it breaks a rule of the model at " + e.toString()};
    }
    result.summary.seconds = state.seconds();
    return result;
}

} // namespace docshape::import
