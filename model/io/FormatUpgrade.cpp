#include "io/FormatUpgrade.h"

#include "io/ProjectFile.h"

#include <string>

namespace docshape::io {

const std::vector<UpgradeStep> &upgradeSteps() {
    static const std::vector<UpgradeStep> steps = {
        UpgradeStep{}, // 1 -> 2: map fields are new keys; a version 1 file is a version 2 file
        UpgradeStep{}, // 2 -> 3: a relationship's presence is a new key (absent: 1)
    };
    static_assert(kFormatVersion == 3, "add the upgrade step from the previous version");
    return steps;
}

bool readsWithoutUpgrade(int fromVersion, const std::vector<UpgradeStep> &steps) {
    if (fromVersion < 1 || fromVersion > static_cast<int>(steps.size()) + 1)
        return false;
    for (std::size_t i = static_cast<std::size_t>(fromVersion - 1); i < steps.size(); ++i)
        if (steps[i])
            return false;
    return true;
}

Result<nlohmann::json> upgradeDocument(nlohmann::json document, int fromVersion,
                                       const std::vector<UpgradeStep> &steps) {
    const int target = static_cast<int>(steps.size()) + 1;
    if (fromVersion < 1 || fromVersion > target)
        return Error{"$.formatVersion", "no upgrade from format version " +
                                            std::to_string(fromVersion) + " to " +
                                            std::to_string(target)};
    for (int version = fromVersion; version < target; ++version) {
        const std::string context = "upgrading from format version " + std::to_string(version);
        if (!steps[static_cast<std::size_t>(version - 1)]) {
            document["formatVersion"] = version + 1;
            continue;
        }
        try {
            Result<nlohmann::json> next = steps[static_cast<std::size_t>(version - 1)](
                std::move(document));
            if (!next)
                return Error{next.error().where, context + ": " + next.error().message};
            document = std::move(next.value());
            if (!document.is_object())
                return Error{"$", context + ": the step did not return an object"};
            document["formatVersion"] = version + 1;
        } catch (const std::exception &e) {
            return Error{"$", context + ": " + e.what()};
        }
    }
    return document;
}

} // namespace docshape::io
