#include "migrate/planners/ElementMapping.h"

#include "migrate/PipelineBuilder.h"

namespace docshape::migration {

using pipeline::Json;

Json elementFrom(PlanBuilder &builder, const ShapeMap &source, const NodePlace *sourceRoot, const ShapeMap &target,
                 const NodePlace *targetRoot, const std::string &sourceRef, std::vector<std::string> &missing,
                 const std::map<std::string, Json> &given) {
    Json out = Json::object();
    const std::string targetPrefix = targetRoot ? targetRoot->key : std::string();
    const std::size_t targetDepth = targetRoot ? targetRoot->names.size() : 0;
    const std::size_t sourceDepth = sourceRoot ? sourceRoot->names.size() : 0;
    const std::string copyPrefix = targetRoot && (targetRoot->node->origin == NodeOrigin::Subset ||
                                                  targetRoot->node->origin == NodeOrigin::ExtendedReference)
                                       ? targetRoot->key + "/"
                                       : std::string();
    const std::string sourcePrefix = sourceRoot && (sourceRoot->node->origin == NodeOrigin::Subset ||
                                                    sourceRoot->node->origin == NodeOrigin::ExtendedReference)
                                         ? sourceRoot->key + "/"
                                         : std::string();
    for (const NodePlace &t : target.places()) {
        if (t.names.size() != targetDepth + 1 || t.parentKey != targetPrefix)
            continue;
        if (auto g = given.find(t.key); g != given.end()) {
            out[t.names.back()] = g->second;
            continue;
        }
        std::string identity = t.key.substr(copyPrefix.size());
        const NodePlace *s = source.find(sourcePrefix + identity);
        if (t.names.back() == "_id") {
            identity = "_id";
            s = sourceRoot ? nullptr : source.find("_id");
        }
        if (s && s->names.size() == sourceDepth + 1) {
            const std::string ref = sourceRef + s->names.back();
            if (s->node->type != t.node->type && !pipeline::convertTarget(t.node->type).empty() &&
                !s->node->hasObject() && !t.node->hasObject())
                out[t.names.back()] = pipeline::convertedValue(ref, t.node->type);
            else
                out[t.names.back()] = ref;
        } else if (!t.optional && t.node->origin == NodeOrigin::Field) {
            auto value = builder.defaultFor(*t.node, target.places().empty() ? t.path() : t.path());
            if (value)
                out[t.names.back()] = pipeline::literal(*value);
            else
                missing.push_back(t.path());
        } else if (!t.optional && identity != "_id") {
            missing.push_back(t.path());
        }
    }
    return out;
}

} // namespace docshape::migration
