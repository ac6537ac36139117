#include "exercise/Binding.h"

#include <algorithm>

namespace docshape::exercise {

namespace {
constexpr std::string_view kKey = "exercise:";

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}
} // namespace

std::string boundExercise(const Project &project) {
    const auto it = std::find_if(project.decisions.begin(), project.decisions.end(),
                                 [](const Decision &d) { return d.title == kBindingTitle; });
    if (it == project.decisions.end())
        return {};
    const std::string_view text = trim(it->text);
    if (text.substr(0, kKey.size()) != kKey)
        return {};
    return std::string(trim(text.substr(kKey.size())));
}

void bindExercise(Project &project, std::string_view id) {
    const auto it = std::find_if(project.decisions.begin(), project.decisions.end(),
                                 [](const Decision &d) { return d.title == kBindingTitle; });
    std::string text = std::string(kKey) + ' ' + std::string(id);
    if (it != project.decisions.end()) {
        it->text = std::move(text);
        return;
    }
    Decision d;
    d.id = project.newId("d");
    d.title = std::string(kBindingTitle);
    d.text = std::move(text);
    project.decisions.push_back(std::move(d));
}

} // namespace docshape::exercise
