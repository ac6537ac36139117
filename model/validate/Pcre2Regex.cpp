#include "validate/Pcre2Regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace docshape::validate {

namespace {

std::string errorText(int code) {
    PCRE2_UCHAR buf[256];
    int n = pcre2_get_error_message(code, buf, sizeof buf);
    if (n < 0)
        return "PCRE2 error " + std::to_string(code);
    return std::string(reinterpret_cast<const char *>(buf), size_t(n));
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
    bool ascii = !m_utf;
    if (m_jit && m_utf) {
        ascii = true;
        for (unsigned char c : subject)
            if (c >= 0x80) {
                ascii = false;
                break;
            }
    }
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
