#pragma once

#include "util/Result.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <vector>

namespace docshape::io {

// One step of the format's history: takes a parsed document of version N and
// returns it as version N+1 (the step need not set formatVersion; the
// driver does). Steps work on nlohmann::json because they rename, move and
// rewrite keys, which the fast read-only reader cannot. An empty step says
// that version N+1 only adds keys: a file of version N reads as it is, with
// no rewrite (and no second parse).
using UpgradeStep = std::function<Result<nlohmann::json>(nlohmann::json)>;

// The steps of this build: element i upgrades version i+1 to i+2, so the
// list has kFormatVersion - 1 entries.
const std::vector<UpgradeStep> &upgradeSteps();

// Runs the steps from `fromVersion` up to steps.size() + 1. Never throws: a
// step that fails, or a JSON operation that would throw, gives an Error
// naming the step ("upgrading from format version 3: ...").
// Whether a file of `fromVersion` reads as the current version without a
// rewrite: every step from it is empty.
bool readsWithoutUpgrade(int fromVersion, const std::vector<UpgradeStep> &steps = upgradeSteps());

Result<nlohmann::json> upgradeDocument(nlohmann::json document, int fromVersion,
                                       const std::vector<UpgradeStep> &steps = upgradeSteps());

} // namespace docshape::io
