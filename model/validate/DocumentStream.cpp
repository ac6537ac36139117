#include "validate/DocumentStream.h"

#include <istream>

namespace docshape::validate {

namespace {
constexpr size_t kChunk = size_t(1) << 16;
}

DocumentStream::DocumentStream(std::istream &in) : m_in(in) {}

bool DocumentStream::fill() {
    if (m_eof)
        return false;
    // Drop what has been consumed so the buffer holds at most one document
    // plus a chunk.
    if (m_pos > 0) {
        m_buf.erase(0, m_pos);
        m_pos = 0;
    }
    const size_t old = m_buf.size();
    m_buf.resize(old + kChunk);
    m_in.read(m_buf.data() + old, std::streamsize(kChunk));
    const size_t got = size_t(m_in.gcount());
    m_buf.resize(old + got);
    if (got == 0) {
        m_eof = true;
        return false;
    }
    return true;
}

bool DocumentStream::skipWhitespace() {
    while (true) {
        while (m_pos < m_buf.size()) {
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
    if (!skipWhitespace()) {
        if (m_mode == Mode::Array)
            return fail("the JSON array is not closed with ']'");
        m_mode = Mode::Done;
        return Next::End;
    }
    if (m_mode == Mode::Unknown) {
        // Skip a UTF-8 byte order mark.
        if (m_buf.compare(m_pos, 3, "\xEF\xBB\xBF") == 0) {
            m_pos += 3;
            return next();
        }
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
        return fail(std::string("expected a document starting with '{', found '") +
                    m_buf[m_pos] + "'");

    // Find the matching '}' outside strings.
    m_line = m_currentLine;
    size_t start = m_pos;
    size_t i = m_pos;
    int depth = 0;
    bool inString = false, escaped = false;
    while (true) {
        if (i >= m_buf.size()) {
            if (i - start > kMaxDocumentBytes)
                return fail("document " + std::to_string(m_count) + " is longer than " +
                            std::to_string(kMaxDocumentBytes >> 20) + " MiB");
            const size_t offset = i - start;
            if (!fill())
                return fail("document " + std::to_string(m_count) +
                            " is incomplete at the end of the input");
            start = m_pos;
            i = start + offset;
            continue;
        }
        const char c = m_buf[i++];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            else if (c == '\n')
                ++m_currentLine;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                break;
        } else if (c == '\n') {
            ++m_currentLine;
        }
    }
    m_text = std::string_view(m_buf).substr(start, i - start);
    m_pos = i;
    m_index = m_count++;
    m_afterElement = true;
    return Next::Document;
}

} // namespace docshape::validate
