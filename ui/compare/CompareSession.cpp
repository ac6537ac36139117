#include "compare/CompareSession.h"

#include "canvas/DocumentScene.h"
#include "compare/ComparePanel.h"
#include "diff/ModelDiff.h"
#include "document/Document.h"
#include "io/ProjectFile.h"
#include "panels/AdviceSource.h"

#include <QFileInfo>
#include <QProcess>

#include <algorithm>

namespace docshape::ui::compare {

CompareSession::CompareSession(Document *document, canvas::DocumentScene *scene, ComparePanel *panel, QObject *parent)
    : QObject(parent), m_document(document), m_scene(scene), m_panel(panel) {
    m_pending.setSingleShot(true);
    m_pending.setInterval(0);
    connect(&m_pending, &QTimer::timeout, this, [this] {
        if (active())
            refresh();
    });
    // A card moved is layout, which the diff does not compare: only other
    // changes diff the versions again.
    connect(m_document, &Document::changed, this, [this](const ChangeEvent &event) {
        const bool layoutOnly =
            !event.reset && std::all_of(event.changes.begin(), event.changes.end(), [](const Change &c) {
                return c.object == Change::Object::Entity && c.action == Change::Action::Changed &&
                       c.properties == Change::Position;
            });
        if (active() && !layoutOnly)
            m_pending.start();
    });
    // A comparison is of this model with another version of it: another
    // model in the window ends it.
    connect(m_document, &Document::replaced, this, &CompareSession::end);
}

CompareSession::~CompareSession() {
    if (m_scene)
        m_scene->setCompareMarks(nullptr);
}

void CompareSession::setAdviceSource(const panels::AdviceSource *advice) { m_advice = advice; }
const panels::AdviceSource *CompareSession::adviceSource() const { return m_advice; }

Status CompareSession::compareWithFile(const QString &path) {
    auto project = loadProject(path.toStdString());
    if (!project)
        return Error{QFileInfo(path).fileName().toStdString(), project.error().toString()};
    return start(std::move(*project), QFileInfo(path).fileName());
}

Status CompareSession::compareWithRevision(const QString &revision) {
    const QString path = m_document->filePath();
    if (path.isEmpty())
        return Error{{}, "the model has no file yet: save it in a Git work tree first"};
    if (revision.trimmed().isEmpty() || revision.startsWith(QLatin1Char('-')))
        return Error{{}, "no revision given"};
    const QFileInfo file(path);
    QProcess git;
    git.setWorkingDirectory(file.absolutePath());
    git.start(QStringLiteral("git"), {QStringLiteral("show"), revision.trimmed() + QStringLiteral(":./") + file.fileName()});
    if (!git.waitForStarted(5000))
        return Error{{}, "git cannot be started"};
    if (!git.waitForFinished(15000)) {
        git.kill();
        git.waitForFinished(1000);
        return Error{{}, "git show took longer than 15 s"};
    }
    if (git.exitStatus() != QProcess::NormalExit || git.exitCode() != 0)
        return Error{revision.toStdString(), QString::fromLocal8Bit(git.readAllStandardError()).trimmed().toStdString()};
    const QByteArray text = git.readAllStandardOutput();
    auto project = parseProject(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    if (!project)
        return Error{file.fileName().toStdString() + "@" + revision.toStdString(), project.error().toString()};
    return start(std::move(*project), file.fileName() + QStringLiteral(" at ") + revision.trimmed());
}

Status CompareSession::start(Project baseline, const QString &name) {
    m_baseline = std::move(baseline);
    m_baselineFacts.emplace(*m_baseline);
    m_baselineName = name;
    refresh();
    emit started();
    return {};
}

void CompareSession::end() {
    if (!active())
        return;
    m_pending.stop();
    m_baseline.reset();
    m_baselineFacts.reset();
    m_marks = CompareMarks();
    m_scene->setCompareMarks(nullptr);
    m_panel->clear();
    emit ended();
}

void CompareSession::flush() {
    if (m_pending.isActive()) {
        m_pending.stop();
        if (active())
            refresh();
    }
}

void CompareSession::refresh() {
    m_pending.stop();
    ModelDiff diff = diffObjects(*m_baseline, m_document->project());
    if (!diff.equal())
        diff.consequences = diffConsequences(*m_baselineFacts, m_advice ? DiffFacts(m_document->analysis(), m_advice->advice())
                                                                        : DiffFacts(m_document->project(), m_document->analysis()));
    ++m_diffs;
    m_marks = CompareMarks(diff, *m_baseline, m_document->project());
    m_scene->setCompareMarks(&m_marks);
    m_panel->showDiff(diff, m_document->project(), m_baselineName);
    if (!diff.equal())
        m_panel->showMigration(planMigration(*m_baseline, m_document->project()));
}

} // namespace docshape::ui::compare
