#include "workshop/ChecksPanel.h"

#include "workshop/WorkshopSession.h"

#include "document/Document.h"

#include "advisor/Finding.h"
#include "PlainText.h"

#include <QColor>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace docshape::ui::workshop {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
constexpr int kTargetKind = Qt::UserRole;
constexpr int kTargetId = Qt::UserRole + 1;

// The canvas object a check's target stands for: an index or an access
// pattern by its entity, a collection by its root entity.
ObjectRef objectOf(const Document &document, const QString &kind, const QString &id) {
    const Project &p = document.project();
    const std::string key = id.toStdString();
    if (kind == QLatin1String("entity"))
        return ObjectRef::entity(key);
    if (kind == QLatin1String("field"))
        return ObjectRef::field(key);
    if (kind == QLatin1String("relationship"))
        return ObjectRef::relationship(key);
    if (kind == QLatin1String("index"))
        if (const IndexSpec *ix = p.findIndex(key))
            return ObjectRef::entity(ix->entityId);
    if (kind == QLatin1String("accessPattern"))
        if (const AccessPattern *q = p.findAccessPattern(key))
            return ObjectRef::entity(q->entityId);
    if (kind == QLatin1String("collection"))
        for (const auto &stat : document.analysis().collections)
            if (QString::fromStdString(stat.name) == id)
                return ObjectRef::entity(stat.rootEntityId);
    return {};
}
} // namespace

ChecksPanel::ChecksPanel(WorkshopSession *session, QWidget *parent) : QWidget(parent), m_session(session) {
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("checksTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    m_summary = plainLabel(this);
    m_summary->setObjectName(QStringLiteral("checksSummary"));
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("checksTree"));
    m_tree->setColumnCount(1);
    m_tree->setHeaderHidden(true);
    m_tree->setWordWrap(true);
    m_tree->setToolTip(tr("Click a failing check to select what it concerns on the canvas."));
    m_hints = new QLabel(this);
    m_hints->setObjectName(QStringLiteral("hintsShown"));
    m_hints->setWordWrap(true);
    m_hints->setTextFormat(Qt::RichText);
    m_hintButton = new QPushButton(tr("Show &Hint"), this);
    m_hintButton->setObjectName(QStringLiteral("showHintButton"));
    m_hintButton->setToolTip(tr("Reveal the next hint of this exercise (Ctrl+Shift+H)"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_summary);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_hints);
    layout->addWidget(m_hintButton);

    connect(m_tree, &QTreeWidget::itemClicked, this, &ChecksPanel::activate);
    connect(m_tree, &QTreeWidget::itemActivated, this, &ChecksPanel::activate);
    connect(m_hintButton, &QPushButton::clicked, m_session, &WorkshopSession::revealHint);
    connect(m_session, &WorkshopSession::graded, this, &ChecksPanel::refresh);
    connect(m_session, &WorkshopSession::exerciseChanged, this, &ChecksPanel::refresh);
    connect(m_session, &WorkshopSession::hintsChanged, this, &ChecksPanel::refreshHints);
    refresh();
    refreshHints();
}

QString ChecksPanel::summary() const { return m_summary->text(); }

void ChecksPanel::refresh() {
    m_tree->clear();
    const exercise::Exercise *ex = m_session->exercise();
    if (!ex) {
        m_title->setText(tr("No exercise. Help > Workshop… starts one."));
        m_summary->clear();
        return;
    }
    m_title->setText(tr("<b>Exercise %1: %2</b>").arg(ex->number).arg(qs(ex->title).toHtmlEscaped()));
    const exercise::Grade &grade = m_session->grade();
    const int total = int(grade.checks.size());
    const int passed = total - int(grade.failures());
    m_summary->setText(tr("%1 of %2 checks pass").arg(passed).arg(total));
    for (const exercise::CheckResult &c : grade.checks) {
        auto *item = new QTreeWidgetItem(m_tree);
        item->setText(0, (c.passed ? tr("PASS  ") : tr("FAIL  ")) + qs(c.says));
        item->setForeground(0, c.passed ? QColor(0x1b, 0x7a, 0x32) : QColor(0xb3, 0x26, 0x1e));
        item->setData(0, Qt::UserRole + 2, qs(c.id));
        item->setToolTip(0, plainToolTip(qs(c.id)));
        if (c.passed)
            continue;
        auto *reason = new QTreeWidgetItem(item);
        QString text = qs(c.reason);
        if (!c.target.kind.empty())
            text += tr("\nat %1").arg(qs(targetText(c.target)));
        reason->setText(0, text);
        for (QTreeWidgetItem *i : {item, reason}) {
            i->setData(0, kTargetKind, qs(c.target.kind));
            i->setData(0, kTargetId, qs(c.target.kind == "collection" ? c.target.name : c.target.id));
        }
        item->setExpanded(true);
    }
}

void ChecksPanel::refreshHints() {
    const QStringList shown = m_session->shownHints();
    const int total = m_session->hintCount();
    QString html;
    for (int i = 0; i < shown.size(); ++i)
        html += tr("<p><b>Hint %1 of %2.</b> %3</p>").arg(i + 1).arg(total).arg(shown[i].toHtmlEscaped());
    m_hints->setText(html);
    m_hints->setVisible(!shown.isEmpty());
    m_hintButton->setEnabled(m_session->exercise() && shown.size() < total);
    m_hintButton->setText(total > 0 && shown.size() >= total ? tr("All hints shown") : tr("Show &Hint"));
}

void ChecksPanel::activate(QTreeWidgetItem *item) {
    if (!item)
        return;
    const QString kind = item->data(0, kTargetKind).toString();
    const QString id = item->data(0, kTargetId).toString();
    if (kind.isEmpty() || id.isEmpty())
        return;
    const ObjectRef object = objectOf(*m_session->document(), kind, id);
    if (!object.isNone())
        emit objectActivated(object);
}

} // namespace docshape::ui::workshop
