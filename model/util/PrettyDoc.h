#pragma once

#include <memory>
#include <string>
#include <vector>

// A document of text and possible line breaks, laid out in a width: the
// algebra of Wadler's "A prettier printer" as Prettier implements it
// (prettier/src/document: builders, printDocToString and its `fits`), so
// that generated JavaScript and TypeScript come out as `prettier` would
// leave them (export/types/ScriptLayout builds the documents with
// Prettier's rules). Only what those writers need: text, the three kinds of
// line, groups (with alternative layouts), indentation and if-break.
namespace docshape::pretty {

struct Node;
using Doc = std::shared_ptr<const Node>;

struct Node {
    enum class Kind { Text, Concat, Line, Group, Indent, IfBreak, IndentIfBreak, BreakParent };
    Kind kind = Kind::Text;
    std::string text;          // Text
    int width = 0;             // Text: its width in columns
    std::vector<Doc> parts;    // Concat; Group: its states (parts[0] is the contents)
    bool hard = false;         // Line: always breaks
    bool soft = false;         // Line: nothing when flat (else a space)
    bool broken = false;       // Group: breaks whatever the width (shouldBreak, or a hard line inside)
    bool conditional = false;  // Group: parts are alternative layouts, tried in order
    int id = 0;                // Group: an id if-break and indent-if-break ask about (0: none)
    Doc contents;              // Indent, IndentIfBreak
    Doc breakContents, flatContents; // IfBreak
    int groupId = 0;           // IfBreak, IndentIfBreak: the group asked about (0: the enclosing one)
};

Doc text(std::string s);
Doc concat(std::vector<Doc> parts);
Doc line();     // a space, or a line break
Doc softline(); // nothing, or a line break
Doc hardline(); // a line break, and every enclosing group breaks
Doc indent(Doc contents);
Doc group(Doc contents, bool shouldBreak = false, int id = 0);
// Prettier's conditionalGroup: the first state that fits, else the last one broken.
Doc conditionalGroup(std::vector<Doc> states);
Doc ifBreak(Doc breakContents, Doc flatContents = nullptr, int groupId = 0);
Doc indentIfBreak(Doc contents, int groupId);
Doc join(const Doc &separator, const std::vector<Doc> &docs);
// Nothing, but every enclosing group breaks.
Doc breakParent();

// A fresh id for group(…, id) (per thread; only compared for equality).
int newGroupId();

// Whether `doc` holds a forced break outside conditional groups
// (Prettier's willBreak).
bool willBreak(const Doc &doc);

// `doc` laid out in `width` columns (Prettier's printWidth), indenting by
// two spaces, with no trailing spaces on any line.
std::string print(const Doc &doc, int width = 80);

// The columns `text` takes, as Prettier's getStringWidth counts them: wide
// and fullwidth East Asian characters and emoji take two, combining marks
// none.
int columns(const std::string &text);

} // namespace docshape::pretty
