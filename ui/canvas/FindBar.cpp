#include "canvas/FindBar.h"

#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"
#include "PlainText.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStringListModel>
#include <QToolButton>

namespace docshape::ui::canvas {

namespace {
// Zoomed out further than this a card's rows are not drawn (EntityItem):
// a match is shown at a zoom where its field can be read.
constexpr qreal kReadableZoom = 0.6;

void addFields(std::vector<FindBar::Match> &out, const QString &prefix, const std::vector<Field> &fields,
               const QString &text) {
    for (const auto &f : fields) {
        const QString path = prefix + QLatin1Char('.') + QString::fromStdString(f.name);
        if (path.contains(text, Qt::CaseInsensitive))
            out.push_back({path, ObjectRef::field(f.id)});
        addFields(out, path, f.fields, text);
    }
}
} // namespace

FindBar::FindBar(DocumentScene *scene, CanvasView *view, QWidget *parent)
    : QWidget(parent), m_scene(scene), m_view(view) {
    setObjectName(QStringLiteral("findBar"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    auto *label = new QLabel(tr("Find:"), this);
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("findText"));
    m_edit->setPlaceholderText(tr("Entity or Entity.field"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setMinimumWidth(240);
    m_edit->setToolTip(tr("Enter: next match · Shift+Enter: previous · Escape: close"));
    label->setBuddy(m_edit);
    m_status = plainLabel(this);
    m_status->setObjectName(QStringLiteral("findStatus"));
    m_status->setMinimumWidth(90);
    auto *close = new QToolButton(this);
    close->setText(tr("Close"));
    close->setAutoRaise(true);
    layout->addWidget(label);
    layout->addWidget(m_edit);
    layout->addWidget(m_status);
    layout->addWidget(close);
    layout->addStretch();

    m_completions = new QStringListModel(this);
    auto *completer = new QCompleter(m_completions, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_edit->setCompleter(completer);
    connect(completer, qOverload<const QString &>(&QCompleter::activated), this, [this](const QString &text) {
        search();
        for (std::size_t i = 0; i < m_matches.size(); ++i)
            if (m_matches[i].text == text) {
                goTo(i);
                return;
            }
    });
    connect(m_edit, &QLineEdit::textEdited, this, &FindBar::search);
    connect(close, &QToolButton::clicked, this, &FindBar::closed);
    m_edit->installEventFilter(this);
    connect(scene->document(), &Document::changed, this, [this] {
        if (isVisible())
            search();
    });
}

std::vector<FindBar::Match> FindBar::matches(const Project &project, const QString &text) {
    std::vector<Match> out;
    const QString wanted = text.trimmed();
    if (wanted.isEmpty())
        return out;
    for (const auto &e : project.entities) {
        const QString name = QString::fromStdString(e.name);
        if (name.contains(wanted, Qt::CaseInsensitive))
            out.push_back({name, ObjectRef::entity(e.id)});
    }
    for (const auto &e : project.entities)
        addFields(out, QString::fromStdString(e.name), e.fields, wanted);
    return out;
}

QString FindBar::statusText() const { return m_status->text(); }

void FindBar::activate() {
    show();
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
    search();
}

void FindBar::search() {
    m_matches = matches(m_scene->document()->project(), m_edit->text());
    m_index = 0;
    m_shown = false;
    QStringList texts;
    for (const auto &m : m_matches)
        texts << m.text;
    m_completions->setStringList(texts);
    if (m_edit->text().trimmed().isEmpty())
        m_status->clear();
    else if (m_matches.empty())
        m_status->setText(tr("No match"));
    else
        m_status->setText(m_matches.size() == 1 ? tr("1 match") : tr("%1 matches").arg(m_matches.size()));
}

void FindBar::next() {
    if (m_matches.empty())
        return;
    goTo(m_shown ? (m_index + 1) % m_matches.size() : m_index);
}

void FindBar::previous() {
    if (m_matches.empty())
        return;
    goTo(m_shown ? (m_index + m_matches.size() - 1) % m_matches.size() : m_index);
}

void FindBar::goTo(std::size_t index) {
    m_index = index;
    m_shown = true;
    const Match &match = m_matches[index];
    m_scene->selectObject(match.object);
    const Document *document = m_scene->document();
    const Entity *owner = match.object.kind == ObjectRef::Kind::Field ? document->entityOfField(match.object.id)
                                                                      : document->project().findEntity(match.object.id);
    if (EntityItem *card = owner ? m_scene->cardOf(owner->id) : nullptr) {
        if (m_view->zoom() < kReadableZoom)
            m_view->setZoom(1.0);
        m_view->centerOn(card->sceneBoundingRect().center());
    }
    m_status->setText(tr("%1 of %2").arg(index + 1).arg(m_matches.size()));
}

bool FindBar::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            m_edit->completer()->popup()->hide();
            if (key->modifiers() & Qt::ShiftModifier)
                previous();
            else
                next();
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            emit closed();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace docshape::ui::canvas
