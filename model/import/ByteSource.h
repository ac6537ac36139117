#pragma once

#include "util/Result.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace docshape::import {

// The bytes of one input, read front to back in chunks: a file or a buffer,
// gzip-compressed or not (told by the gzip magic bytes, so `.gz` names are
// not trusted either way). Progress is counted in the input's own bytes:
// for a gzip file, the compressed bytes consumed.
class ByteSource {
public:
    static Result<std::unique_ptr<ByteSource>> openFile(const std::string &path);
    // A buffer that must outlive the source (what a fuzzer drives).
    static std::unique_ptr<ByteSource> fromMemory(std::span<const std::uint8_t> bytes, std::string name);
    // Standard input, uncompressed or gzip; its size is unknown (0).
    static std::unique_ptr<ByteSource> standardInput();

    virtual ~ByteSource();

    // Up to n decompressed bytes, 0 at the end or after an error (see error()).
    std::size_t read(char *buffer, std::size_t n);

    const std::string &name() const { return m_name; }
    std::uint64_t consumed() const { return m_consumed; } // input bytes read so far
    std::uint64_t size() const { return m_size; }         // input bytes in all; 0: unknown
    std::uint64_t produced() const { return m_produced; } // decompressed bytes handed out
    bool compressed() const { return m_gzip != nullptr; }
    // Set when reading failed (an I/O error, a corrupt or truncated gzip stream).
    const std::string &error() const { return m_error; }

protected:
    ByteSource(std::string name, std::uint64_t size);
    // Raw input bytes; 0 at the end; -1 on an I/O error (with message).
    virtual long readRaw(char *buffer, std::size_t n, std::string &message) = 0;

private:
    std::size_t readGzip(char *buffer, std::size_t n);
    bool refill();

    struct Gzip;
    std::string m_name;
    std::uint64_t m_size = 0;
    std::uint64_t m_consumed = 0;
    std::uint64_t m_produced = 0;
    bool m_started = false;
    bool m_rawEnd = false;
    std::string m_error;
    std::unique_ptr<char[]> m_raw; // compressed input, or the first bytes read to sniff
    std::size_t m_rawSize = 0;
    std::size_t m_rawPos = 0;
    std::unique_ptr<Gzip> m_gzip;
};

} // namespace docshape::import
