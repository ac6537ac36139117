#include "export/types/ScriptKeys.h"

#include "util/JavaScriptText.h"

namespace docshape::types {

bool isScriptIdentifier(std::string_view key) {
    if (key.empty())
        return false;
    for (std::size_t i = 0; i < key.size(); ++i) {
        const char c = key[i];
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
        if (!letter && !(i > 0 && c >= '0' && c <= '9'))
            return false;
    }
    return true;
}

std::string typeMemberKey(const std::string &key) {
    return isScriptIdentifier(key) ? key : javascript::prettierStringLiteral(key);
}

std::string objectLiteralKey(const std::string &key) {
    if (key == "__proto__")
        return "[" + javascript::prettierStringLiteral(key) + "]";
    return typeMemberKey(key);
}

} // namespace docshape::types
