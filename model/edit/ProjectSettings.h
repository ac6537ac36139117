#pragma once

#include "core/Project.h"
#include "util/Result.h"

#include <map>
#include <optional>
#include <string>

namespace docshape::edit {

// The project's own settings, as File > Project Settings edits them in one
// step: everything of Project but its objects, description and decisions.
struct ProjectSettings {
    std::string name;
    std::string database;
    std::string mongoVersion;
    double ramGiB = 0;
    Tenancy tenancy = Tenancy::None;
    std::string tenantField;
    double tenantCount = 0;
    int growthDays = 0;
    std::map<std::string, double> thresholds; // overrides by name (core/Thresholds.h)

    friend bool operator==(const ProjectSettings &, const ProjectSettings &) = default;
};

ProjectSettings settingsOf(const Project &project);
void applySettings(Project &project, const ProjectSettings &settings);

// What the studio refuses before validateProject sees it, with the member
// as `where`: an empty name (a model is exported and reported under its
// name), a database name the server refuses (the MongoDB manual, Limits and
// Thresholds, "Restrictions on Database Names": empty, 64 bytes or more, or
// one of / \ . space " $ or NUL), a MongoDB version that is not
// numbers joined by dots ("7.0", "7.0.2").
std::optional<Error> settingsRefusal(const ProjectSettings &settings);

} // namespace docshape::edit
