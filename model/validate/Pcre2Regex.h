#pragma once

#include "util/Result.h"

#include <memory>
#include <string>
#include <string_view>

namespace docshape::validate {

// A compiled PCRE2 pattern with bounded matching, so that a hostile pattern
// (catastrophic backtracking such as `(a+)+$`) gives up instead of hanging.
// Thread-safe once compiled: matching uses per-thread match data.
class Pcre2Regex {
public:
    // The server's RegexMatchExpression compiles `pattern` with PCRE2_UTF;
    // patternProperties compiles field-name patterns without options.
    enum class Mode { Utf, Bytes };

    // Backtracking steps allowed per match (PCRE2's match_limit). The server
    // keeps PCRE2's default of 10,000,000; a tenth of it still accepts any
    // realistic field value while keeping a hostile pattern on a large export
    // from stalling for minutes.
    static constexpr uint32_t kMatchLimit = 1'000'000;
    // Nested backtracking depth (PCRE2's depth_limit), bounding memory.
    // JIT matching ignores it: there PCRE2's default 32 KiB JIT stack bounds
    // memory, and running out of it counts as LimitReached too.
    static constexpr uint32_t kDepthLimit = 10'000;
    // Longest pattern the server accepts (mongo::pcre kMaxPatternLength).
    static constexpr size_t kMaxPatternLength = 32764;

    enum class Outcome { Match, NoMatch, LimitReached, BadSubject };

    // Error.message is PCRE2's own text, e.g. "missing closing parenthesis".
    static Result<std::shared_ptr<const Pcre2Regex>> compile(std::string_view pattern, Mode mode);

    ~Pcre2Regex();
    Pcre2Regex(const Pcre2Regex &) = delete;
    Pcre2Regex &operator=(const Pcre2Regex &) = delete;

    // Unanchored search, as the server's $regex.
    Outcome search(std::string_view subject) const;
    const std::string &pattern() const { return m_pattern; }

private:
    Pcre2Regex() = default;
    std::string m_pattern;
    void *m_code = nullptr;    // pcre2_code_8
    void *m_context = nullptr; // pcre2_match_context_8
    bool m_jit = false;
    bool m_utf = false;
};

} // namespace docshape::validate
