#include "workshop/WorkshopSession.h"

#include "document/Document.h"
#include "panels/AdviceSource.h"

#include "exercise/Binding.h"
#include "exercise/ExerciseCatalog.h"

#include <QSettings>

namespace docshape::ui::workshop {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
QString key(const std::string &exerciseId, const char *what) {
    return QStringLiteral("workshop/%1/%2").arg(qs(exerciseId), QLatin1String(what));
}
const std::vector<exercise::Exercise> kNone;
} // namespace

WorkshopSession::WorkshopSession(Document *document, panels::AdviceSource *advice, QObject *parent)
    : QObject(parent), m_document(document), m_advice(advice) {
    connect(m_advice, &panels::AdviceSource::updated, this, [this](const ChangeEvent &event) {
        if (event.reset)
            rebind();
        regrade();
    });
    connect(m_document, &Document::modifiedChanged, this, [this](bool modified) {
        if (!modified)
            recordProgress();
    });
    connect(m_document, &Document::filePathChanged, this, [this] {
        if (!m_document->isModified())
            recordProgress();
    });
    rebind();
    regrade();
}

const std::vector<exercise::Exercise> &WorkshopSession::exercises() const {
    const auto &all = exercise::bundledExercises();
    return all ? all.value() : kNone;
}

QString WorkshopSession::loadError() const {
    const auto &all = exercise::bundledExercises();
    return all ? QString() : qs(all.error().toString());
}

void WorkshopSession::rebind() {
    const std::string id = exercise::boundExercise(m_document->project());
    const exercise::Exercise *found = id.empty() ? nullptr : exercise::findExercise(exercises(), id);
    if (found == m_exercise)
        return;
    m_exercise = found;
    emit exerciseChanged();
    emit hintsChanged();
}

void WorkshopSession::regrade() {
    if (!m_exercise) {
        if (!m_grade.checks.empty()) {
            m_grade = {};
            emit graded();
        }
        return;
    }
    m_grade = exercise::grade(*m_exercise, m_document->project(), m_document->analysis(), m_advice->advice());
    ++m_grades;
    emit graded();
}

Status WorkshopSession::start(const QString &idOrNumber) {
    const exercise::Exercise *found = exercise::findExercise(exercises(), idOrNumber.toStdString());
    if (!found) {
        const QString why = loadError();
        return Error{idOrNumber.toStdString(),
                     (why.isEmpty() ? tr("no exercise has this id or number") : why).toStdString()};
    }
    Project project = found->start;
    exercise::bindExercise(project, found->id);
    m_document->reset(std::move(project), QString());
    return {};
}

int WorkshopSession::hintCount() const { return m_exercise ? int(m_exercise->hints.size()) : 0; }

QStringList WorkshopSession::shownHints() const {
    QStringList out;
    if (!m_exercise)
        return out;
    const int shown = qBound(0, QSettings().value(key(m_exercise->id, "hintsShown"), 0).toInt(), hintCount());
    for (int i = 0; i < shown; ++i)
        out << qs(m_exercise->hints[std::size_t(i)]);
    return out;
}

bool WorkshopSession::revealHint() {
    if (!m_exercise)
        return false;
    const int shown = int(shownHints().size());
    if (shown >= hintCount())
        return false;
    QSettings().setValue(key(m_exercise->id, "hintsShown"), shown + 1);
    emit hintsChanged();
    return true;
}

void WorkshopSession::recordProgress() {
    if (!m_exercise || m_document->filePath().isEmpty())
        return;
    QSettings settings;
    settings.setValue(key(m_exercise->id, "passed"),
                      int(m_grade.checks.size() - m_grade.failures()));
    settings.setValue(key(m_exercise->id, "total"), int(m_grade.checks.size()));
    settings.setValue(key(m_exercise->id, "file"), m_document->filePath());
}

std::optional<Progress> WorkshopSession::progress(const QString &exerciseId) {
    QSettings settings;
    const std::string id = exerciseId.toStdString();
    if (!settings.contains(key(id, "total")))
        return std::nullopt;
    return Progress{settings.value(key(id, "passed")).toInt(), settings.value(key(id, "total")).toInt(),
                    settings.value(key(id, "file")).toString()};
}

} // namespace docshape::ui::workshop
