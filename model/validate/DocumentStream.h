#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::validate {

// Splits a stream of Extended JSON documents without loading it whole: one
// document a line (mongoexport's default), documents separated by any
// whitespace, or a single JSON array of documents (mongoexport --jsonArray,
// which writes the whole array on one line). Each document's text is handed
// out as found; parsing it is the caller's.
//
// Only the structure between documents is checked here (braces, strings,
// separators); a malformed document is still handed out, for the parser to
// reject with a precise message. Memory is one document plus a read chunk:
// a document longer than kMaxDocumentBytes is an error at its line, so a
// 2 GB line is never held whole.
class DocumentStream {
public:
    // The longest document text accepted: four times the server's 16 MiB
    // BSON limit, room for canonical Extended JSON's wrappers and base64.
    static constexpr size_t kMaxDocumentBytes = size_t(64) << 20;
    // Bytes after text() that may be read (not written): what simdjson
    // reads past its input (ExtendedJsonParser::kPaddingBytes).
    static constexpr size_t kReadablePadding = 64;

    // Reads up to n bytes into the buffer; returns how many, 0 at the end.
    using ReadFunction = std::function<size_t(char *buffer, size_t n)>;

    // How documents are found. Scan: braces and strings are followed byte
    // by byte. LinesFirst: each line is taken as one document (found with
    // memchr, much faster), and the caller, when a line does not parse,
    // calls rescan() to frame it by scanning instead; mongoexport writes
    // one document a line, so the scan is then only for other layouts.
    enum class Framing { Scan, LinesFirst };

    explicit DocumentStream(std::istream &in, Framing framing = Framing::Scan);
    explicit DocumentStream(ReadFunction read, Framing framing = Framing::Scan);

    enum class Next { Document, End, Error };
    Next next();

    // Valid after Next::Document until the following call; kReadablePadding
    // bytes after it are readable.
    std::string_view text() const { return m_text; }
    size_t index() const { return m_index; }  // 0-based position in the stream
    size_t line() const { return m_line; }    // 1-based line where the document starts
    size_t offset() const { return m_offset; } // byte offset where the document starts
    // Valid after Next::Error.
    const std::string &error() const { return m_error; }

    // After a Document taken as a line (LinesFirst), frames the same place by
    // scanning: true when that gives another text (a document over several
    // lines, or several on one line), now in text(); false when the line was
    // already the scanned document, or on an error (next() then reports it).
    bool rescan();

private:
    bool fill();            // reads more input; false at end of input
    bool skipWhitespace();  // false at end of input
    Next fail(std::string message);
    Next scanDocument();
    Next takeLine();
    size_t size() const { return m_end; }

    ReadFunction m_read;
    Framing m_framing;
    bool m_fromLine = false;       // the current document was taken as a line
    size_t m_lineStart = 0;        // where it starts in m_buf
    size_t m_lineStartLine = 0;    // m_currentLine before it
    std::vector<char> m_buf; // m_end bytes of input, then at least kReadablePadding more
    size_t m_end = 0;
    size_t m_pos = 0;
    size_t m_dropped = 0; // bytes of input before m_buf[0]
    size_t m_currentLine = 1;
    bool m_eof = false;

    enum class Mode { Unknown, Sequence, Array, Done };
    Mode m_mode = Mode::Unknown;
    bool m_afterElement = false;

    std::string_view m_text;
    size_t m_index = 0;
    size_t m_count = 0;
    size_t m_line = 0;
    size_t m_offset = 0;
    std::string m_error;
};

} // namespace docshape::validate
