#include "migrate/planners/PlanBuilder.h"

#include "export/ExtendedJson.h"
#include "export/MongoshLiteral.h"

#include <algorithm>

namespace docshape::migration {

void PlanBuilder::refuse(const std::string &where, const std::string &message) {
    if (!m_refusal)
        m_refusal = Error{where, message};
}

bool PlanBuilder::moves(const ShapeMap &map, const NodePlace &place) const {
    for (const NodePlace *p = &place; p; p = p->parentKey.empty() ? nullptr : map.find(p->parentKey))
        if (m_moved.contains(p->key))
            return true;
    return false;
}

const EmbedSource *PlanBuilder::embedded(const std::string &collection) const {
    auto it = m_embedded.find(collection);
    return it == m_embedded.end() ? nullptr : &it->second;
}

Result<pipeline::Json> PlanBuilder::defaultFor(const ShapeNode &node, const std::string &where) {
    const Field *f = node.origin == NodeOrigin::Field ? node.field : nullptr;
    if (f && f->details->defaultValue) {
        auto value = typedLiteral(node.type, *f->details->defaultValue);
        if (!value)
            return Error{where, "defaultValue '" + *f->details->defaultValue + "': " + value.error().message};
        return value;
    }
    pipeline::Json value;
    switch (node.type) {
    case BsonType::String:
        value = f && !f->details->enumValues.empty() ? pipeline::Json(f->details->enumValues.front())
                                                     : pipeline::Json("");
        break;
    case BsonType::Int:
    case BsonType::Long:
    case BsonType::Double:
    case BsonType::Decimal:
        value = typedNumber(node.type, f && f->details->minimum ? std::max(0.0, *f->details->minimum) : 0.0);
        break;
    case BsonType::Bool:
        value = false;
        break;
    case BsonType::Object:
        value = pipeline::Json::object();
        break;
    case BsonType::Array:
        value = pipeline::Json::array();
        break;
    case BsonType::Null:
        value = nullptr;
        break;
    default:
        return Error{where, "a new required " + std::string(toString(node.type)) +
                                " has no default; state one (defaultValue) or make it optional"};
    }
    if (node.type != BsonType::Object && node.type != BsonType::Array)
        warn(where + " is new and required, and states no defaultValue: documents that lack it get " +
             mongoshLiteral(value) + "; to choose, state a defaultValue, copy it from a field (duplicatedFrom), or "
             "make it optional and leave it to the application.");
    return value;
}

void PlanBuilder::finish(MigrationPlan &plan) {
    std::stable_sort(m_steps.begin(), m_steps.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    static constexpr const char *kKindIds[] = {"create-collection", "create-indexes", "relax-validator", "rewrite",
                                               "embed", "extract", "subset", "fill-copies", "reference-to-copy",
                                               "copy-to-reference", "restore-validator", "drop-indexes",
                                               "drop-collection", "check"};
    int n = 0;
    for (auto &[phase, step] : m_steps) {
        (void)phase;
        step.id = std::to_string(++n) + "-" + kKindIds[static_cast<int>(step.kind)] + "-" + step.collection;
        plan.steps.push_back(std::move(step));
    }
    m_steps.clear();
    for (auto &w : m_warnings)
        plan.warnings.push_back(std::move(w));
    m_warnings.clear();
}

} // namespace docshape::migration
