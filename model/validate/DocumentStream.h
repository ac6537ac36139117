#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

namespace docshape::validate {

// Splits a stream of Extended JSON documents without loading it whole: one
// document a line (mongoexport's default), documents separated by any
// whitespace, or a single JSON array of documents (mongoexport --jsonArray).
// Each document's text is handed out as found; parsing it is the caller's.
//
// Only the structure between documents is checked here (braces, strings,
// separators); a malformed document is still handed out, for the parser to
// reject with a precise message.
class DocumentStream {
public:
    // The longest document text accepted. The server's documents are at most
    // 16 MiB of BSON; Extended JSON can take several times that.
    static constexpr size_t kMaxDocumentBytes = size_t(128) << 20;

    explicit DocumentStream(std::istream &in);

    enum class Next { Document, End, Error };
    Next next();

    // Valid after Next::Document until the following call.
    std::string_view text() const { return m_text; }
    size_t index() const { return m_index; } // 0-based position in the stream
    size_t line() const { return m_line; }   // 1-based line where the document starts
    // Valid after Next::Error.
    const std::string &error() const { return m_error; }

private:
    bool fill();            // reads more input; false at end of input
    bool skipWhitespace();  // false at end of input
    Next fail(std::string message);

    std::istream &m_in;
    std::string m_buf;
    size_t m_pos = 0;
    size_t m_currentLine = 1;
    bool m_eof = false;

    enum class Mode { Unknown, Sequence, Array, Done };
    Mode m_mode = Mode::Unknown;
    bool m_afterElement = false;

    std::string_view m_text;
    size_t m_index = 0;
    size_t m_count = 0;
    size_t m_line = 0;
    std::string m_error;
};

} // namespace docshape::validate
