#pragma once

#include "document/ChangeEvent.h"

#include "core/Project.h"
#include "util/Result.h"
#include "estimate/Analysis.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <memory>
#include <unordered_map>
#include <optional>
#include <utility>
#include <vector>

namespace docshape {
struct IndexRuleFinding;
namespace edit {
struct Fragment;
struct ProjectSettings;
} // namespace edit
} // namespace docshape

namespace docshape::ui {

class DocumentCommand;

// One open design: owns the model and its undo stack. Every edit goes
// through a method here (Okular's rule: the views never build commands),
// which builds one command, applies it to the model, validates what it
// touched (EditCheck) and reverts it if that fails, so that the stack never
// holds a half-applied edit, views never mutate the model themselves and no
// edit copies the project.
//
// Invariants: project() always passes validateProject; analysis() always
// describes project() (it is recomputed before `changed` is emitted).
class Document : public QObject {
    Q_OBJECT

public:
    explicit Document(QObject *parent = nullptr);
    ~Document() override;

    const Project &project() const { return m_project; }
    const Analysis &analysis() const { return *m_analysis; }
    // What the change being announced touched, as the analysis and the
    // advisor read it (valid while `changed` is emitted).
    const AnalysisChange &lastChange() const { return m_lastChange; }
    QUndoStack *undoStack() { return &m_undoStack; }

    // The file the project was loaded from or saved to; empty when untitled.
    QString filePath() const { return m_filePath; }
    // "Untitled" or the file name, for titles and the recovery prompt.
    QString displayName() const;
    bool isModified() const { return !m_undoStack.isClean(); }

    // Replaces the whole project (New, Open, Revert): clears the undo stack.
    void reset(Project project, const QString &filePath);
    // Loads a file; on failure nothing changes and the loader's error returns.
    Status load(const QString &path);
    Status save(const QString &path);

    // The analysis's collection stat for the collection that stores the
    // entity (its own or its root's), or nullptr.
    const CollectionStat *collectionStatOf(const std::string &entityId) const;

    // Edits. Each pushes exactly one undo step, or returns why it was
    // refused and leaves everything unchanged. `mergeKey` names the property
    // being typed into: consecutive edits of the same object and key merge
    // into one undo step.
    Result<std::string> addEntity(const QString &name, CanvasPosition position);
    Status removeEntities(const std::vector<std::string> &entityIds);
    Status changeEntity(const Entity &newValue, const QString &text, const QString &mergeKey = {});
    Status renameEntity(const std::string &entityId, const QString &name);

    // Adds a field to the entity, or inside the object field `parentFieldId`.
    Result<std::string> addField(const std::string &entityId, const std::string &parentFieldId,
                                 Field field);
    Status removeField(const std::string &fieldId);
    Status changeField(const Field &newValue, const QString &text, const QString &mergeKey = {});

    Result<std::string> addRelationship(Relationship relationship, const QString &text);
    Status removeRelationship(const std::string &relationshipId);
    Status changeRelationship(const Relationship &newValue, const QString &text,
                              const QString &mergeKey = {});

    // Canvas moves: one undo step for all the entities moved together.
    // Positions that are not finite numbers are left out.
    // `nudge`: an arrow-key move, which merges with the next nudge of the
    // same entities.
    void moveEntities(const std::vector<std::pair<std::string, CanvasPosition>> &positions,
                      const QString &text = {}, bool nudge = false);
    // The arrow keys: the entities moved by (dx, dy); repeated nudges of the
    // same entities are one undo step.
    void nudgeEntities(const std::vector<std::string> &entityIds, double dx, double dy);

    // Canvas gestures, each one undo step.
    // Drop `childId` onto `parentId`: the relationship between them, or the
    // one that embeds the child elsewhere, gets this representation; when
    // there is none (or `reuse` is false) a new one is added. Returns the
    // relationship id.
    Result<std::string> relate(const std::string &parentId, const std::string &childId,
                               Cardinality cardinality, Representation representation,
                               bool reuse = true);
    // Paste and Duplicate (edit::Fragment), each one undo step named
    // `text`. Entities come with what they embed and the relationships among
    // them, under fresh ids and free names, moved by (dx, dy); returns the
    // new entities' ids. Fields go into the entity, or inside its object
    // field `parentFieldId`, under free names; returns their ids.
    Result<std::vector<std::string>> pasteEntities(const edit::Fragment &fragment, double dx, double dy,
                                                   const QString &text);
    Result<std::vector<std::string>> pasteFields(const edit::Fragment &fragment, const std::string &entityId,
                                                 const std::string &parentFieldId, const QString &text);

