#include "advisor/Finding.h"

#include "advisor/RuleCatalog.h"
#include "util/EnumNames.h"

namespace docshape {

namespace {
constexpr std::pair<Severity, std::string_view> kSeverities[] = {
    {Severity::Info, "info"},
    {Severity::Warning, "warning"},
    {Severity::Error, "error"},
};
} // namespace

std::string_view toString(Severity s) { return detail::enumName(kSeverities, s); }
std::optional<Severity> severityFromString(std::string_view s) {
    return detail::enumFromName(kSeverities, s);
}

std::string Finding::message() const { return words.render(messagePhrase); }

std::string Finding::reason() const {
    const Rule *r = findRule(id);
    std::string out(r ? r->reason : std::string_view());
    if (!reasonPhrase.empty()) {
        const std::string extra = words.render(reasonPhrase);
        if (!extra.empty()) {
            out += ' ';
            out += extra;
        }
    }
    return out;
}

std::string_view Finding::source() const {
    const Rule *r = findRule(id);
    return r ? r->source : std::string_view();
}

std::string_view Finding::passage() const {
    const Rule *r = findRule(id);
    return r ? r->passage : std::string_view();
}

std::string_view kindWords(std::string_view kind) { return kind == "accessPattern" ? "access pattern" : kind; }

std::string targetText(const FindingTarget &target) {
    std::string out(kindWords(target.kind));
    if (!target.name.empty()) {
        out += " '";
        out += target.name;
        out += '\'';
    }
    return out;
}

std::string Finding::fix() const {
    std::string own = fixPhrase.empty() ? std::string() : words.render(fixPhrase);
    if (!own.empty())
        return own;
    const Rule *r = findRule(id);
    return std::string(r ? r->fix : std::string_view());
}

} // namespace docshape
