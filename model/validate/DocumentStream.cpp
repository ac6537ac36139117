#include "validate/DocumentStream.h"

#include <array>
#include <cstring>
#include <istream>

namespace docshape::validate {

namespace {

constexpr size_t kChunk = size_t(1) << 20;

// What the scanner stops at, outside strings and inside them; every other
// byte is skipped in a tight loop.
enum : unsigned char { kPlain = 0, kQuote, kOpen, kClose, kNewline, kBackslash };

constexpr std::array<unsigned char, 256> kOutside = [] {
    std::array<unsigned char, 256> t{};
    t['"'] = kQuote;
    t['{'] = t['['] = kOpen;
    t['}'] = t[']'] = kClose;
    t['\n'] = kNewline;
    return t;
}();

constexpr std::array<unsigned char, 256> kInside = [] {
    std::array<unsigned char, 256> t{};
    t['"'] = kQuote;
    t['\\'] = kBackslash;
    t['\n'] = kNewline;
    return t;
}();

} // namespace

DocumentStream::DocumentStream(std::istream &in, Framing framing)
    : DocumentStream(ReadFunction([&in](char *buffer, size_t n) {
                         in.read(buffer, std::streamsize(n));
                         return size_t(in.gcount());
                     }),
                     framing) {}

DocumentStream::DocumentStream(ReadFunction read, Framing framing) : m_read(std::move(read)), m_framing(framing) {}

bool DocumentStream::fill() {
    if (m_eof)
        return false;
    // Drop what has been consumed so the buffer holds at most one document
    // plus a chunk.
    if (m_pos > 0) {
        std::memmove(m_buf.data(), m_buf.data() + m_pos, m_end - m_pos);
        m_end -= m_pos;
        m_dropped += m_pos;
        m_pos = 0;
    }
    if (m_buf.size() < m_end + kChunk + kReadablePadding)
        m_buf.resize(m_end + kChunk + kReadablePadding);
    const size_t got = m_read(m_buf.data() + m_end, kChunk);
    m_end += got;
    if (got == 0) {
        m_eof = true;
        return false;
    }
    return true;
}

bool DocumentStream::skipWhitespace() {
    while (true) {
        while (m_pos < m_end) {
            const char c = m_buf[m_pos];
            if (c == '\n')
                ++m_currentLine;
            else if (c != ' ' && c != '\t' && c != '\r')
                return true;
            ++m_pos;
        }
        if (!fill())
            return false;
    }
}

DocumentStream::Next DocumentStream::fail(std::string message) {
    m_error = "line " + std::to_string(m_currentLine) + ": " + std::move(message);
    m_mode = Mode::Done;
    return Next::Error;
}

DocumentStream::Next DocumentStream::next() {
    if (m_mode == Mode::Done)
        return m_error.empty() ? Next::End : Next::Error;
    // Before the first document, UTF-8 byte order marks are skipped: in a
    // loop, as a file may hold any number of them.
    while (true) {
        if (!skipWhitespace()) {
            if (m_mode == Mode::Array)
                return fail("the JSON array is not closed with ']'");
            m_mode = Mode::Done;
            return Next::End;
        }
        if (m_mode != Mode::Unknown || m_buf[m_pos] != '\xEF')
            break;
        if (m_end - m_pos < 3 && fill())
            continue; // a mark split between two reads
        if (m_end - m_pos < 3 || std::memcmp(m_buf.data() + m_pos, "\xEF\xBB\xBF", 3) != 0)
            break;
        m_pos += 3;
    }
    if (m_mode == Mode::Unknown) {
        if (m_buf[m_pos] == '[') {
            m_mode = Mode::Array;
            ++m_pos;
            if (!skipWhitespace())
                return fail("the JSON array is not closed with ']'");
        } else {
            m_mode = Mode::Sequence;
        }
    }
    if (m_mode == Mode::Array) {
        char c = m_buf[m_pos];
        if (m_afterElement) {
            if (c == ']') {
                ++m_pos;
                m_mode = Mode::Done;
                if (skipWhitespace())
                    return fail("unexpected text after the closing ']'");
                return Next::End;
            }
            if (c != ',')
                return fail("expected ',' or ']' after document " + std::to_string(m_count));
            ++m_pos;
            if (!skipWhitespace())
                return fail("the JSON array is not closed with ']'");
            c = m_buf[m_pos];
        } else if (c == ']') {
            ++m_pos;
            m_mode = Mode::Done;
            if (skipWhitespace())
                return fail("unexpected text after the closing ']'");
            return Next::End;
        }
    }
    if (m_buf[m_pos] != '{')
        return fail(std::string("expected a document starting with '{', found '") + m_buf[m_pos] + "'");
    if (m_framing == Framing::LinesFirst && m_mode == Mode::Sequence)
        return takeLine();
    return scanDocument();
}

DocumentStream::Next DocumentStream::takeLine() {
    size_t from = m_pos;
    const char *nl = nullptr;
    while (!(nl = static_cast<const char *>(std::memchr(m_buf.data() + from, '\n', m_end - from)))) {
        if (m_end - m_pos > kMaxDocumentBytes)
            return fail("document " + std::to_string(m_count) + " is longer than " +
                        std::to_string(kMaxDocumentBytes >> 20) + " MiB (the longest a document's text may be)");
        from = m_end - m_pos;
        if (!fill())
            break;
        from += m_pos;
    }
    const size_t stop = nl ? size_t(nl - m_buf.data()) : m_end;
    if (stop - m_pos > kMaxDocumentBytes)
        return fail("document " + std::to_string(m_count) + " is longer than " +
                    std::to_string(kMaxDocumentBytes >> 20) + " MiB (the longest a document's text may be)");
    size_t last = stop;
    while (last > m_pos && (m_buf[last - 1] == '\r' || m_buf[last - 1] == ' ' || m_buf[last - 1] == '\t'))
        --last;
    m_fromLine = true;
    m_lineStart = m_pos;
    m_lineStartLine = m_currentLine;
    m_line = m_currentLine;
    m_text = std::string_view(m_buf.data() + m_pos, last - m_pos);
    m_offset = m_dropped + m_pos;
    m_pos = stop; // the newline, counted by the next skipWhitespace
    m_index = m_count++;
    m_afterElement = true;
    return Next::Document;
}

bool DocumentStream::rescan() {
    if (!m_fromLine)
        return false;
    const size_t lineLength = m_text.size();
    m_pos = m_lineStart;
    m_currentLine = m_lineStartLine;
    --m_count;
    if (scanDocument() != Next::Document)
        return false;
    return m_text.size() != lineLength;
}

DocumentStream::Next DocumentStream::scanDocument() {
    m_fromLine = false;
    // Find the matching '}' outside strings.
    m_line = m_currentLine;
    size_t start = m_pos;
    size_t i = m_pos;
    int depth = 0;
    bool inString = false;
    const auto *bytes = reinterpret_cast<const unsigned char *>(m_buf.data());
    while (true) {
        if (i >= m_end) {
            if (i - start > kMaxDocumentBytes)
                return fail("document " + std::to_string(m_count) + " is longer than " +
                            std::to_string(kMaxDocumentBytes >> 20) + " MiB (the longest a document's text may be)");
            const size_t offset = i - start;
            if (!fill())
                return fail("document " + std::to_string(m_count) + " is incomplete at the end of the input");
            bytes = reinterpret_cast<const unsigned char *>(m_buf.data());
            start = m_pos;
            i = start + offset;
            continue;
        }
        if (inString) {
            while (i < m_end && kInside[bytes[i]] == kPlain)
                ++i;
            if (i >= m_end)
                continue;
            switch (kInside[bytes[i]]) {
            case kQuote:
                inString = false;
                ++i;
                break;
            case kBackslash:
                if (i + 1 >= m_end) {
                    // The escaped byte is in the next chunk: read on from the backslash.
                    const size_t offset = i - start;
                    if (!fill())
                        return fail("document " + std::to_string(m_count) +
                                    " is incomplete at the end of the input");
                    bytes = reinterpret_cast<const unsigned char *>(m_buf.data());
                    start = m_pos;
                    i = start + offset;
                    continue;
                }
                i += 2;
                break;
            default: // a raw newline, invalid in JSON: the parser says so; the lines stay counted
                ++m_currentLine;
                ++i;
                break;
            }
            continue;
        }
        while (i < m_end && kOutside[bytes[i]] == kPlain)
            ++i;
        if (i >= m_end)
            continue;
        const unsigned char c = kOutside[bytes[i++]];
        if (c == kQuote) {
            inString = true;
        } else if (c == kOpen) {
            ++depth;
        } else if (c == kClose) {
            if (--depth == 0)
                break;
        } else {
            ++m_currentLine;
        }
    }
    m_text = std::string_view(m_buf.data() + start, i - start);
    m_offset = m_dropped + start;
    m_pos = i;
    m_index = m_count++;
    m_afterElement = true;
    return Next::Document;
}

} // namespace docshape::validate
