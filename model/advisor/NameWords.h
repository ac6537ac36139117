#pragma once

#include <cstddef>
#include <string_view>

// What a field's or an entity's name says: its words, and the word lists
// the rules read them with, declared once.
namespace docshape::advisor {

// camelCase, snake_case and kebab-case names split into words, without
// allocating: fn(word) for each, in order.
template <typename Fn> void forEachWord(std::string_view name, Fn fn) {
    auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
    std::size_t start = 0;
    for (std::size_t i = 0; i <= name.size(); ++i) {
        const bool end = i == name.size();
        const char c = end ? '\0' : name[i];
        const bool separator = c == '_' || c == '-' || c == ' ' || c == '.';
        const bool boundary = !end && !separator && i > start && upper(c) &&
                              (!upper(name[i - 1]) || (i + 1 < name.size() && lower(name[i + 1])));
        if (end || separator || boundary) {
            if (i > start)
                fn(name.substr(start, i - start));
            start = separator ? i + 1 : i;
        }
    }
}

inline bool equalsLower(std::string_view word, std::string_view lowerCase) {
    if (word.size() != lowerCase.size())
        return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
        char c = word[i];
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
        if (c != lowerCase[i])
            return false;
    }
    return true;
}

template <std::size_t N> inline bool inSet(std::string_view word, const std::string_view (&set)[N]) {
    for (auto s : set)
        if (equalsLower(word, s))
            return true;
    return false;
}

template <std::size_t N> inline bool anyWordIn(std::string_view name, const std::string_view (&set)[N]) {
    bool found = false;
    forEachWord(name, [&](std::string_view w) { found = found || inSet(w, set); });
    return found;
}

constexpr std::string_view kMoneyWords[] = {
    "price", "amount", "total", "subtotal", "balance", "cost", "fee", "fees", "tax", "salary",
    "payment", "discount", "revenue", "refund", "charge", "money", "wage", "budget", "paid"};
constexpr std::string_view kMinorWords[] = {"minor", "cents", "cent", "paise", "pence"};
constexpr std::string_view kAuditWords[] = {
    "history", "audit", "events", "log", "logs", "changes", "changelog", "revisions",
    "activity", "activities", "journal", "trail", "versions", "timeline"};
constexpr std::string_view kDateWords[] = {"date", "timestamp", "datetime", "birthday", "dob"};
// Words that name a moment when the value is a number (seconds or
// milliseconds since the epoch): "ts", "createdTime", "updated_on".
constexpr std::string_view kTimeWords[] = {"ts", "time", "created", "updated", "modified", "expires", "expiry",
                                           "epoch"};

// A date by its name alone: a date word, or a name of several words ending in "at".
inline bool nameSaysDate(std::string_view name) {
    std::size_t count = 0;
    std::string_view last;
    bool dateWord = false;
    forEachWord(name, [&](std::string_view w) {
        ++count;
        last = w;
        dateWord = dateWord || inSet(w, kDateWords);
    });
    if (dateWord || (count > 1 && equalsLower(last, "at")))
        return true;
    return name == "time" || name == "when" || name == "day";
}

// Entities whose records are kept for themselves, not for what they
// describe (seed lesson-135, "Deletion": "A cleanup job should not remove
// records that must remain available for audit"): audit and history
// records, and financial ones.
constexpr std::string_view kRecordWords[] = {
    "audit", "history", "log", "logs", "journal", "trail", "ledger", "invoice", "invoices", "payment",
    "payments", "receipt", "receipts", "transaction", "transactions", "statement", "statements", "payroll",
    "refund", "refunds"};

} // namespace docshape::advisor