    // Makes an embedded entity a collection again (its relationship becomes
    // a reference held by the child) with its card at `position`.
    Status unembed(const std::string &childId, CanvasPosition position);

    // The query table, in the order of Project::accessPatterns. An empty id
    // gets a fresh "q" id; a removal comes back in its row on undo.
    Result<std::string> addAccessPattern(AccessPattern pattern);
    Status removeAccessPattern(const std::string &patternId);
    Status changeAccessPattern(const AccessPattern &newValue, const QString &text, const QString &mergeKey = {});

    // Explicit indexes, in the order of Project::indexes. An empty id gets a
    // fresh "i" id; a removal comes back in its place on undo. An index the
    // server would refuse on its collection (derive/IndexRules.h) is
    // refused with the server's reason, `where` naming the IndexSpec member.
    Result<std::string> addIndex(IndexSpec index);
    Status removeIndex(const std::string &indexId);
    Status changeIndex(const IndexSpec &newValue, const QString &text, const QString &mergeKey = {});
    // What the server says of `index` on its entity's collection: refusals
    // and ignored options, empty when the entity is in no collection.
    std::vector<IndexRuleFinding> indexRules(const IndexSpec &index) const;
    // The IndexSpec member a rule of serverIndexRules is about ("keys",
    // "unique", "sparse", "partialFilter", "collation",
    // "expireAfterSeconds"), so that an editor shows the reason beside it.
    static std::string memberOf(const IndexRuleFinding &rule);

    // File > Project Settings: one undo step, refused (nothing changes) by
    // edit::settingsRefusal or validateProject.
    Status changeProjectSettings(const edit::ProjectSettings &settings, const QString &text);

    // Decisions (the design log, the workshop's explanation): replaces the
    // one with the same id, or adds it (an empty id gets a fresh "d" id).
    // Returns the decision's id.
    Result<std::string> setDecision(Decision decision, const QString &text, const QString &mergeKey = {});

    // Swaps in a whole new project as one undo step (auto-recovery,
    // importers): the previous project comes back on undo.
    Status replaceProject(Project project, const QString &text);

    // Groups several edits into one undo step (QUndoStack macros).
    void beginMacro(const QString &text) { m_undoStack.beginMacro(text); }
    void endMacro() { m_undoStack.endMacro(); }

    // The entity that holds the field, or nullptr.
    const Entity *entityOfField(const std::string &fieldId) const;
    // The field, found through its entity (Project::findField walks every
    // field of the model).
    const Field *findField(const std::string &fieldId) const;
    // The relationship that embeds the entity (EmbedOne or EmbedArray) in
    // another entity's document, if any.
    const Relationship *embeddingOf(const std::string &entityId) const;

signals:
    // After every change of the model, with the analysis already updated.
    void changed(const docshape::ui::ChangeEvent &event);
    void filePathChanged(const QString &path);
    void modifiedChanged(bool modified);
    // After reset(): another model was opened, created or imported (or the
    // file reloaded), not an edit of this one.
    void replaced();

private:
    friend class DocumentCommand;
    // Applies the command, validates what it touched and pushes it, or
    // reverts it and returns the refusal.
    Status push(std::unique_ptr<DocumentCommand> command);
    Project &mutableProject() { return m_project; }
    void notify(const ChangeEvent &event);
    void reanalyze();                          // the whole project
    // The field and the entity that holds it, or nulls (entityOfField).
    std::pair<const Entity *, const Field *> locateField(const std::string &fieldId) const;

    Project m_project;
    std::unique_ptr<Analysis> m_analysis;
    AnalysisChange m_lastChange;
    // Field id -> id of the entity that holds it, built on the first lookup
    // and dropped when fields or entities come or go (entityOfField).
    mutable std::unordered_map<std::string, std::string> m_fieldOwners;
    QUndoStack m_undoStack;
    QString m_filePath;
};

} // namespace docshape::ui
