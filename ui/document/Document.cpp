#include "document/Document.h"

#include "commands/AddRemoveAccessPattern.h"
#include "commands/AddRemoveEntity.h"
#include "commands/AddRemoveField.h"
#include "commands/AddRemoveIndex.h"
#include "commands/AddRemoveRelationship.h"
#include "commands/ChangeAccessPattern.h"
#include "commands/ChangeEntity.h"
#include "commands/ChangeField.h"
#include "commands/ChangeIndex.h"
#include "commands/ChangeProject.h"
#include "commands/ChangeRelationship.h"
#include "commands/CompositeCommand.h"
#include "commands/MoveEntities.h"
#include "commands/ReplaceProject.h"
#include "commands/SetDecision.h"
#include "document/RelationshipLabels.h"

#include "derive/IndexRules.h"
#include "edit/Fragment.h"
#include "edit/ModelLookup.h"
#include "edit/ProjectSettings.h"
#include "edit/RelationshipDefaults.h"
#include "edit/RenamePaths.h"
#include "io/ProjectFile.h"
#include "io/ProjectValidator.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace docshape::ui {

Document::Document(QObject *parent) : QObject(parent), m_analysis(std::make_unique<Analysis>()) {
    reanalyze();
    connect(&m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

Document::~Document() {
    // Commands refer to the document; drop them before the model goes.
    m_undoStack.clear();
}

QString Document::displayName() const {
    return m_filePath.isEmpty() ? tr("Untitled") : QFileInfo(m_filePath).fileName();
}

void Document::reset(Project project, const QString &filePath) {
    m_undoStack.clear();
    m_project = std::move(project);
    notify(ChangeEvent::resetAll());
    if (filePath != m_filePath) {
        m_filePath = filePath;
        emit filePathChanged(m_filePath);
    }
    m_undoStack.setClean();
    emit modifiedChanged(false);
    emit replaced();
}

Status Document::load(const QString &path) {
    auto loaded = loadProject(path.toStdString());
    if (!loaded)
        return loaded.error();
    reset(std::move(loaded.value()), path);
    return {};
}

Status Document::save(const QString &path) {
    Status status = saveProject(m_project, path.toStdString());
    if (!status)
        return status;
    if (path != m_filePath) {
        m_filePath = path;
        emit filePathChanged(m_filePath);
    }
    m_undoStack.setClean();
    return {};
}

const CollectionStat *Document::collectionStatOf(const std::string &entityId) const {
    const CollectionShape *shape = collectionOf(m_analysis->derived, entityId);
    if (!shape)
        return nullptr;
    for (const auto &stat : m_analysis->collections)
        if (stat.name == shape->name && stat.kind == shape->kind)
            return &stat;
    return nullptr;
}

void Document::reanalyze() {
    // The analysis points into m_project; build the new one before dropping
    // the old so that nobody ever sees a dangling one.
    m_analysis = std::make_unique<Analysis>(analyze(m_project));
}

namespace {

// What an edit touched, as the analysis reads it (AnalysisChange).
AnalysisChange analysisChangeOf(const ChangeEvent &event, const Project &project) {
    AnalysisChange out;
    out.everything = event.reset;
    for (const Change &c : event.changes) {
        switch (c.object) {
        case Change::Object::Project:
            out.everything = true;
            break;
        case Change::Object::Entity:
            if (c.action == Change::Action::Changed)
                out.entities.push_back(c.id);
            else
                out.everything = true; // new or gone: the entities' positions move
            break;
        case Change::Object::Field:
            if (c.entityId.empty())
                out.everything = true;
            else
                out.entities.push_back(c.entityId);
            break;
        case Change::Object::Relationship:
            if (c.action != Change::Action::Changed || c.changed(Change::Placement)) {
                out.everything = true; // the child stored elsewhere: collections come and go
            } else if (const Relationship *r = project.findRelationship(c.id)) {
                out.entities.push_back(r->parentId);
                out.entities.push_back(r->childId);
            } else {
                out.everything = true;
            }
            break;
        case Change::Object::Index:
            out.indexes.push_back(c.id);
            break;
        case Change::Object::AccessPattern:
            out.accessPatterns.push_back(c.id); // the advisor's alone
        }
    }
    return out;
}

} // namespace

void Document::notify(const ChangeEvent &event) {
    const auto comesOrGoes = [](const Change &c) {
        return (c.object == Change::Object::Field || c.object == Change::Object::Entity) &&
               c.action != Change::Action::Changed;
    };
    if (event.reset || std::any_of(event.changes.begin(), event.changes.end(), comesOrGoes))
        m_fieldOwners.clear();
    m_lastChange = {};
    if (event.reset) {
        m_lastChange.everything = true;
        reanalyze();
    } else if (event.affectsEstimates()) {
        m_lastChange = analysisChangeOf(event, m_project);
        // As reanalyze(): the new analysis is built before the old one goes.
        m_analysis = std::make_unique<Analysis>(docshape::reanalyze(m_project, std::move(*m_analysis), m_lastChange));
    }
    emit changed(event);
}

Status Document::push(std::unique_ptr<DocumentCommand> command) {
    const EditCheck check(m_project, command->scope(m_project));
    ChangeEvent event = command->applyTo(m_project);
    if (Status status = check.check(m_project); !status) {
        command->revertFrom(m_project);
        return status;
    }
    command->m_applied = std::move(event);
    m_undoStack.push(command.release());
    return {};
}

Result<std::string> Document::addEntity(const QString &name, CanvasPosition position) {
    Entity entity;
    entity.id = m_project.newId("e");
    entity.name = name.trimmed().toStdString();
    if (entity.name.empty()) {
        for (int i = int(m_project.entities.size()) + 1;; ++i) {
            std::string candidate = "Entity" + std::to_string(i);
            if (!m_project.findEntityByName(candidate)) {
                entity.name = candidate;
                break;
            }
        }
    }
    entity.position = position;
    std::string id = entity.id;
    Status status = push(std::make_unique<AddEntity>(this, std::move(entity)));
    if (!status)
        return status.error();
    return id;
}

Status Document::removeEntities(const std::vector<std::string> &entityIds) {
    if (entityIds.empty())
        return {};
    return push(std::make_unique<RemoveEntities>(this, m_project, entityIds));
}

Status Document::changeEntity(const Entity &newValue, const QString &text, const QString &mergeKey) {
    const Entity *current = m_project.findEntity(newValue.id);
    if (!current)
        return Error{newValue.id, tr("no such entity").toStdString()};
    if (ChangeEntity::differences(newValue, *current) == 0)
        return {};
    return push(std::make_unique<ChangeEntity>(this, newValue, text, mergeKey));
}

Status Document::renameEntity(const std::string &entityId, const QString &name) {
    const Entity *current = m_project.findEntity(entityId);
    if (!current)
        return Error{entityId, tr("no such entity").toStdString()};
    Entity e = *current;
    e.name = name.toStdString();
    return changeEntity(e, tr("Rename entity %1 to %2").arg(QString::fromStdString(current->name), name),
                        QStringLiteral("name"));
}

Result<std::string> Document::addField(const std::string &entityId,
                                       const std::string &parentFieldId, Field field) {
    if (!m_project.findEntity(entityId))
        return Error{entityId, tr("no such entity").toStdString()};
    if (!parentFieldId.empty() && !m_project.findField(parentFieldId))
        return Error{parentFieldId, tr("no such field").toStdString()};
    if (field.id.empty())
        field.id = m_project.newId("f");
    std::string id = field.id;
    Status status = push(std::make_unique<AddField>(this, entityId, parentFieldId, std::move(field)));
    if (!status)
        return status.error();
    return id;
}

Status Document::removeField(const std::string &fieldId) {
    if (!m_project.findField(fieldId))
        return Error{fieldId, tr("no such field").toStdString()};
    return push(std::make_unique<RemoveField>(this, m_project, fieldId));
}

Status Document::changeField(const Field &newValue, const QString &text, const QString &mergeKey) {
    const auto [owner, current] = locateField(newValue.id);
    if (!owner)
        return Error{newValue.id, tr("no such field").toStdString()};
    if (ChangeField::sameProperties(newValue, *current))
        return {};
    // A rename carries the paths that name the field along, in one undo step.
    edit::RenamedPaths paths;
    if (newValue.name != current->name)
        paths = edit::pathsAfterRename(m_project, m_analysis->derived, newValue.id, newValue.name);
    if (paths.accessPatterns.empty() && paths.indexes.empty())
        return push(std::make_unique<ChangeField>(this, newValue, owner->id, text, mergeKey));
    auto composite = std::make_unique<CompositeCommand>(this, text);
    composite->add(std::make_unique<ChangeField>(this, newValue, owner->id, QString(), QString()));
    for (auto &pattern : paths.accessPatterns)
        composite->add(std::make_unique<ChangeAccessPattern>(this, std::move(pattern), QString(), QString()));
    for (auto &index : paths.indexes)
        composite->add(std::make_unique<ChangeIndex>(this, std::move(index), QString(), QString()));
    return push(std::move(composite));
}

Result<std::string> Document::addRelationship(Relationship relationship, const QString &text) {
    if (relationship.id.empty())
        relationship.id = m_project.newId("r");
    std::string id = relationship.id;
    Status status = push(std::make_unique<AddRelationship>(this, std::move(relationship), text));
    if (!status)
        return status.error();
    return id;
}

Status Document::removeRelationship(const std::string &relationshipId) {
    if (!m_project.findRelationship(relationshipId))
        return Error{relationshipId, tr("no such relationship").toStdString()};
    return push(std::make_unique<RemoveRelationship>(this, m_project, relationshipId));
}

Status Document::changeRelationship(const Relationship &newValue, const QString &text,
                                    const QString &mergeKey) {
    const Relationship *current = m_project.findRelationship(newValue.id);
    if (!current)
        return Error{newValue.id, tr("no such relationship").toStdString()};
    if (*current == newValue)
        return {};
    return push(std::make_unique<ChangeRelationship>(this, newValue, text, mergeKey));
}

void Document::moveEntities(const std::vector<std::pair<std::string, CanvasPosition>> &positions,
                            const QString &text, bool nudge) {
    std::vector<std::pair<std::string, CanvasPosition>> changed;
    for (const auto &[id, pos] : positions)
        if (const Entity *e = m_project.findEntity(id))
            if (e->position != pos && std::isfinite(pos.x) && std::isfinite(pos.y))
                changed.emplace_back(id, pos);
    if (changed.empty())
        return;
    QString name = text;
    if (name.isEmpty()) {
        name = changed.size() == 1
                   ? tr("Move %1").arg(QString::fromStdString(m_project.findEntity(changed[0].first)->name))
                   : tr("Move %1 entities").arg(changed.size());
    }
    push(std::make_unique<MoveEntities>(this, std::move(changed), name, nudge));
}

void Document::nudgeEntities(const std::vector<std::string> &entityIds, double dx, double dy) {
    std::vector<std::pair<std::string, CanvasPosition>> positions;
    for (const auto &id : entityIds)
        if (const Entity *e = m_project.findEntity(id))
            positions.emplace_back(id, CanvasPosition{e->position.x + dx, e->position.y + dy});
    moveEntities(positions, QString(), true);
}

Result<std::string> Document::relate(const std::string &parentId, const std::string &childId,
                                     Cardinality cardinality, Representation representation,
                                     bool reuse) {
    if (!m_project.findEntity(parentId) || !m_project.findEntity(childId))
        return Error{parentId, tr("no such entity").toStdString()};
    // A tree is a reference to itself (parent or child references); inside
    // itself an entity cannot be.
    if (parentId == childId && (embedsChild(representation) || representation == Representation::Subset))
        return Error{parentId, tr("an entity cannot be embedded in itself: draw a tree as a reference from "
                                  "the entity to itself (each node holds its parent's id, or its children's ids)")
                                   .toStdString()};
    const Relationship *existing = nullptr;
    if (reuse) {
        for (const auto &r : m_project.relationships)
            if (r.parentId == parentId && r.childId == childId)
                existing = &r;
        if (!existing && embedsChild(representation))
            existing = embeddingOf(childId);
    }
    if (existing) {
        Relationship changed = edit::reshapeRelationship(m_project, *existing, parentId, representation);
        Status status =
            changeRelationship(changed, relationshipCommandText(m_project, changed), QString());
        if (!status)
            return status.error();
        return changed.id;
    }
    Relationship r = edit::makeRelationship(m_project, parentId, childId, cardinality, representation);
    return addRelationship(r, relationshipCommandText(m_project, r));
}

Result<std::vector<std::string>> Document::pasteEntities(const edit::Fragment &fragment, double dx, double dy,
                                                         const QString &text) {
    if (fragment.kind != edit::Fragment::Kind::Entities || fragment.project.entities.empty())
        return Error{"", tr("there are no entities to paste").toStdString()};
    edit::PastedEntities pasted = edit::pasteEntities(m_project, fragment, dx, dy);
    std::vector<std::string> ids;
    auto composite = std::make_unique<CompositeCommand>(this, text);
    for (Entity &entity : pasted.entities) {
        ids.push_back(entity.id);
        composite->add(std::make_unique<AddEntity>(this, std::move(entity)));
    }
    for (Relationship &relationship : pasted.relationships)
        composite->add(std::make_unique<AddRelationship>(this, std::move(relationship), QString()));
    if (Status status = push(std::move(composite)); !status)
        return status.error();
    return ids;
}

Result<std::vector<std::string>> Document::pasteFields(const edit::Fragment &fragment, const std::string &entityId,
                                                       const std::string &parentFieldId, const QString &text) {
    if (fragment.kind != edit::Fragment::Kind::Fields || fragment.project.entities.empty())
        return Error{"", tr("there are no fields to paste").toStdString()};
    const Entity *entity = m_project.findEntity(entityId);
    if (!entity)
        return Error{entityId, tr("no such entity").toStdString()};
    const Field *parent = parentFieldId.empty() ? nullptr : m_project.findField(parentFieldId);
    if (!parentFieldId.empty() && (!parent || !(parent->isObject() || parent->elementIsObject())))
        return Error{parentFieldId, tr("fields go into an object field, or an array of objects").toStdString()};
    std::vector<Field> fields = edit::pasteFields(m_project, parent ? parent->fields : entity->fields, fragment);
    std::vector<std::string> ids;
    auto composite = std::make_unique<CompositeCommand>(this, text);
    for (Field &field : fields) {
        ids.push_back(field.id);
        composite->add(std::make_unique<AddField>(this, entityId, parentFieldId, std::move(field)));
    }
    if (Status status = push(std::move(composite)); !status)
        return status.error();
    return ids;
}

Status Document::unembed(const std::string &childId, CanvasPosition position) {
    const Relationship *embedding = embeddingOf(childId);
    const Entity *child = m_project.findEntity(childId);
    if (!embedding || !child)
        return Error{childId, tr("the entity is not embedded").toStdString()};
    if (!std::isfinite(position.x) || !std::isfinite(position.y))
        return Error{childId, tr("the position is not a finite number").toStdString()};
    Relationship changed = edit::reshapeRelationship(m_project, *embedding, embedding->parentId,
                                                     Representation::ReferenceFromChild);
    auto composite = std::make_unique<CompositeCommand>(
        this, tr("Make %1 a collection").arg(QString::fromStdString(child->name)));
    composite->add(std::make_unique<MoveEntities>(
        this, std::vector<std::pair<std::string, CanvasPosition>>{{childId, position}}, QString()));
    composite->add(std::make_unique<ChangeRelationship>(this, changed, QString(), QString()));
    return push(std::move(composite));
}

Result<std::string> Document::addAccessPattern(AccessPattern pattern) {
    if (pattern.id.empty())
        pattern.id = m_project.newId("q");
    std::string id = pattern.id;
    const std::size_t end = m_project.accessPatterns.size();
    Status status = push(std::make_unique<AddAccessPattern>(this, std::move(pattern), end));
    if (!status)
        return status.error();
    return id;
}

Status Document::removeAccessPattern(const std::string &patternId) {
    const AccessPattern *pattern = m_project.findAccessPattern(patternId);
    if (!pattern)
        return Error{patternId, tr("no such access pattern").toStdString()};
    return push(std::make_unique<RemoveAccessPattern>(this, m_project, *pattern));
}

Status Document::changeAccessPattern(const AccessPattern &newValue, const QString &text, const QString &mergeKey) {
    const AccessPattern *current = m_project.findAccessPattern(newValue.id);
    if (!current)
        return Error{newValue.id, tr("no such access pattern").toStdString()};
    if (*current == newValue)
        return {};
    return push(std::make_unique<ChangeAccessPattern>(this, newValue, text, mergeKey));
}

Result<std::string> Document::addIndex(IndexSpec index) {
    if (index.id.empty())
        index.id = m_project.newId("i");
    for (const IndexRuleFinding &rule : indexRules(index))
        if (rule.error)
            return Error{memberOf(rule), rule.message};
    std::string id = index.id;
    const std::size_t end = m_project.indexes.size();
    Status status = push(std::make_unique<AddIndex>(this, std::move(index), end));
    if (!status)
        return status.error();
    return id;
}

Status Document::removeIndex(const std::string &indexId) {
    const IndexSpec *index = m_project.findIndex(indexId);
    if (!index)
        return Error{indexId, tr("no such index").toStdString()};
    return push(std::make_unique<RemoveIndex>(this, m_project, *index));
}

Status Document::changeIndex(const IndexSpec &newValue, const QString &text, const QString &mergeKey) {
    const IndexSpec *current = m_project.findIndex(newValue.id);
    if (!current)
        return Error{newValue.id, tr("no such index").toStdString()};
    if (*current == newValue)
        return {};
    for (const IndexRuleFinding &rule : indexRules(newValue))
        if (rule.error)
            return Error{memberOf(rule), rule.message};
    return push(std::make_unique<ChangeIndex>(this, newValue, text, mergeKey));
}

std::vector<IndexRuleFinding> Document::indexRules(const IndexSpec &index) const {
    // An index changes no document shape: the collection's shape before the
    // edit is the one the index will meet.
    const CollectionShape *shape = collectionOf(m_analysis->derived, index.entityId);
    if (!shape)
        return {};
    return serverIndexRules(index, shape->shape);
}

std::string Document::memberOf(const IndexRuleFinding &rule) {
    // The rules' wording is the server's (derive/IndexRules.cpp); each names
    // the option it is about, and the rest are about the keys.
    const std::string &m = rule.message;
    if (m.starts_with("Currently hashed indexes cannot guarantee uniqueness"))
        return "unique";
    if (m.starts_with("cannot mix \"partialFilterExpression\" and \"sparse\""))
        return "sparse";
    if (m.find("partial index") != std::string::npos || m.find("partialFilter") != std::string::npos)
        return "partialFilter";
    if (m.find("does not support collation") != std::string::npos)
        return "collation";
    if (m.starts_with("expireAfterSeconds"))
        return "expireAfterSeconds";
    return "keys";
}

Status Document::changeProjectSettings(const edit::ProjectSettings &settings, const QString &text) {
    if (auto refused = edit::settingsRefusal(settings))
        return *refused;
    if (settings == edit::settingsOf(m_project))
        return {};
    return push(std::make_unique<ChangeProject>(this, settings, text));
}

Result<std::string> Document::setDecision(Decision decision, const QString &text, const QString &mergeKey) {
    if (decision.id.empty())
        decision.id = m_project.newId("d");
    for (const Decision &d : m_project.decisions)
        if (d.id == decision.id && d == decision)
            return decision.id;
    std::string id = decision.id;
    if (Status s = push(std::make_unique<SetDecision>(this, std::move(decision), text, mergeKey)); !s)
        return s.error();
    return id;
}

Status Document::replaceProject(Project project, const QString &text) {
    return push(std::make_unique<ReplaceProject>(this, std::move(project), text));
}

std::pair<const Entity *, const Field *> Document::locateField(const std::string &fieldId) const {
    // The inspector, the canvas and the edit itself each ask after an edit:
    // a map instead of a walk over every field of the model each time.
    if (m_fieldOwners.empty())
        for (const Entity &e : m_project.entities)
            for (std::string &id : edit::fieldIdsOf(e))
                m_fieldOwners.emplace(std::move(id), e.id);
    if (const auto it = m_fieldOwners.find(fieldId); it != m_fieldOwners.end())
        if (const Entity *e = m_project.findEntity(it->second))
            if (const Field *f = edit::findField(*e, fieldId))
                return {e, f};
    // Not where the map says: the map is out of date; the walk decides.
    const Entity *owner = edit::entityOfField(m_project, fieldId);
    if (!owner)
        return {};
    m_fieldOwners.clear();
    return {owner, edit::findField(*owner, fieldId)};
}

const Entity *Document::entityOfField(const std::string &fieldId) const { return locateField(fieldId).first; }

const Field *Document::findField(const std::string &fieldId) const { return locateField(fieldId).second; }

const Relationship *Document::embeddingOf(const std::string &entityId) const {
    return edit::embeddingOf(m_project, entityId);
}

} // namespace docshape::ui
