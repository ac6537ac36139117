#pragma once

#include "util/Result.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

// libbson's document type, declared here so that users of this header need not
// see libbson's headers.
struct _bson_t;
typedef struct _bson_t bson_t;
struct _bson_value_t;
typedef struct _bson_value_t bson_value_t;

namespace docshape::validate {

// Owns one BSON document. Move-only; never null (a default one is empty).
class BsonDocument {
public:
    BsonDocument();
    explicit BsonDocument(bson_t *adopted); // takes ownership of a bson_new()-allocated doc
    ~BsonDocument();
    BsonDocument(BsonDocument &&other) noexcept;
    BsonDocument &operator=(BsonDocument &&other) noexcept;
    BsonDocument(const BsonDocument &) = delete;
    BsonDocument &operator=(const BsonDocument &) = delete;

    const bson_t *get() const { return m_doc; }
    bson_t *get() { return m_doc; }

    // The document's bytes, as written to a .bson file.
    const uint8_t *data() const;
    uint32_t size() const;

    // Canonical Extended JSON v2, for messages and tests.
    std::string toCanonicalJson() const;
    std::string toRelaxedJson() const;

private:
    bson_t *m_doc;
};

// What a walk over a document tells, key by key, in document order: each
// value as the BSON value it stands for, subdocuments and arrays between a
// begin and an end (array keys are "0", "1", ...). The document itself has
// no begin or end. A sink returns false to stop the walk; failure() then
// says why.
class ValueSink {
public:
    virtual ~ValueSink() = default;
    virtual bool beginObject(std::string_view key) = 0;
    virtual bool endObject() = 0;
    virtual bool beginArray(std::string_view key) = 0;
    virtual bool endArray() = 0;
    // Valid only during the call: strings and bytes point into the parser.
    virtual bool value(std::string_view key, const bson_value_t &value) = 0;
    virtual std::string failure() const = 0;
};

// Converts MongoDB Extended JSON v2 text (canonical or relaxed, plus the legacy
// `$binary`/`$type`, `$regex`/`$options` and numeric `$date` forms that
// mongoexport writes) to BSON. Built on simdjson, several times faster than
// libbson's own JSON reader, because validating large exports is dominated by
// parsing.
//
// Plain JSON numbers become int32 when they fit, else int64, else double; a
// number written with a fraction or exponent is a double. An object whose first
// key is an Extended JSON type wrapper (`$oid`, `$numberLong`, ...) must have
// exactly the wrapper's shape, otherwise it is an error; other `$` keys (`$ref`,
// `$id`, `$schema`, query operators) are ordinary field names.
//
// Not thread-safe: use one parser per thread. Reusing a parser reuses its buffers.
class ExtendedJsonParser {
public:
    // Documents nested deeper than this are refused, as the server refuses
    // documents nested beyond its own limit; it also bounds recursion here.
    static constexpr int kMaxDepth = 180;

    ExtendedJsonParser();
    ~ExtendedJsonParser();
    ExtendedJsonParser(const ExtendedJsonParser &) = delete;
    ExtendedJsonParser &operator=(const ExtendedJsonParser &) = delete;

    // Whether the bytes after `json` may be read: simdjson reads up to 64
    // bytes (SIMDJSON_PADDING) past the end of its input. Padded text is
    // parsed where it is; other text is copied first.
    enum class Padding { Copy, Readable };
    static constexpr size_t kPaddingBytes = 64;

    // `json` must hold exactly one JSON object. `out` must be initialised
    // (bson_init or bson_new); it is reinitialised and then filled. On error,
    // `out` holds an unspecified valid document.
    Status parseInto(std::string_view json, bson_t *out, Padding padding = Padding::Copy);

    // The same reading, told to `sink` instead of written as BSON: what the
    // importer's statistics read, so that they and the BSON never disagree.
    Status walk(std::string_view json, ValueSink &sink, Padding padding = Padding::Copy);

    Result<BsonDocument> parse(std::string_view json);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace docshape::validate
