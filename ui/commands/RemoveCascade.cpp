#include "commands/RemoveCascade.h"

#include "edit/ModelLookup.h"

#include <algorithm>

namespace docshape::ui {

namespace {
using Action = Change::Action;

ChangeEvent eventOf(const Project &after, const edit::Removal &removal) {
    ChangeEvent event;
    for (const auto &[at, e] : removal.entities) {
        event.add(Change::entity(Action::Removed, e.id));
        for (const auto &id : edit::fieldIdsOf(e))
            event.add(Change::field(Action::Removed, id, e.id));
    }
    for (const Entity &before : removal.changedEntities) {
        // The fields it lost (a field removal); others may have lost their source.
        const Entity *now = after.findEntity(before.id);
        const std::vector<std::string> kept = now ? edit::fieldIdsOf(*now) : std::vector<std::string>();
        for (const auto &id : edit::fieldIdsOf(before))
            if (std::find(kept.begin(), kept.end(), id) == kept.end())
                event.add(Change::field(Action::Removed, id, before.id));
        event.add(Change::entity(Action::Changed, before.id, Change::Other));
    }
    for (const auto &[at, r] : removal.relationships)
        event.add(Change::relationship(Action::Removed, r.id));
    for (const Relationship &r : removal.changedRelationships)
        event.add(Change::relationship(Action::Changed, r.id, Change::Other));
    for (const auto &[at, q] : removal.accessPatterns)
        event.add(Change::accessPattern(Action::Removed, q.id));
    for (const AccessPattern &q : removal.changedAccessPatterns)
        event.add(Change::accessPattern(Action::Changed, q.id, Change::Other));
    for (const auto &[at, ix] : removal.indexes)
        event.add(Change::index(Action::Removed, ix.id));
    return event;
}
} // namespace

ChangeEvent RemoveCascade::applyTo(Project &project) {
    m_removal = remove(project);
    m_event = eventOf(project, m_removal);
    return m_event;
}

ChangeEvent RemoveCascade::revertFrom(Project &project) {
    edit::restore(project, m_removal);
    m_removal = {};
    return m_event.reversed();
}

} // namespace docshape::ui
