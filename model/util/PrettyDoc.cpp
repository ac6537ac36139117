#include "util/PrettyDoc.h"

#include "util/Utf8.h"

#include <unordered_map>

namespace docshape::pretty {

namespace {

using Kind = Node::Kind;

std::shared_ptr<Node> make(Kind kind) {
    auto n = std::make_shared<Node>();
    n->kind = kind;
    return n;
}

// Whether `doc` holds a forced break: a hard line, a break-parent or a
// broken group. `intoGroups`: also a forced break inside a group that is not
// broken itself, i.e. inside a conditional group's first state (Prettier's
// willBreak); without it, what breaks a group that holds `doc`
// (propagateBreaks: a conditional group is never broken by what it holds,
// and so passes nothing on).
bool breaks(const Doc &doc, bool intoGroups) {
    if (!doc)
        return false;
    switch (doc->kind) {
    case Kind::Text: return false;
    case Kind::BreakParent: return true;
    case Kind::Line: return doc->hard;
    case Kind::Group: return doc->broken || (intoGroups && breaks(doc->parts.front(), true));
    case Kind::Indent:
    case Kind::IndentIfBreak: return breaks(doc->contents, intoGroups);
    case Kind::IfBreak: return breaks(doc->breakContents, intoGroups) || breaks(doc->flatContents, intoGroups);
    case Kind::Concat:
        for (const auto &p : doc->parts)
            if (breaks(p, intoGroups))
                return true;
        return false;
    }
    return false;
}

// East Asian Wide and Fullwidth ranges and emoji (what Prettier's
// getStringWidth counts twice), and combining marks (not at all).
int charColumns(char32_t c) {
    if (c < 0x300)
        return c < 0x20 || (c >= 0x7F && c < 0xA0) ? 0 : 1;
    if ((c >= 0x300 && c <= 0x36F) || (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF) ||
        (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE20 && c <= 0xFE2F) || c == 0x200B || c == 0x200C ||
        c == 0x200D || (c >= 0xFE00 && c <= 0xFE0F))
        return 0;
    if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
        (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
        (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
        (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
        (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD))
        return 2;
    return 1;
}

enum class Mode { Break, Flat };

struct Command {
    int indent;
    Mode mode;
    const Node *doc;
};

class Printer {
public:
    explicit Printer(int width) : m_width(width) {}

    std::string run(const Doc &root) {
        std::vector<Command> cmds{{0, Mode::Break, root.get()}};
        while (!cmds.empty()) {
            Command c = cmds.back();
            cmds.pop_back();
            const Node *d = c.doc;
            if (!d)
                continue;
            switch (d->kind) {
            case Kind::BreakParent: break;
            case Kind::Text:
                m_out += d->text;
                m_pos += d->width;
                break;
            case Kind::Concat:
                for (auto it = d->parts.rbegin(); it != d->parts.rend(); ++it)
                    cmds.push_back({c.indent, c.mode, it->get()});
                break;
            case Kind::Indent: cmds.push_back({c.indent + 2, c.mode, d->contents.get()}); break;
            case Kind::IndentIfBreak: {
                const bool broken = modeOf(d->groupId, c.mode) == Mode::Break;
                cmds.push_back({c.indent + (broken ? 2 : 0), c.mode, d->contents.get()});
                break;
            }
            case Kind::IfBreak: {
                const Mode m = modeOf(d->groupId, c.mode);
                cmds.push_back({c.indent, c.mode, (m == Mode::Break ? d->breakContents : d->flatContents).get()});
                break;
            }
            case Kind::Group: group(c, cmds); break;
            case Kind::Line:
                if (c.mode == Mode::Flat && !d->hard) {
                    if (!d->soft) {
                        m_out += ' ';
                        ++m_pos;
                    }
                    break;
                }
                if (c.mode == Mode::Flat)
                    m_remeasure = true;
                while (!m_out.empty() && (m_out.back() == ' ' || m_out.back() == '\t'))
                    m_out.pop_back();
                m_out += '\n';
                m_out.append(std::size_t(c.indent), ' ');
                m_pos = c.indent;
                break;
            }
        }
        return m_out;
    }

private:
    Mode modeOf(int groupId, Mode enclosing) const {
        if (groupId == 0)
            return enclosing;
        auto it = m_groupModes.find(groupId);
        return it == m_groupModes.end() ? Mode::Flat : it->second;
    }

    void group(const Command &c, std::vector<Command> &cmds) {
        const Node *d = c.doc;
        Command chosen{c.indent, Mode::Break, d->parts.front().get()};
        if (c.mode == Mode::Flat && !m_remeasure) {
            chosen.mode = d->broken ? Mode::Break : Mode::Flat;
        } else {
            m_remeasure = false;
            const Command flat{c.indent, Mode::Flat, d->parts.front().get()};
            if (!d->broken && fits(flat, cmds)) {
                chosen = flat;
            } else if (d->conditional && d->parts.size() > 1) {
                chosen = {c.indent, Mode::Break, d->parts.back().get()};
                if (!d->broken) {
                    for (std::size_t i = 1; i < d->parts.size(); ++i) {
                        const Command state{c.indent, Mode::Flat, d->parts[i].get()};
                        if (fits(state, cmds)) {
                            chosen = state;
                            break;
                        }
                    }
                }
            }
        }
        if (d->id != 0)
            m_groupModes[d->id] = chosen.mode;
        cmds.push_back(chosen);
    }

    // Whether `next`, then what follows it, fits on the rest of the line:
    // measured up to the first line break in break mode.
    bool fits(const Command &next, const std::vector<Command> &rest) const {
        int width = m_width - m_pos;
        std::size_t restIndex = rest.size();
        std::vector<std::pair<Mode, const Node *>> cmds{{next.mode, next.doc}};
        while (width >= 0) {
            if (cmds.empty()) {
                if (restIndex == 0)
                    return true;
                --restIndex;
                cmds.emplace_back(rest[restIndex].mode, rest[restIndex].doc);
                continue;
            }
            auto [mode, d] = cmds.back();
            cmds.pop_back();
            if (!d)
                continue;
            switch (d->kind) {
            case Kind::BreakParent: break;
            case Kind::Text: width -= d->width; break;
            case Kind::Concat:
                for (auto it = d->parts.rbegin(); it != d->parts.rend(); ++it)
                    cmds.emplace_back(mode, it->get());
                break;
            case Kind::Indent:
            case Kind::IndentIfBreak: cmds.emplace_back(mode, d->contents.get()); break;
            case Kind::IfBreak: {
                const Mode m = d->groupId ? modeOf(d->groupId, Mode::Flat) : mode;
                cmds.emplace_back(mode, (m == Mode::Break ? d->breakContents : d->flatContents).get());
                break;
            }
            case Kind::Group: {
                const Mode m = d->broken ? Mode::Break : mode;
                const Node *contents =
                    d->conditional && m == Mode::Break ? d->parts.back().get() : d->parts.front().get();
                cmds.emplace_back(m, contents);
                break;
            }
            case Kind::Line:
                if (mode == Mode::Break || d->hard)
                    return true;
                if (!d->soft)
                    --width;
                break;
            }
        }
        return false;
    }

    int m_width;
    int m_pos = 0;
    bool m_remeasure = false;
    std::string m_out;
    std::unordered_map<int, Mode> m_groupModes;
};

} // namespace

Doc text(std::string s) {
    auto n = make(Kind::Text);
    n->width = columns(s);
    n->text = std::move(s);
    return n;
}

Doc concat(std::vector<Doc> parts) {
    auto n = make(Kind::Concat);
    n->parts = std::move(parts);
    return n;
}

Doc line() { return make(Kind::Line); }

Doc softline() {
    auto n = make(Kind::Line);
    n->soft = true;
    return n;
}

Doc hardline() {
    auto n = make(Kind::Line);
    n->hard = true;
    return n;
}

Doc indent(Doc contents) {
    auto n = make(Kind::Indent);
    n->contents = std::move(contents);
    return n;
}

Doc group(Doc contents, bool shouldBreak, int id) {
    auto n = make(Kind::Group);
    n->broken = shouldBreak || breaks(contents, false);
    n->id = id;
    n->parts.push_back(std::move(contents));
    return n;
}

Doc conditionalGroup(std::vector<Doc> states) {
    auto n = make(Kind::Group);
    n->conditional = true;
    n->parts = std::move(states);
    return n;
}

Doc ifBreak(Doc breakContents, Doc flatContents, int groupId) {
    auto n = make(Kind::IfBreak);
    n->breakContents = std::move(breakContents);
    n->flatContents = std::move(flatContents);
    n->groupId = groupId;
    return n;
}

Doc indentIfBreak(Doc contents, int groupId) {
    auto n = make(Kind::IndentIfBreak);
    n->contents = std::move(contents);
    n->groupId = groupId;
    return n;
}

Doc join(const Doc &separator, const std::vector<Doc> &docs) {
    std::vector<Doc> parts;
    for (std::size_t i = 0; i < docs.size(); ++i) {
        if (i)
            parts.push_back(separator);
        parts.push_back(docs[i]);
    }
    return concat(std::move(parts));
}

Doc breakParent() { return make(Kind::BreakParent); }

int newGroupId() {
    thread_local int next = 0;
    return ++next;
}

bool willBreak(const Doc &doc) { return breaks(doc, true); }

std::string print(const Doc &doc, int width) { return Printer(width).run(doc); }

int columns(const std::string &s) {
    int width = 0;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t length = 1;
        width += charColumns(utf8::decode(s, i, length));
        i += length;
    }
    return width;
}

} // namespace docshape::pretty
