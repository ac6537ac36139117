#include "export/types/PythonLayout.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace docshape::types::python_layout {

namespace {

constexpr std::size_t kLineLength = 88;
constexpr int kCommaPriority = 18; // black/brackets.py COMMA_PRIORITY

enum class Type { Name, Number, String, Comma, Open, Close, Dot, Equal, Colon, Op };
enum class Parent { Trailer, Atom, Import };

// A leaf shared by every line made from it: black's splits change leaves
// in place (a split's optional parentheses made visible, a first prefix
// removed), and a later attempt on the same line sees those changes.
struct LeafData {
    int id = 0;
    Type type = Type::Op;
    std::string value;
    std::string prefix;
    int open = -1; // Close: the id of its opening bracket
    Parent parent = Parent::Trailer; // Open, Close: what the brackets belong to
    bool invisible = false;          // black's optional parentheses
};
using Leaf = std::shared_ptr<LeafData>;

struct Line {
    std::vector<Leaf> leaves;
    std::size_t depth = 0;
    bool insideBrackets = false;
    bool shouldSplitRhs = false;
    bool isImport = false;
};

struct CannotTransform : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string str(const Line &line) {
    std::string out(4 * line.depth, ' ');
    for (std::size_t i = 0; i < line.leaves.size(); ++i)
        out += (i ? line.leaves[i]->prefix : std::string()) + line.leaves[i]->value;
    return out;
}

bool isShort(const Line &line) { return str(line).size() <= kLineLength; }

// brackets.py BracketTracker.mark: the commas at depth 0 of `line` (a
// closing bracket opened on an earlier line leaves the depth alone).
std::vector<int> commaDelimiters(const Line &line) {
    std::vector<int> delimiters; // leaf ids
    std::vector<int> open;
    for (const auto &leaf : line.leaves) {
        if (leaf->type == Type::Close) {
            if (open.empty() || open.back() != leaf->open)
                continue;
            open.pop_back();
        }
        if (open.empty() && leaf->type == Type::Comma)
            delimiters.push_back(leaf->id);
        if (leaf->type == Type::Open)
            open.push_back(leaf->id);
    }
    return delimiters;
}

Line sameKind(const Line &line) {
    Line l;
    l.depth = line.depth;
    l.insideBrackets = line.insideBrackets;
    l.isImport = line.isImport;
    return l;
}

thread_local int nextId = 1 << 20;

Leaf comma() {
    auto c = std::make_shared<LeafData>();
    c->id = nextId++;
    c->type = Type::Comma;
    c->value = ",";
    return c;
}

// linegen.py should_split_line: a body of several comma-separated items
// of a literal (or an import) is exploded one per line.
bool shouldSplitLine(const Line &body, const Leaf &opening) {
    if (body.leaves.empty())
        return false;
    std::vector<int> delimiters = commaDelimiters(body);
    const bool trailingComma = body.leaves.back()->type == Type::Comma;
    if (trailingComma)
        delimiters.erase(std::remove(delimiters.begin(), delimiters.end(), body.leaves.back()->id), delimiters.end());
    if (delimiters.empty())
        return false;
    return trailingComma || opening->parent == Parent::Atom || opening->parent == Parent::Import;
}

struct RhsResult {
    Line head, body, tail;
    Leaf opening, closing;
};

// linegen.py _first_right_hand_split: head, body and tail around the last
// bracket pair not in `omit`.
RhsResult firstRightHandSplit(const Line &line, const std::set<int> &omit) {
    std::vector<Leaf> tail, body, head;
    std::vector<Leaf> *current = &tail;
    Leaf opening, closing;
    for (auto it = line.leaves.rbegin(); it != line.leaves.rend(); ++it) {
        const Leaf &leaf = *it;
        // Walking back from the closing bracket, its opening one is met in
        // the line (or not at all: then there is no head).
        if (current == &body && leaf->id == closing->open) {
            opening = leaf;
            current = body.empty() ? &tail : &head;
        }
        current->push_back(leaf);
        if (current == &tail && leaf->type == Type::Close && !omit.count(leaf->id)) {
            closing = leaf;
            opening = nullptr;
            current = &body;
        }
    }
    if (!opening || !closing || head.empty())
        throw CannotTransform("No brackets found");
    std::reverse(tail.begin(), tail.end());
    std::reverse(body.begin(), body.end());
    std::reverse(head.begin(), head.end());

    RhsResult r;
    r.opening = opening;
    r.closing = closing;
    r.head = sameKind(line);
    r.head.leaves = head;
    r.body = sameKind(line);
    r.body.depth = line.depth + 1;
    r.body.insideBrackets = true;
    r.body.leaves = body;
    if (!body.empty()) {
        body.front()->prefix.clear();
        if (line.isImport && body.back()->type != Type::Comma)
            r.body.leaves.push_back(comma());
    }
    r.body.shouldSplitRhs = shouldSplitLine(r.body, opening);
    r.tail = sameKind(line);
    r.tail.leaves = tail;

    // bracket_split_succeeded_or_raise
    if (r.body.leaves.empty()) {
        std::string t = str(r.tail);
        t.erase(0, t.find_first_not_of(' '));
        if (t.empty())
            throw CannotTransform("Splitting brackets produced the same line");
        if (t.size() < 3)
            throw CannotTransform("Splitting brackets on an empty body is not worth it");
    }
    return r;
}

// lines.py can_omit_invisible_parens, for bodies without a delimiter (the
// only ones the writer's optional parentheses hold).
bool canOmitInvisibleParens(const Line &body) { return commaDelimiters(body).empty(); }

std::vector<Line> maybeSplitOmittingOptionalParens(RhsResult rhs, const Line &line, const std::set<int> &omit) {
    if (rhs.opening->invisible && rhs.opening->value.empty() && rhs.closing->invisible &&
        rhs.closing->value.empty() && !line.isImport && canOmitInvisibleParens(rhs.body)) {
        std::set<int> without = omit;
        without.insert(rhs.closing->id);
        try {
            return maybeSplitOmittingOptionalParens(firstRightHandSplit(line, without), line, without);
        } catch (const CannotTransform &) {
            if (!(rhs.body.leaves.size() >= 2 || isShort(rhs.body)))
                throw CannotTransform("Splitting failed, body is still too long and can't be split.");
        }
    }
    if (rhs.opening->invisible)
        rhs.opening->value = "(";
    if (rhs.closing->invisible)
        rhs.closing->value = ")";
    std::vector<Line> out;
    for (Line *l : {&rhs.head, &rhs.body, &rhs.tail})
        if (!l->leaves.empty())
            out.push_back(*l);
    return out;
}

std::vector<Line> rightHandSplit(const Line &line, const std::set<int> &omit) {
    return maybeSplitOmittingOptionalParens(firstRightHandSplit(line, omit), line, omit);
}

// linegen.py generate_trailers_to_omit: ever larger sets of trailing
// bracket pairs to glue to the tail.
std::vector<std::set<int>> trailersToOmit(const Line &line) {
    std::vector<std::set<int>> out{{}};
    std::set<int> omit;
    std::size_t length = 4 * line.depth;
    int opening = -1, closing = -1;
    std::set<int> inner;
    for (std::size_t index = line.leaves.size(); index-- > 0;) {
        const Leaf &leaf = line.leaves[index];
        length += leaf->prefix.size() + leaf->value.size();
        if (length > kLineLength)
            break;
        if (opening != -1) {
            if (leaf->id == opening)
                opening = -1;
            else if (leaf->type == Type::Close)
                inner.insert(leaf->id);
        } else if (leaf->type == Type::Close) {
            const Leaf prev = index > 0 ? line.leaves[index - 1] : nullptr;
            if (prev && prev->type == Type::Open) {
                inner.insert(leaf->id);
                continue;
            }
            if (closing != -1) {
                omit.insert(closing);
                omit.insert(inner.begin(), inner.end());
                inner.clear();
                out.push_back(omit);
            }
            if (prev && prev->type == Type::Comma)
                break;
            if (!leaf->value.empty()) {
                opening = leaf->open;
                closing = leaf->id;
            }
        }
    }
    return out;
}

std::vector<Line> rhs(const Line &line) {
    for (const auto &omit : trailersToOmit(line)) {
        std::vector<Line> lines = rightHandSplit(line, omit);
        if (isShort(lines.front()))
            return lines;
    }
    return rightHandSplit(line, {});
}

std::vector<Line> delimiterSplit(const Line &line) {
    if (line.leaves.empty())
        throw CannotTransform("Line empty");
    std::vector<int> delimiters = commaDelimiters(line);
    delimiters.erase(std::remove(delimiters.begin(), delimiters.end(), line.leaves.back()->id), delimiters.end());
    if (delimiters.empty())
        throw CannotTransform("No delimiters found");
    const std::set<int> at(delimiters.begin(), delimiters.end());
    std::vector<Line> out;
    Line current = sameKind(line);
    for (const auto &leaf : line.leaves) {
        current.leaves.push_back(leaf);
        if (at.count(leaf->id)) {
            out.push_back(current);
            current = sameKind(line);
        }
    }
    if (!current.leaves.empty()) {
        if (current.leaves.back()->type != Type::Comma)
            current.leaves.push_back(comma());
        out.push_back(current);
    }
    for (auto &l : out)
        l.leaves.front()->prefix.clear();
    return out;
}

std::vector<Line> transform(const Line &line);

std::vector<Line> run(const Line &line, std::vector<Line> (*transformer)(const Line &), const std::string &lineText) {
    std::vector<Line> result;
    for (const Line &l : transformer(line)) {
        if (str(l) == lineText)
            throw CannotTransform("Line transformer returned an unchanged result");
        for (Line &t : transform(l))
            result.push_back(std::move(t));
    }
    return result;
}

// linegen.py transform_line.
std::vector<Line> transform(const Line &line) {
    const std::string text = str(line);
    if (!line.shouldSplitRhs && text.size() <= kLineLength)
        return {line};
    std::vector<std::vector<Line> (*)(const Line &)> transformers;
    if (line.insideBrackets)
        transformers.push_back(&delimiterSplit);
    transformers.push_back(&rhs);
    for (auto t : transformers) {
        try {
            return run(line, t, text);
        } catch (const CannotTransform &) {
        }
    }
    return {line};
}

bool isKeyword(const std::string &name) {
    static const std::set<std::string> keywords{"and", "as", "assert", "await", "class", "def", "del", "elif",
                                                "else", "except", "for", "from", "if", "import", "in", "is",
                                                "lambda", "not", "or", "return", "while", "with", "yield"};
    return keywords.count(name) != 0;
}

// The leaves of one generated line, bracket pairs matched, and black's
// optional parentheses added: around an import's names, and around what
// follows the `=` of a plain assignment (normalize_invisible_parens).
Line parse(const std::string &text) {
    Line line;
    std::size_t at = 0;
    while (at < text.size() && text[at] == ' ')
        ++at;
    line.depth = at / 4;
    int id = 0;
    std::vector<Leaf> leaves;
    std::vector<Leaf> open;
    bool space = false;
    const auto isNameChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    while (at < text.size()) {
        const char c = text[at];
        if (c == ' ') {
            space = true;
            ++at;
            continue;
        }
        auto leaf = std::make_shared<LeafData>();
        leaf->id = ++id;
        leaf->prefix = space ? " " : "";
        space = false;
        std::size_t end = at + 1;
        if (c == '"' || c == '\'' ||
            ((c == 'r' || c == 'b' || c == 'f') && at + 1 < text.size() && (text[at + 1] == '"' || text[at + 1] == '\''))) {
            std::size_t q = c == '"' || c == '\'' ? at : at + 1;
            const char quote = text[q];
            end = q + 1;
            while (end < text.size() && text[end] != quote)
                end += text[end] == '\\' ? 2 : 1;
            end = std::min(end + 1, text.size());
            leaf->type = Type::String;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            while (end < text.size() && (isNameChar(text[end]) || text[end] == '.' ||
                                         ((text[end] == '+' || text[end] == '-') &&
                                          (text[end - 1] == 'e' || text[end - 1] == 'E'))))
                ++end;
            leaf->type = Type::Number;
        } else if (isNameChar(c)) {
            while (end < text.size() && isNameChar(text[end]))
                ++end;
            leaf->type = Type::Name;
        } else if (text.compare(at, 3, "...") == 0) {
            end = at + 3;
        } else if (c == '(' || c == '[' || c == '{') {
            leaf->type = Type::Open;
            const Leaf prev = leaves.empty() ? nullptr : leaves.back();
            const bool trailer = prev && (prev->type == Type::Close || prev->type == Type::String ||
                                          (prev->type == Type::Name && !isKeyword(prev->value)));
            leaf->parent = trailer ? Parent::Trailer : Parent::Atom;
        } else if (c == ')' || c == ']' || c == '}') {
            leaf->type = Type::Close;
        } else if (c == ',') {
            leaf->type = Type::Comma;
        } else if (c == '.') {
            leaf->type = Type::Dot;
        } else if (c == ':') {
            leaf->type = Type::Colon;
        } else if (c == '=' && (at + 1 >= text.size() || text[at + 1] != '=')) {
            leaf->type = Type::Equal;
        } else {
            while (end < text.size() && std::string_view("=<>!*/-+").find(text[end]) != std::string_view::npos &&
                   std::string_view("=<>!*/-").find(c) != std::string_view::npos)
                ++end;
        }
        leaf->value = text.substr(at, end - at);
        at = end;
        if (leaf->type == Type::Open)
            open.push_back(leaf);
        if (leaf->type == Type::Close && !open.empty()) {
            leaf->open = open.back()->id;
            leaf->parent = open.back()->parent;
            open.pop_back();
        }
        leaves.push_back(leaf);
    }
    if (!leaves.empty())
        leaves.front()->prefix.clear();

    const auto invisible = [&](Type type, Parent parent, const std::string &prefix) {
        auto leaf = std::make_shared<LeafData>();
        leaf->id = ++id;
        leaf->type = type;
        leaf->invisible = true;
        leaf->parent = parent;
        leaf->prefix = prefix;
        return leaf;
    };
    const auto wrapFrom = [&](std::size_t from, Parent parent) {
        if (from >= leaves.size())
            return;
        auto opening = invisible(Type::Open, parent, leaves[from]->prefix);
        leaves[from]->prefix.clear();
        auto closing = invisible(Type::Close, parent, "");
        closing->open = opening->id;
        leaves.insert(leaves.begin() + std::ptrdiff_t(from), opening);
        leaves.push_back(closing);
    };
    // Depth-0 positions of `import`, `:` and `=`.
    std::size_t importAt = 0, colonAt = 0, equalAt = 0;
    int depth = 0;
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        const Leaf &l = leaves[i];
        if (l->type == Type::Open)
            ++depth;
        if (l->type == Type::Close)
            --depth;
        if (depth != 0)
            continue;
        if (l->type == Type::Name && l->value == "import" && !importAt)
            importAt = i;
        if (l->type == Type::Colon && !colonAt)
            colonAt = i;
        if (l->type == Type::Equal && !equalAt)
            equalAt = i;
    }
    const bool statementKeyword = !leaves.empty() && leaves.front()->type == Type::Name && isKeyword(leaves.front()->value);
    if (!leaves.empty() && leaves.front()->value == "from" && importAt &&
        !(importAt + 1 < leaves.size() && leaves[importAt + 1]->type == Type::Open)) {
        line.isImport = true;
        wrapFrom(importAt + 1, Parent::Import);
    } else if (!statementKeyword && equalAt && !(colonAt && colonAt < equalAt)) {
        wrapFrom(equalAt + 1, Parent::Atom);
    }
    line.leaves = std::move(leaves);
    return line;
}

} // namespace

std::string black(const std::string &text) {
    if (text.size() <= kLineLength)
        return text;
    const std::vector<Line> lines = transform(parse(text));
    std::string out;
    for (const auto &l : lines)
        out += (out.empty() ? "" : "\n") + str(l);
    return out;
}

std::string blackModule(const std::string &module) {
    std::istringstream in(module);
    std::string out;
    for (std::string line; std::getline(in, line);) {
        // Comments and the writer's docstrings (each on one line) stay.
        const std::size_t first = line.find_first_not_of(' ');
        const bool kept = first == std::string::npos || line[first] == '#' || line.compare(first, 3, "\"\"\"") == 0;
        out += kept ? line : black(line);
        out += '\n';
    }
    return out;
}

} // namespace docshape::types::python_layout
