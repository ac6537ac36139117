#include "import/ByteSource.h"
#include "import/ImportSummary.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

namespace docshape::import {

struct ByteSource::Gzip {
    z_stream stream{};
    bool ended = false; // the last member's trailer was read
    ~Gzip() { inflateEnd(&stream); }
};

namespace {

constexpr std::size_t kRawChunk = std::size_t(1) << 20;

// A decompression bomb: a small .gz that inflates without end. Deflate
// cannot exceed 1,032:1 (a 258-byte match coded in 2 bits, zlib's technical
// details), and only one byte or one short pattern repeated comes near it:
// gzip makes 1,030:1 of zeros, of blank lines and of "{}" lines alike, and
// nothing above 1,032:1 is a deflate stream at all. Real exports measured
// 19:1 (distinct documents) to 687:1 (the same 8-byte document repeated),
// so a stream past 1,000:1 is refused, once past a floor that lets any
// single document, even 16 MiB of zeros, through.
constexpr std::uint64_t kMaxGzipRatio = 1000;
constexpr std::uint64_t kGzipRatioFloor = std::uint64_t(64) << 20;

class FileSource final : public ByteSource {
public:
    FileSource(std::string name, std::uint64_t size, std::FILE *file) : ByteSource(std::move(name), size), m_file(file) {}
    ~FileSource() override {
        if (m_file && m_file != stdin)
            std::fclose(m_file);
    }

protected:
    long readRaw(char *buffer, std::size_t n, std::string &message) override {
        const std::size_t got = std::fread(buffer, 1, n, m_file);
        if (got == 0 && std::ferror(m_file)) {
            message = std::strerror(errno);
            return -1;
        }
        return long(got);
    }

private:
    std::FILE *m_file;
};

class MemorySource final : public ByteSource {
public:
    MemorySource(std::span<const std::uint8_t> bytes, std::string name)
        : ByteSource(std::move(name), bytes.size()), m_bytes(bytes) {}

protected:
    long readRaw(char *buffer, std::size_t n, std::string &) override {
        const std::size_t k = std::min(n, m_bytes.size() - m_pos);
        std::memcpy(buffer, m_bytes.data() + m_pos, k);
        m_pos += k;
        return long(k);
    }

private:
    std::span<const std::uint8_t> m_bytes;
    std::size_t m_pos = 0;
};

} // namespace

ByteSource::ByteSource(std::string name, std::uint64_t size) : m_name(std::move(name)), m_size(size) {}
ByteSource::~ByteSource() = default;

Result<std::unique_ptr<ByteSource>> ByteSource::openFile(const std::string &path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return Error{path, std::string("cannot read: ") + std::strerror(errno)};
    if (!S_ISREG(st.st_mode))
        return Error{path, "not a regular file"};
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (!file)
        return Error{path, std::string("cannot read: ") + std::strerror(errno)};
    return std::unique_ptr<ByteSource>(new FileSource(path, std::uint64_t(st.st_size), file));
}

std::unique_ptr<ByteSource> ByteSource::fromMemory(std::span<const std::uint8_t> bytes, std::string name) {
    return std::unique_ptr<ByteSource>(new MemorySource(bytes, std::move(name)));
}

std::unique_ptr<ByteSource> ByteSource::standardInput() {
    return std::unique_ptr<ByteSource>(new FileSource("standard input", 0, stdin));
}

bool ByteSource::refill() {
    if (m_rawEnd)
        return false;
    const long got = readRaw(m_raw.get(), kRawChunk, m_error);
    if (got < 0) {
        m_error = "read error: " + m_error;
        m_rawEnd = true;
        return false;
    }
    m_rawSize = std::size_t(got);
    m_rawPos = 0;
    m_consumed += std::uint64_t(got);
    if (got == 0)
        m_rawEnd = true;
    return got > 0;
}

std::size_t ByteSource::read(char *buffer, std::size_t n) {
    if (!m_error.empty() || n == 0)
        return 0;
    if (!m_started) {
        m_started = true;
        m_raw.reset(new char[kRawChunk]);
        refill();
        if (m_rawSize >= 2 && static_cast<unsigned char>(m_raw[0]) == 0x1f &&
            static_cast<unsigned char>(m_raw[1]) == 0x8b) {
            m_gzip = std::make_unique<Gzip>();
            // 16 + MAX_WBITS: a gzip header and trailer, checked (zlib manual, inflateInit2).
            if (inflateInit2(&m_gzip->stream, 16 + MAX_WBITS) != Z_OK) {
                m_error = "cannot start gzip decompression";
                return 0;
            }
        }
    }
    std::size_t out = 0;
    if (m_gzip) {
        out = readGzip(buffer, n);
    } else {
        while (out < n) {
            if (m_rawPos == m_rawSize && !refill())
                break;
            const std::size_t k = std::min(n - out, m_rawSize - m_rawPos);
            std::memcpy(buffer + out, m_raw.get() + m_rawPos, k);
            m_rawPos += k;
            out += k;
        }
    }
    m_produced += out;
    return out;
}

std::size_t ByteSource::readGzip(char *buffer, std::size_t n) {
    z_stream &z = m_gzip->stream;
    z.next_out = reinterpret_cast<Bytef *>(buffer);
    z.avail_out = uInt(n);
    while (z.avail_out > 0) {
        if (m_rawPos == m_rawSize) {
            if (!refill()) {
                if (!m_error.empty())
                    break;
                if (!m_gzip->ended)
                    m_error = "the gzip stream is truncated (it ends before its trailer) after " +
                              std::to_string(m_produced + (n - z.avail_out)) + " decompressed bytes";
                break;
            }
        }
        if (m_gzip->ended) {
            // Bytes after a member: another member (gzip allows concatenation).
            if (inflateReset(&z) != Z_OK) {
                m_error = "gzip: cannot read the next member";
                break;
            }
            m_gzip->ended = false;
        }
        z.next_in = reinterpret_cast<Bytef *>(m_raw.get() + m_rawPos);
        z.avail_in = uInt(m_rawSize - m_rawPos);
        const int rc = inflate(&z, Z_NO_FLUSH);
        m_rawPos = m_rawSize - z.avail_in;
        if (rc == Z_STREAM_END) {
            m_gzip->ended = true;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            m_error = std::string("the gzip data is corrupt: ") + (z.msg ? z.msg : "inflate failed") +
                      " (at compressed byte " + std::to_string(m_consumed - (m_rawSize - m_rawPos)) + ")";
            break;
        }
        const std::uint64_t compressed = m_consumed - (m_rawSize - m_rawPos); // taken by inflate so far
        const std::uint64_t inflated = m_produced + (n - z.avail_out);
        if (inflated > kGzipRatioFloor && inflated / kMaxGzipRatio >= std::max<std::uint64_t>(compressed, 1)) {
            m_error = "the gzip data inflates more than " + groupedNumber(kMaxGzipRatio) + " times (" + groupedNumber(inflated) +
                      " bytes from the first " + groupedNumber(compressed) + " compressed bytes, at compressed byte " +
                      groupedNumber(compressed) + "): deflate cannot pass 1,032:1 and only one byte or pattern repeated "
                      "comes near it, so this is a decompression bomb, not an export; if the data is real, "
                      "decompress it first and import that";
            break;
        }
    }
    return n - z.avail_out;
}

} // namespace docshape::import
