#include "export/types/TypesChanges.h"

#include "derive/DeriveCollections.h"
#include "export/types/TypeModel.h"

#include <map>
#include <unordered_map>
#include <unordered_set>

namespace docshape {

namespace {

using types::TypeField;
using types::TypeModule;
using types::TypeNode;

// A canonical text of what a type holds: equal texts, equal generated code
// in every language (names of nested types by name, not by index).
void sign(std::string &out, const TypeNode &n, const TypeModule &m) {
    out += '<';
    for (BsonType t : n.types)
        out.append(toString(t)).push_back(',');
    out += n.nullable ? "null;" : ";";
    out += n.description + ';' + n.referenceTo + ';' + n.copyOf + ';';
    for (const auto &l : n.enumValues)
        out += std::to_string(static_cast<int>(l.kind)) + ':' + l.text + ',';
    const auto opt = [&](const auto &v) { out += v ? std::to_string(*v) + ';' : std::string(";"); };
    out += (n.minimum ? n.minimum->text : "") + ';' + (n.maximum ? n.maximum->text : "") + ';';
    opt(n.minLength);
    opt(n.maxLength);
    out += (n.pattern ? "p" + *n.pattern : "") + ';';
    opt(n.minItems);
    opt(n.maxItems);
    out += n.uniqueItems ? "u;" : ";";
    if (n.items)
        sign(out, *n.items, m);
    if (n.object >= 0)
        out += "obj:" + m.objects[static_cast<std::size_t>(n.object)].name;
    if (n.mapValue) {
        out += "map:" + n.mapKeyPattern + (n.maxKeys ? "#" + std::to_string(*n.maxKeys) : "");
        sign(out, *n.mapValue, m);
    }
    out += '>';
}

std::map<std::string, std::string> signatures(const TypeModule &m) {
    std::map<std::string, std::string> out;
    for (const auto &o : m.objects) {
        std::string s = o.description + (o.closed ? "|closed|" : "|open|") + o.discriminator + '|';
        const auto fields = [&](const std::vector<TypeField> &fs) {
            for (const auto &f : fs) {
                s += f.key + (f.required ? "!" : "?");
                sign(s, f.type, m);
            }
        };
        fields(o.fields);
        for (const auto &v : o.variants) {
            s += "|variant " + v.value + ':';
            fields(v.fields);
        }
        out.emplace(o.name, std::move(s));
    }
    return out;
}

Result<std::vector<std::pair<std::string, std::map<std::string, std::string>>>> modules(const Project &p) {
    const Derived derived = deriveCollections(p);
    if (!derived.problems.empty())
        return Error{"collections", derived.problems.front()};
    std::vector<std::pair<std::string, std::map<std::string, std::string>>> out;
    for (const auto &c : derived.collections) {
        auto m = types::typeModule(p, c, derived.collections);
        if (!m)
            return m.error();
        out.emplace_back(c.name, signatures(*m));
    }
    return out;
}

} // namespace

Result<std::vector<TypesChange>> typesChanges(const Project &before, const Project &after) {
    auto a = modules(before);
    if (!a)
        return a.error();
    auto b = modules(after);
    if (!b)
        return b.error();
    std::unordered_map<std::string, const std::map<std::string, std::string> *> old;
    for (const auto &[name, sigs] : *a)
        old.emplace(name, &sigs);
    std::vector<TypesChange> out;
    std::unordered_set<std::string> seen;
    for (const auto &[name, sigs] : *b) {
        seen.insert(name);
        TypesChange change;
        change.collection = name;
        auto was = old.find(name);
        if (was == old.end()) {
            change.collectionAdded = true;
            for (const auto &[type, sig] : sigs)
                change.added.push_back(type);
            out.push_back(std::move(change));
            continue;
        }
        const auto &before = *was->second;
        for (const auto &[type, sig] : sigs) {
            auto t = before.find(type);
            if (t == before.end())
                change.added.push_back(type);
            else if (t->second != sig)
                change.changed.push_back(type);
        }
        for (const auto &[type, sig] : before)
            if (!sigs.contains(type))
                change.removed.push_back(type);
        if (!change.added.empty() || !change.removed.empty() || !change.changed.empty())
            out.push_back(std::move(change));
    }
    for (const auto &[name, sigs] : *a) {
        if (seen.contains(name))
            continue;
        TypesChange change;
        change.collection = name;
        change.collectionRemoved = true;
        for (const auto &[type, sig] : sigs)
            change.removed.push_back(type);
        out.push_back(std::move(change));
    }
    return out;
}

} // namespace docshape
