#include "exercise/Explanation.h"

#include <algorithm>
#include <array>
#include <utility>

namespace docshape::exercise {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::array<std::pair<std::string_view, std::string Explanation::*>, 6> keys() {
    return {{{"boundary", &Explanation::boundary},
             {"assumption", &Explanation::assumption},
             {"array bound", &Explanation::arrayBound},
             {"source of truth", &Explanation::sourceOfTruth},
             {"tenant constraint", &Explanation::tenantConstraint},
             {"index", &Explanation::index}}};
}

} // namespace

std::optional<Explanation> explanationOf(const Project &project) {
    const auto it = std::find_if(project.decisions.begin(), project.decisions.end(),
                                 [](const Decision &d) { return d.title == kExplanationTitle; });
    if (it == project.decisions.end())
        return std::nullopt;
    Explanation out;
    std::string_view rest = it->text;
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view key = trim(line.substr(0, colon));
        for (const auto &[name, member] : keys())
            if (key == name)
                out.*member = std::string(trim(line.substr(colon + 1)));
    }
    return out;
}

std::string explanationText(const Explanation &explanation) {
    std::string out;
    for (const auto &[name, member] : keys()) {
        const std::string &value = explanation.*member;
        if (value.empty())
            continue;
        if (!out.empty())
            out += '\n';
        out.append(name).append(": ").append(value);
    }
    return out;
}

void setExplanation(Project &project, const Explanation &explanation) {
    const auto it = std::find_if(project.decisions.begin(), project.decisions.end(),
                                 [](const Decision &d) { return d.title == kExplanationTitle; });
    Decision d;
    if (it != project.decisions.end())
        d = *it;
    else
        d.id = project.newId("d");
    d.title = std::string(kExplanationTitle);
    d.text = explanationText(explanation);
    if (it != project.decisions.end())
        *it = std::move(d);
    else
        project.decisions.push_back(std::move(d));
}

} // namespace docshape::exercise
