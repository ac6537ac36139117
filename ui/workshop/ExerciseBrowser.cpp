#include "workshop/ExerciseBrowser.h"

#include "Format.h"

#include "workshop/WorkshopSession.h"

#include "exercise/Mastery.h"
#include "PlainText.h"

#include <QDialogButtonBox>
#include <QColor>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace docshape::ui::workshop {

namespace {
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
constexpr int kIdRole = Qt::UserRole;
} // namespace

ExerciseBrowser::ExerciseBrowser(WorkshopSession *session, QWidget *parent) : QDialog(parent), m_session(session) {
    setObjectName(QStringLiteral("exerciseBrowser"));
    setWindowTitle(tr("Workshop"));
    const auto &exercises = m_session->exercises();

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("exerciseList"));
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("#"), tr("Exercise"), tr("Progress")});
    m_list->setRootIsDecorated(false);
    for (const auto &ex : exercises) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(0, QString::number(ex.number));
        item->setText(1, qs(ex.title));
        item->setData(0, kIdRole, qs(ex.id));
        const auto progress = WorkshopSession::progress(qs(ex.id));
        item->setText(2, progress ? tr("%1 / %2 checks").arg(progress->passed).arg(progress->total) : tr("not started"));
        if (progress) {
            item->setToolTip(2, plainToolTip(tr("Saved in %1").arg(progress->file)));
            if (progress->passed == progress->total)
                item->setForeground(2, QColor(0x1b, 0x7a, 0x32));
        }
    }
    m_list->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_list->header()->setStretchLastSection(false);
    m_list->resizeColumnToContents(0);
    m_list->resizeColumnToContents(2);

    m_statement = new QTextBrowser(this);
    m_statement->setObjectName(QStringLiteral("exerciseStatement"));

    m_topics = new QTreeWidget(this);
    m_topics->setObjectName(QStringLiteral("masteryTopics"));
    m_topics->setHeaderLabels({tr("Mastery checklist"), tr("Exercises")});
    m_topics->setRootIsDecorated(false);
    for (std::string_view topic : exercise::kMasteryTopics) {
        QStringList covering;
        for (const auto &ex : exercises)
            if (std::find(ex.topics.begin(), ex.topics.end(), topic) != ex.topics.end())
                covering << QString::number(ex.number);
        auto *item = new QTreeWidgetItem(m_topics);
        item->setText(0, qs(topic));
        item->setText(1, covering.isEmpty() ? tr("none") : covering.join(QStringLiteral(", ")));
    }
    m_topics->resizeColumnToContents(0);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *listLabel = new QLabel(tr("The exercises of Lesson 135, MongoDB Data Modeling (\"Exercises\"):"), left);
    leftLayout->addWidget(listLabel);
    leftLayout->addWidget(m_list, 2);
    auto *topicsLabel = new QLabel(tr("The mastery checklist and the exercises that cover each topic:"), left);
    leftLayout->addWidget(topicsLabel);
    leftLayout->addWidget(m_topics, 1);

    auto *splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(m_statement);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_start = buttons->addButton(tr("&Start"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("startExercise"));
    m_start->setToolTip(tr("Open the exercise's starting model as a new untitled document"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    if (const QString error = m_session->loadError(); !error.isEmpty())
        layout->addWidget(new QLabel(tr("The exercises cannot be read: %1").arg(error), this));
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);

    connect(m_list, &QTreeWidget::currentItemChanged, this, &ExerciseBrowser::showSelected);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, &QDialog::accept);
    if (m_list->topLevelItemCount() > 0) {
        int current = 0;
        if (const auto *bound = m_session->exercise())
            current = std::max(0, bound->number - 1);
        m_list->setCurrentItem(m_list->topLevelItem(std::min(current, m_list->topLevelItemCount() - 1)));
    }
    showSelected();
    resize(1100, 680);
}

QString ExerciseBrowser::chosen() const {
    const QTreeWidgetItem *item = m_list->currentItem();
    return item ? item->data(0, kIdRole).toString() : QString();
}

void ExerciseBrowser::showSelected() {
    const QString id = chosen();
    m_start->setEnabled(!id.isEmpty());
    const auto &exercises = m_session->exercises();
    const auto it = std::find_if(exercises.begin(), exercises.end(),
                                 [&](const exercise::Exercise &e) { return qs(e.id) == id; });
    if (it == exercises.end()) {
        m_statement->clear();
        return;
    }
    QStringList topics;
    for (const auto &t : it->topics)
        topics << qs(t).toHtmlEscaped();
    QString html = tr("<h2>%1. %2</h2><p>%3</p>")
                       .arg(it->number)
                       .arg(qs(it->title).toHtmlEscaped(), qs(it->statement).toHtmlEscaped());
    html += tr("<p><b>Main read:</b> %1</p>").arg(qs(it->mainRead).toHtmlEscaped());
    html += tr("<p><b>Topics:</b> %1</p>").arg(topics.join(QStringLiteral(", ")));
    html += tr("<p><b>Checks</b> (%1, then the explanation's):</p><ul>").arg(it->checks.size());
    for (const auto &c : it->checks)
        html += QStringLiteral("<li>%1</li>").arg(qs(c.says).toHtmlEscaped());
    html += QStringLiteral("</ul>");
    html += tr("<p>%1, revealed one at a time.</p>")
                .arg(formatCountOf(qsizetype(it->hints.size()), tr("hint"), tr("hints")));
    if (const auto progress = WorkshopSession::progress(id))
        html += tr("<p><b>Your saved work:</b> %1 of %2 checks pass (%3)</p>")
                    .arg(progress->passed)
                    .arg(progress->total)
                    .arg(progress->file.toHtmlEscaped());
    m_statement->setHtml(html);
}

} // namespace docshape::ui::workshop
