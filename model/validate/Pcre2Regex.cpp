#include "validate/Pcre2Regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <cstring>

namespace docshape::validate {

namespace {

std::string errorText(int code) {
    PCRE2_UCHAR buf[256];
    int n = pcre2_get_error_message(code, buf, sizeof buf);
    if (n < 0)
        return "PCRE2 error " + std::to_string(code);
    return std::string(reinterpret_cast<const char *>(buf), size_t(n));
}

// No byte above 0x7F; eight bytes at a time.
bool isAscii(std::string_view s) {
    const char *p = s.data();
    size_t n = s.size();
    uint64_t high = 0;
    for (; n >= 8; p += 8, n -= 8) {
        uint64_t w;
        std::memcpy(&w, p, 8);
        high |= w;
    }
    for (; n > 0; ++p, --n)
        high |= uint8_t(*p);
    return (high & 0x8080808080808080ULL) == 0;
}

struct MatchData {
    pcre2_match_data *data = pcre2_match_data_create(1, nullptr);
    ~MatchData() { pcre2_match_data_free(data); }
};

} // namespace

Result<std::shared_ptr<const Pcre2Regex>> Pcre2Regex::compile(std::string_view pattern, Mode mode) {
    if (pattern.size() > kMaxPatternLength)
        return Error{"", "regular expression is too long"};
    pcre2_compile_context *cctx = pcre2_compile_context_create(nullptr);
    pcre2_set_max_pattern_length(cctx, kMaxPatternLength);
    int err = 0;
    PCRE2_SIZE offset = 0;
    const uint32_t options = mode == Mode::Utf ? PCRE2_UTF : 0;
    pcre2_code *code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                     options, &err, &offset, cctx);
    pcre2_compile_context_free(cctx);
    if (!code)
        return Error{"", errorText(err)};
    // JIT when the platform has it; the interpreter otherwise. Both honour
    // the match limit.
    const bool jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
    pcre2_match_context *mctx = pcre2_match_context_create(nullptr);
    pcre2_set_match_limit(mctx, kMatchLimit);
    pcre2_set_depth_limit(mctx, kDepthLimit);
    auto regex = std::shared_ptr<Pcre2Regex>(new Pcre2Regex());
    regex->m_pattern = std::string(pattern);
    regex->m_code = code;
    regex->m_context = mctx;
    regex->m_jit = jit;
    regex->m_utf = mode == Mode::Utf;
    return std::shared_ptr<const Pcre2Regex>(std::move(regex));
}

Pcre2Regex::~Pcre2Regex() {
    pcre2_match_context_free(static_cast<pcre2_match_context *>(m_context));
    pcre2_code_free(static_cast<pcre2_code *>(m_code));
}

Pcre2Regex::Outcome Pcre2Regex::search(std::string_view subject) const {
    thread_local MatchData md;
    // pcre2_jit_match skips the UTF-8 check, so take it only when the
    // subject needs none: byte mode, or plain ASCII (the usual field value).
    const bool ascii = !m_utf || (m_jit && isAscii(subject));
    int rc;
    if (m_jit && ascii)
        rc = pcre2_jit_match(static_cast<const pcre2_code *>(m_code),
                             reinterpret_cast<PCRE2_SPTR>(subject.data()), subject.size(), 0, 0,
                             md.data, static_cast<pcre2_match_context *>(m_context));
    else
        rc = pcre2_match(static_cast<const pcre2_code *>(m_code),
                         reinterpret_cast<PCRE2_SPTR>(subject.data()), subject.size(), 0, 0,
                         md.data, static_cast<pcre2_match_context *>(m_context));
    if (rc >= 0)
        return Outcome::Match;
    if (rc == PCRE2_ERROR_NOMATCH)
        return Outcome::NoMatch;
    if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
        rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT)
        return Outcome::LimitReached;
    return Outcome::BadSubject;
}

} // namespace docshape::validate
