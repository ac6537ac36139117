#pragma once

#include "util/PrettyDoc.h"

#include <memory>
#include <string>
#include <vector>

// The expressions the TypeScript, Zod and Mongoose writers generate, laid
// out as Prettier 3 lays them out (printWidth 80, two spaces, double
// quotes, trailing commas "all"): member chains, call arguments with the
// last one hugged, objects, arrays, and the assignment layouts of a
// property or a declaration. Each rule cites the Prettier source it
// follows (src/language-js/print/*.js); what Prettier decides from the
// source text (an object written across lines stays so) is decided here by
// the writer (Object::expanded). The test `types_typescript_zod` runs
// `prettier --check` on every generated module.
//
// Text reaches a code position only through javascript::stringLiteral
// (strings) and the writers' key functions (ScriptKeys): Identifier and
// Literal hold what those returned, or the writers' own fixed code.
namespace docshape::types::script {

struct Node;
using Expr = std::shared_ptr<const Node>;

struct Property {
    std::vector<std::string> comments; // each a line comment's text, already made safe
    std::string key;                   // as written: an identifier, a string literal or [computed]
    Expr value;
};

struct Node {
    enum class Kind { Identifier, String, Number, Keyword, Arrow, Member, Call, New, Object, Array };
    Kind kind = Kind::Identifier;
    std::string text;         // Identifier, String (the literal), Number, Keyword, Arrow (the whole function)
    Expr target;              // Member: the object; Call, New: the callee
    std::vector<Expr> items;  // Call, New: the arguments; Array: the elements
    std::vector<Property> properties; // Object
    bool expanded = false;    // Object: written across lines whatever its width
};

Expr identifier(std::string name);
// A string literal whose value is `value`, quoted as Prettier quotes it.
Expr string(std::string_view value);
Expr number(std::string text);
Expr keyword(std::string text); // true, false, null
// An arrow function whose body is an expression that is not a call (so
// never hugged as a last argument): fixed code of the writer.
Expr arrow(std::string text);
Expr member(Expr object, std::string name);
Expr call(Expr callee, std::vector<Expr> arguments);
// object.name(arguments…)
Expr method(Expr object, std::string name, std::vector<Expr> arguments);
Expr construct(Expr callee, std::vector<Expr> arguments);
Expr object(std::vector<Property> properties, bool expanded = false);
Expr array(std::vector<Expr> elements);

pretty::Doc print(const Expr &e);

// `head = value;` with the layout Prettier chooses for a variable
// declaration (assignment.js: chooseLayout), e.g. head "export const X".
pretty::Doc declaration(const std::string &head, const Expr &value);

// A statement that is an expression: `value;`.
pretty::Doc statement(const Expr &value);

// Line comments, each "// text" on its own line, then `doc`.
pretty::Doc commented(const std::vector<std::string> &comments, pretty::Doc doc);

// `import { a, b } from "module";` (also `import type`), as Prettier
// breaks a long list of specifiers.
pretty::Doc importNames(const std::string &keyword, const std::vector<std::string> &names, std::string_view module);

// ---- TypeScript types (print/type-annotation.js) ------------------------

// A type: a name or keyword, a string or number literal type, a union, an
// array of a type, or a generic reference (Record<string, T>).
struct TypeNode;
using Type = std::shared_ptr<const TypeNode>;
struct TypeNode {
    enum class Kind { Plain, Union, Array, Generic };
    Kind kind = Kind::Plain;
    std::string text;        // Plain: the whole type; Generic: the name
    std::vector<Type> parts; // Union: the alternatives; Array: the element; Generic: the arguments
};

Type plainType(std::string text);
Type unionType(std::vector<Type> alternatives); // one alternative: that one
Type arrayType(Type element);
Type genericType(std::string name, std::vector<Type> arguments);

// `key: type;` (or `key?: type;`) of an interface.
pretty::Doc typeMember(const std::string &key, bool optional, const Type &type);
// `head {` members `}` with each member on its own line.
pretty::Doc interfaceBody(const std::string &head, const std::vector<pretty::Doc> &members);
// `head = type;`, e.g. head "export type X".
pretty::Doc typeAlias(const std::string &head, const Type &type);

} // namespace docshape::types::script
