#include "edit/ProjectSettings.h"

#include <cctype>

namespace docshape::edit {

ProjectSettings settingsOf(const Project &p) {
    return {p.name,     p.database,    p.mongoVersion, p.ramGiB,    p.tenancy,
            p.tenantField, p.tenantCount, p.growthDays,   p.thresholds};
}

void applySettings(Project &p, const ProjectSettings &s) {
    p.name = s.name;
    p.database = s.database;
    p.mongoVersion = s.mongoVersion;
    p.ramGiB = s.ramGiB;
    p.tenancy = s.tenancy;
    p.tenantField = s.tenantField;
    p.tenantCount = s.tenantCount;
    p.growthDays = s.growthDays;
    p.thresholds = s.thresholds;
}

namespace {
// "7.0" or "7.0.2": numbers joined by dots, at least two of them.
bool versionText(const std::string &v) {
    int parts = 0;
    std::size_t digits = 0;
    for (const char c : v) {
        if (c == '.') {
            if (digits == 0)
                return false;
            ++parts;
            digits = 0;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            ++digits;
        } else {
            return false;
        }
    }
    return digits > 0 && parts >= 1;
}
} // namespace

std::optional<Error> settingsRefusal(const ProjectSettings &s) {
    bool blank = true;
    for (const char c : s.name)
        blank = blank && std::isspace(static_cast<unsigned char>(c));
    if (blank)
        return Error{"name", "a model needs a name: exports and reports are titled by it"};
    if (s.database.empty())
        return Error{"database", "the database name is empty"};
    if (s.database.size() >= 64)
        return Error{"database", "the database name has " + std::to_string(s.database.size()) +
                                     " bytes; MongoDB allows at most 63"};
    for (const char c : s.database)
        if (c == '/' || c == '\\' || c == '.' || c == ' ' || c == '"' || c == '$' || c == '\0')
            return Error{"database", std::string("a database name cannot contain '") +
                                         (c == '\0' ? std::string("NUL") : std::string(1, c)) + "'"};
    if (!versionText(s.mongoVersion))
        return Error{"mongoVersion", "'" + s.mongoVersion + "' is not a version such as 7.0"};
    return std::nullopt;
}

} // namespace docshape::edit
