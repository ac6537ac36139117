#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace docshape::types {

// How a model's names become identifiers of generated code. A name never
// reaches a code position as written: identifiers are made of its ASCII
// letters and digits only (everything else separates words), so a quote, a
// line terminator or a keyword in a name cannot change what the code says;
// the name as written goes into string literals and comments, through each
// language's one escaping path.

// "line items" → "LineItems", "order-2024" → "Order2024", "2fa" → "T2fa";
// "" or a name with no ASCII letter or digit → "Type".
std::string typeIdentifier(std::string_view name);

// A Python attribute for a document key: "shippingAddress" →
// "shipping_address", "_id" → "id", "Total (INR)" → "total_inr"; never
// starting with '_' (pydantic keeps such names private) or a digit
// ("2fa" → "f_2fa"); "" → "field".
std::string pythonAttribute(std::string_view key);

// Identifiers handed out once each in one scope: a base already taken (or
// reserved) gets the first free suffix 2, 3, ... Each base remembers its
// last suffix, so n equal bases cost O(n) in all, not O(n²).
class IdentifierSet {
public:
    IdentifierSet() = default;
    IdentifierSet(std::initializer_list<std::string_view> reserved);
    void reserve(std::string_view name) { m_taken.emplace(name); }
    bool taken(const std::string &name) const { return m_taken.contains(name); }
    std::string claim(const std::string &base);

private:
    std::unordered_set<std::string> m_taken;
    std::unordered_map<std::string, std::size_t> m_nextSuffix;
};

} // namespace docshape::types
