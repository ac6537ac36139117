#pragma once

#include "migrate/PipelineBuilder.h"
#include "migrate/ShapeMap.h"
#include "migrate/planners/PlanBuilder.h"

#include <map>
#include <string>
#include <vector>

namespace docshape::migration {

// The v2 element (an embedded child, a subset copy, a child document) built
// from a v1 document or element at `sourceRef` ("$$c." or "$items."): each
// key of the target subtree from the source key that has the same identity,
// converted when its type changed; required keys with no source get their
// default (PlanBuilder::defaultFor, which warns). Keys that could not be
// filled are listed in `missing`; keys of `given` (target key ->
// expression) take that expression.
pipeline::Json elementFrom(PlanBuilder &builder, const ShapeMap &source, const NodePlace *sourceRoot,
                           const ShapeMap &target, const NodePlace *targetRoot, const std::string &sourceRef,
                           std::vector<std::string> &missing, const std::map<std::string, pipeline::Json> &given = {});

} // namespace docshape::migration
