#pragma once

#include <string>
#include <string_view>

namespace docshape::types {

// Document keys as property names of JavaScript and TypeScript, written
// bare only when they are plain identifiers and otherwise as string
// literals (javascript::prettierStringLiteral: quoted as Prettier quotes),
// so a key never adds a token. Prettier's "as-needed" would also unquote a
// key that is an identifier only with non-ASCII letters (café), or in
// JavaScript a plain number ("10"); those stay quoted here, the one place
// the generated modules differ from what prettier leaves.

// [A-Za-z_$][A-Za-z0-9_$]*: a property name that needs no quotes.
bool isScriptIdentifier(std::string_view key);

// A key of an interface or a type literal.
std::string typeMemberKey(const std::string &key);

// A key of an object literal: `__proto__` (bare or quoted) would set the
// literal's prototype instead of a property, so it is computed.
std::string objectLiteralKey(const std::string &key);

} // namespace docshape::types
