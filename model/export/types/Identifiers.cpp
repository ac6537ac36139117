#include "export/types/Identifiers.h"

#include <vector>

namespace docshape::types {

namespace {

bool isAsciiAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool isUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool isLower(char c) { return c >= 'a' && c <= 'z'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
char upper(char c) { return isLower(c) ? static_cast<char>(c - 'a' + 'A') : c; }
char lower(char c) { return isUpper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

// The ASCII words of a name: runs of letters and digits, split where a
// lower-case letter or digit meets an upper-case one ("shippingAddress" →
// shipping, Address) and before the last capital of a capital run followed
// by a lower-case letter ("HTMLBody" → HTML, Body).
std::vector<std::string> words(std::string_view name) {
    std::vector<std::string> out;
    std::string word;
    const auto flush = [&] {
        if (!word.empty())
            out.push_back(std::move(word));
        word.clear();
    };
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (!isAsciiAlnum(c)) {
            flush();
            continue;
        }
        if (!word.empty() && isUpper(c)) {
            const char prev = word.back();
            const bool nextLower = i + 1 < name.size() && isLower(name[i + 1]);
            if (isLower(prev) || isDigit(prev) || (isUpper(prev) && nextLower))
                flush();
        }
        word.push_back(c);
    }
    flush();
    return out;
}

} // namespace

std::string typeIdentifier(std::string_view name) {
    std::string out;
    for (const auto &w : words(name)) {
        out.push_back(upper(w.front()));
        out.append(w, 1);
    }
    if (out.empty())
        return "Type";
    if (isDigit(out.front()))
        out.insert(out.begin(), 'T');
    return out;
}

std::string pythonAttribute(std::string_view key) {
    std::string out;
    for (const auto &w : words(key)) {
        if (!out.empty())
            out.push_back('_');
        for (char c : w)
            out.push_back(lower(c));
    }
    if (out.empty())
        return "field";
    if (isDigit(out.front()))
        out.insert(0, "f_");
    return out;
}

IdentifierSet::IdentifierSet(std::initializer_list<std::string_view> reserved) {
    for (auto name : reserved)
        m_taken.emplace(name);
}

std::string IdentifierSet::claim(const std::string &base) {
    if (m_taken.insert(base).second)
        return base;
    std::size_t &next = m_nextSuffix.try_emplace(base, 2).first->second;
    for (;; ++next) {
        std::string candidate = base + std::to_string(next);
        if (m_taken.insert(candidate).second) {
            ++next;
            return candidate;
        }
    }
}

} // namespace docshape::types
