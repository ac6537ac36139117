#include "export/types/ScriptLayout.h"

#include "util/JavaScriptText.h"

#include <algorithm>
#include <regex>

namespace docshape::types::script {

namespace pd = docshape::pretty;
using Kind = Node::Kind;
using pd::Doc;

namespace {

constexpr int kTabWidth = 2;
constexpr int kPrintWidth = 80;

std::shared_ptr<Node> make(Kind kind, std::string text = {}) {
    auto n = std::make_shared<Node>();
    n->kind = kind;
    n->text = std::move(text);
    return n;
}

Doc t(std::string s) { return pd::text(std::move(s)); }

bool isCall(const Expr &e) { return e && e->kind == Kind::Call; }
bool isMember(const Expr &e) { return e && e->kind == Kind::Member; }

// utils/index.js isSimpleCallArgument: what may stay on one line in a
// member chain of more than two calls.
bool isSimpleArgument(const Expr &e, int depth = 2) {
    if (depth <= 0)
        return false;
    switch (e->kind) {
    case Kind::Identifier:
    case Kind::String:
    case Kind::Number:
    case Kind::Keyword: return true;
    case Kind::Arrow: return false;
    case Kind::Object:
        for (const auto &p : e->properties)
            if (p.key.front() == '[' || !isSimpleArgument(p.value, depth - 1))
                return false;
        return true;
    case Kind::Array:
        for (const auto &x : e->items)
            if (!isSimpleArgument(x, depth - 1))
                return false;
        return true;
    case Kind::Call:
    case Kind::New:
        if (!isSimpleArgument(e->target, depth) || int(e->items.size()) > depth)
            return false;
        for (const auto &x : e->items)
            if (!isSimpleArgument(x, depth - 1))
                return false;
        return true;
    case Kind::Member: return isSimpleArgument(e->target, depth);
    }
    return false;
}

// utils/index.js isShortCallArgument (printWidth × 0.25).
bool isShortArgument(const Expr &e) {
    constexpr std::size_t limit = kPrintWidth / 4;
    switch (e->kind) {
    case Kind::Identifier: return e->text.size() <= limit;
    case Kind::String: return std::size_t(pd::columns(e->text)) <= limit;
    case Kind::Number:
    case Kind::Keyword: return true;
    case Kind::Call:
        return e->items.empty() && e->target->kind == Kind::Identifier && e->target->text.size() <= limit - 2;
    default: return false;
    }
}

// call-arguments.js couldExpandArg: an object or array with something in
// it (the writers' arrow functions have expression bodies that are not
// calls, so never).
bool couldExpand(const Expr &e) {
    return (e->kind == Kind::Object && !e->properties.empty()) || (e->kind == Kind::Array && !e->items.empty());
}

// array.js isConciselyPrintedArray: numbers only.
bool isNumberArray(const Expr &e) {
    if (e->kind != Kind::Array || e->items.size() < 2)
        return false;
    for (const auto &x : e->items)
        if (x->kind != Kind::Number)
            return false;
    return true;
}

Doc printArguments(const Expr &call);

// ---- member chains (member-chain.js) -------------------------------------

// The chain's links, innermost first: the head (any expression), then
// Members and Calls (each Call's callee is the link before it). Grouped
// without printing, so that asking how a chain groups (isLabelledChain)
// prints nothing.
struct Chain {
    std::vector<std::vector<Expr>> groups;
    bool merge = false;
    bool anyComplexArgument = false;
    std::vector<Expr> callNodes;
};

bool isFactory(const std::string &name) {
    static const std::regex factory("^[A-Z]|^[$_]+$");
    return std::regex_search(name, factory);
}

Chain chainOf(const Expr &root, bool statement) {
    std::vector<Expr> links; // innermost first
    Expr at = root;
    while (true) {
        links.push_back(at);
        if ((isCall(at) && (isMember(at->target) || isCall(at->target))) || isMember(at))
            at = at->target;
        else
            break;
    }
    std::reverse(links.begin(), links.end());

    Chain c;
    std::vector<Expr> current{links[0]};
    std::size_t i = 1;
    for (; i < links.size() && isCall(links[i]); ++i)
        current.push_back(links[i]);
    if (!isCall(links[0]))
        for (; i + 1 < links.size() && isMember(links[i]) && isMember(links[i + 1]); ++i)
            current.push_back(links[i]);
    c.groups.push_back(current);
    current.clear();
    bool seenCall = false;
    for (; i < links.size(); ++i) {
        if (seenCall && isMember(links[i])) {
            c.groups.push_back(current);
            current.clear();
            seenCall = false;
        }
        if (isCall(links[i]))
            seenCall = true;
        current.push_back(links[i]);
    }
    if (!current.empty())
        c.groups.push_back(current);

    const auto shouldNotWrap = [&] {
        const auto &first = c.groups[0];
        if (first.size() == 1) {
            const Expr &n = first[0];
            return n->kind == Kind::Identifier &&
                   (isFactory(n->text) || (statement && int(n->text.size()) <= kTabWidth));
        }
        const Expr &last = first.back();
        return isMember(last) && isFactory(last->text);
    };
    c.merge = c.groups.size() >= 2 && shouldNotWrap();
    for (const auto &l : links)
        if (isCall(l)) {
            c.callNodes.push_back(l);
            for (const auto &a : l->items)
                c.anyComplexArgument = c.anyComplexArgument || !isSimpleArgument(a);
        }
    return c;
}

std::size_t cutoffOf(const Chain &c) { return c.merge ? 3 : 2; }

// Whether a call prints as a labelled member chain (more groups than the
// cutoff), which assignment.js never breaks after the operator.
bool isLabelledChain(const Expr &e) {
    if (!isCall(e) || !isMember(e->target))
        return false;
    const Chain c = chainOf(e, false);
    return c.groups.size() > cutoffOf(c);
}

// A link as member-chain.js prints it: the head whole, a member as
// `.name`, a call as its arguments.
Doc printLink(const Expr &link, bool head) {
    if (head)
        return print(link);
    return isMember(link) ? t("." + link->text) : printArguments(link);
}

Doc printGroup(const std::vector<Expr> &g, bool first) {
    std::vector<Doc> parts;
    for (std::size_t i = 0; i < g.size(); ++i)
        parts.push_back(printLink(g[i], first && i == 0));
    return pd::concat(std::move(parts));
}

Doc printChain(const Expr &root, bool statement) {
    const Chain c = chainOf(root, statement);
    std::vector<Doc> printedGroups;
    for (std::size_t g = 0; g < c.groups.size(); ++g)
        printedGroups.push_back(printGroup(c.groups[g], g == 0));
    const Doc oneLine = pd::concat(printedGroups);
    if (c.groups.size() <= cutoffOf(c))
        return pd::group(oneLine);

    std::vector<Doc> rest;
    for (std::size_t g = c.merge ? 2 : 1; g < printedGroups.size(); ++g)
        rest.push_back(printedGroups[g]);
    const Doc expanded = pd::concat({printedGroups[0], c.merge ? printedGroups[1] : t(""),
                                     pd::indent(pd::concat({pd::hardline(), pd::join(pd::hardline(), rest)}))});

    bool earlierBreaks = false;
    for (std::size_t g = 0; g + 1 < printedGroups.size(); ++g)
        earlierBreaks = earlierBreaks || pd::willBreak(printedGroups[g]);
    bool lastBreaksAfterFunctions = false;
    if (isCall(c.groups.back().back()) && pd::willBreak(printedGroups.back()))
        for (std::size_t k = 0; k + 1 < c.callNodes.size(); ++k)
            for (const auto &a : c.callNodes[k]->items)
                lastBreaksAfterFunctions = lastBreaksAfterFunctions || a->kind == Kind::Arrow;
    if ((c.callNodes.size() > 2 && c.anyComplexArgument) || earlierBreaks || lastBreaksAfterFunctions)
        return pd::group(expanded);
    return pd::concat({pd::willBreak(oneLine) ? pd::breakParent() : t(""), pd::conditionalGroup({oneLine, expanded})});
}

// ---- call arguments (call-arguments.js) ----------------------------------

bool isFunctionComposition(const std::vector<Expr> &args) {
    if (args.size() <= 1)
        return false;
    int functions = 0;
    for (const auto &a : args) {
        if (a->kind == Kind::Arrow) {
            if (++functions > 1)
                return true;
        } else if (isCall(a)) {
            for (const auto &inner : a->items)
                if (inner->kind == Kind::Arrow)
                    return true;
        }
    }
    return false;
}

Doc printArguments(const Expr &call) {
    const auto &args = call->items;
    if (args.empty())
        return t("()");
    std::vector<Doc> printed;
    for (const auto &a : args)
        printed.push_back(print(a));
    std::vector<Doc> separated; // each argument but the last followed by [",", line]
    for (std::size_t i = 0; i < printed.size(); ++i)
        separated.push_back(i + 1 < printed.size() ? pd::concat({printed[i], t(","), pd::line()}) : printed[i]);

    const auto allBrokenOut = [&] {
        return pd::group(pd::concat({t("("), pd::indent(pd::concat({pd::line(), pd::concat(separated)})), t(","),
                                     pd::line(), t(")")}),
                         true);
    };
    if (isFunctionComposition(args))
        return allBrokenOut();

    const Expr &last = args.back();
    const Expr penultimate = args.size() > 1 ? args[args.size() - 2] : nullptr;
    const bool groupLast = couldExpand(last) && (!penultimate || penultimate->kind != last->kind) &&
                           !(args.size() == 2 && penultimate->kind == Kind::Arrow && last->kind == Kind::Array) &&
                           !(args.size() > 1 && isNumberArray(last));
    if (groupLast) {
        std::vector<Doc> head(separated.begin(), separated.end() - 1);
        for (const auto &d : head)
            if (pd::willBreak(d))
                return allBrokenOut();
        const Doc y = printed.back();
        const auto state = [&](Doc lastDoc) {
            std::vector<Doc> parts{t("(")};
            parts.insert(parts.end(), head.begin(), head.end());
            parts.push_back(std::move(lastDoc));
            parts.push_back(t(")"));
            return pd::concat(std::move(parts));
        };
        if (pd::willBreak(y))
            return pd::concat({pd::breakParent(), pd::conditionalGroup({state(pd::group(y, true)), allBrokenOut()})});
        return pd::conditionalGroup({state(y), state(pd::group(y, true)), allBrokenOut()});
    }

    bool anyBreaks = false;
    for (const auto &d : printed)
        anyBreaks = anyBreaks || pd::willBreak(d);
    return pd::group(pd::concat({t("("), pd::indent(pd::concat({pd::softline(), pd::concat(separated)})),
                                 pd::ifBreak(t(","), nullptr), pd::softline(), t(")")}),
                     anyBreaks);
}

// ---- assignments (assignment.js) -----------------------------------------

// isPoorlyBreakableMemberOrCallChain: a short chain of calls with at most
// one short argument each.
bool isPoorlyBreakable(const Expr &e, bool inner = false) {
    if (isCall(e)) {
        if (isLabelledChain(e))
            return false;
        if (!(e->items.empty() || (e->items.size() == 1 && isShortArgument(e->items[0]))))
            return false;
        return isPoorlyBreakable(e->target, true);
    }
    if (isMember(e))
        return isPoorlyBreakable(e->target, true);
    return inner && e->kind == Kind::Identifier;
}

// `left operator value` in the layout chooseLayout picks; `shortKey` is an
// object property whose key is narrower than tabWidth + 3.
Doc assignment(Doc left, const std::string &op, const Expr &value, bool shortKey) {
    const Doc right = print(value);
    const bool breakAfter = !shortKey && (value->kind == Kind::String || isPoorlyBreakable(value));
    if (breakAfter)
        return pd::group(pd::concat({pd::group(left), t(op), pd::group(pd::indent(pd::concat({pd::line(), right})))}));
    const bool neverBreak =
        shortKey || value->kind == Kind::Number || (value->kind == Kind::Keyword && value->text != "null");
    if (neverBreak)
        return pd::group(pd::concat({pd::group(left), t(op), t(" "), right}));
    const int id = pd::newGroupId();
    return pd::group(pd::concat(
        {pd::group(left), t(op), pd::group(pd::indent(pd::line()), false, id), pd::indentIfBreak(right, id)}));
}

Doc printProperty(const Property &p) {
    const bool shortKey = pd::columns(p.key) < kTabWidth + 3;
    return assignment(t(p.key), ":", p.value, shortKey);
}

Doc printObject(const Expr &e) {
    if (e->properties.empty())
        return t("{}");
    std::vector<Doc> props;
    for (const auto &p : e->properties)
        props.push_back(commented(p.comments, printProperty(p)));
    return pd::group(pd::concat({t("{"), pd::indent(pd::concat({pd::line(), pd::join(pd::concat({t(","), pd::line()}), props)})),
                                 pd::ifBreak(t(","), nullptr), pd::line(), t("}")}),
                     e->expanded);
}

Doc printArray(const Expr &e) {
    if (e->items.empty())
        return t("[]");
    bool shouldBreak = e->items.size() > 1;
    for (std::size_t i = 0; shouldBreak && i < e->items.size(); ++i) {
        const Expr &x = e->items[i];
        const bool compound = (x->kind == Kind::Object && x->properties.size() > 1) ||
                              (x->kind == Kind::Array && x->items.size() > 1);
        shouldBreak = compound && (i + 1 == e->items.size() || e->items[i + 1]->kind == x->kind);
    }
    std::vector<Doc> items;
    for (const auto &x : e->items)
        items.push_back(pd::group(print(x)));
    return pd::group(pd::concat({t("["),
                                 pd::indent(pd::concat({pd::softline(), pd::join(pd::concat({t(","), pd::line()}), items),
                                                        pd::ifBreak(t(","), nullptr)})),
                                 pd::softline(), t("]")}),
                     shouldBreak);
}

} // namespace

Expr identifier(std::string name) { return make(Kind::Identifier, std::move(name)); }
Expr string(std::string_view value) { return make(Kind::String, javascript::prettierStringLiteral(value)); }
Expr number(std::string text) { return make(Kind::Number, std::move(text)); }
Expr keyword(std::string text) { return make(Kind::Keyword, std::move(text)); }
Expr arrow(std::string text) { return make(Kind::Arrow, std::move(text)); }

Expr member(Expr object, std::string name) {
    auto n = make(Kind::Member, std::move(name));
    n->target = std::move(object);
    return n;
}

Expr call(Expr callee, std::vector<Expr> arguments) {
    auto n = make(Kind::Call);
    n->target = std::move(callee);
    n->items = std::move(arguments);
    return n;
}

Expr method(Expr object, std::string name, std::vector<Expr> arguments) {
    return call(member(std::move(object), std::move(name)), std::move(arguments));
}

Expr construct(Expr callee, std::vector<Expr> arguments) {
    auto n = make(Kind::New);
    n->target = std::move(callee);
    n->items = std::move(arguments);
    return n;
}

Expr object(std::vector<Property> properties, bool expanded) {
    auto n = make(Kind::Object);
    n->properties = std::move(properties);
    n->expanded = expanded;
    return n;
}

Expr array(std::vector<Expr> elements) {
    auto n = make(Kind::Array);
    n->items = std::move(elements);
    return n;
}

Doc print(const Expr &e) {
    switch (e->kind) {
    case Kind::Identifier:
    case Kind::String:
    case Kind::Number:
    case Kind::Keyword:
    case Kind::Arrow: return t(e->text);
    case Kind::Member: return pd::concat({print(e->target), t("." + e->text)});
    case Kind::Call:
        if (isMember(e->target))
            return printChain(e, false);
        return pd::concat({print(e->target), printArguments(e)});
    case Kind::New: return pd::concat({t("new "), print(e->target), printArguments(e)});
    case Kind::Object: return printObject(e);
    case Kind::Array: return printArray(e);
    }
    return t("");
}

Doc declaration(const std::string &head, const Expr &value) {
    return pd::concat({assignment(t(head), " =", value, false), t(";")});
}

Doc statement(const Expr &value) {
    const Doc body = isCall(value) && isMember(value->target) ? printChain(value, true) : print(value);
    return pd::concat({body, t(";")});
}

Doc commented(const std::vector<std::string> &comments, Doc doc) {
    std::vector<Doc> parts;
    for (const auto &c : comments) {
        parts.push_back(t("// " + c));
        parts.push_back(pd::hardline());
    }
    parts.push_back(std::move(doc));
    return pd::concat(std::move(parts));
}

Doc importNames(const std::string &keyword, const std::vector<std::string> &names, std::string_view module) {
    std::vector<Doc> specifiers;
    for (const auto &n : names)
        specifiers.push_back(t(n));
    return pd::concat({t(keyword + " "),
                       pd::group(pd::concat({t("{"),
                                             pd::indent(pd::concat({pd::line(),
                                                                    pd::join(pd::concat({t(","), pd::line()}), specifiers)})),
                                             pd::ifBreak(t(","), nullptr), pd::line(), t("}")})),
                       t(" from " + javascript::prettierStringLiteral(module) + ";")});
}

// ---- types ------------------------------------------------------------------

Type plainType(std::string text) {
    auto n = std::make_shared<TypeNode>();
    n->text = std::move(text);
    return n;
}

Type unionType(std::vector<Type> alternatives) {
    std::vector<Type> flat;
    for (auto &a : alternatives) {
        if (a->kind == TypeNode::Kind::Union)
            flat.insert(flat.end(), a->parts.begin(), a->parts.end());
        else
            flat.push_back(std::move(a));
    }
    if (flat.size() == 1)
        return flat.front();
    auto n = std::make_shared<TypeNode>();
    n->kind = TypeNode::Kind::Union;
    n->parts = std::move(flat);
    return n;
}

Type arrayType(Type element) {
    auto n = std::make_shared<TypeNode>();
    n->kind = TypeNode::Kind::Array;
    n->parts.push_back(std::move(element));
    return n;
}

Type genericType(std::string name, std::vector<Type> arguments) {
    auto n = std::make_shared<TypeNode>();
    n->kind = TypeNode::Kind::Generic;
    n->text = std::move(name);
    n->parts = std::move(arguments);
    return n;
}

namespace {

enum class UnionPlace { Indented, TypeArgument, ArrayElement };

Doc printType(const Type &type, UnionPlace place = UnionPlace::Indented);

// union.js printUnionType: `| A` per line when broken, indented unless an
// argument of a generic type; parenthesised as an array's element.
Doc printUnion(const Type &u, UnionPlace place) {
    std::vector<Doc> printed;
    for (const auto &p : u->parts)
        printed.push_back(printType(p));
    const bool shouldIndent = place != UnionPlace::TypeArgument;
    const Doc code = pd::concat({pd::ifBreak(pd::concat({shouldIndent ? pd::line() : t(""), t("| ")}), nullptr),
                                 pd::join(pd::concat({pd::line(), t("| ")}), printed)});
    if (place == UnionPlace::ArrayElement)
        return pd::concat({t("("), pd::group(pd::concat({pd::indent(code), pd::softline()})), t(")")});
    return pd::group(shouldIndent ? pd::indent(code) : code);
}

// utils isSimpleType: a keyword, or a name without type arguments.
bool isSimpleType(const Type &type) {
    static const std::regex name("^[A-Za-z_$][A-Za-z0-9_$.]*$");
    return type->kind == TypeNode::Kind::Plain && std::regex_match(type->text, name);
}

// type-parameters.js: one simple argument stays inline; else a group
// without a trailing comma.
Doc printGeneric(const Type &g) {
    std::vector<Doc> args;
    for (const auto &a : g->parts)
        args.push_back(printType(a, UnionPlace::TypeArgument));
    if (g->parts.size() == 1 && isSimpleType(g->parts[0]))
        return pd::concat({t(g->text + "<"), args[0], t(">")});
    return pd::group(pd::concat({t(g->text + "<"),
                                 pd::indent(pd::concat({pd::softline(), pd::join(pd::concat({t(","), pd::line()}), args)})),
                                 pd::softline(), t(">")}));
}

Doc printType(const Type &type, UnionPlace place) {
    switch (type->kind) {
    case TypeNode::Kind::Plain: return t(type->text);
    case TypeNode::Kind::Union: return printUnion(type, place);
    case TypeNode::Kind::Array: {
        const Type &element = type->parts.front();
        if (element->kind == TypeNode::Kind::Union)
            return pd::concat({printUnion(element, UnionPlace::ArrayElement), t("[]")});
        return pd::concat({printType(element), t("[]")});
    }
    case TypeNode::Kind::Generic: return printGeneric(type);
    }
    return t("");
}

} // namespace

Doc typeMember(const std::string &key, bool optional, const Type &type) {
    return pd::concat({t(key + (optional ? "?" : "") + ": "), printType(type), t(";")});
}

Doc interfaceBody(const std::string &head, const std::vector<Doc> &members) {
    if (members.empty())
        return t(head + " {}");
    return pd::concat({t(head + " {"), pd::indent(pd::concat({pd::hardline(), pd::join(pd::hardline(), members)})),
                       pd::hardline(), t("}")});
}

Doc typeAlias(const std::string &head, const Type &type) {
    const int id = pd::newGroupId();
    return pd::group(pd::concat({t(head + " ="), pd::group(pd::indent(pd::line()), false, id),
                                 pd::indentIfBreak(printType(type), id), t(";")}));
}

} // namespace docshape::types::script
