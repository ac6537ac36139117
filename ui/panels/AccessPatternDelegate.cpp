#include "panels/AccessPatternDelegate.h"

#include "document/Document.h"
#include "panels/AccessPatternModel.h"
#include "panels/PathCompleter.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QCoreApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QTimer>

namespace docshape::ui::panels {

namespace {
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// Enter on a completion takes it and finishes the cell, as Enter does
// without the popup: the completer's popup eats that Enter, which left the
// cell open until a second one.
class CommitOnCompletion : public QObject {
public:
    CommitOnCompletion(QLineEdit *edit, QWidget *popup) : QObject(edit), m_edit(edit) { popup->installEventFilter(this); }
    bool eventFilter(QObject *, QEvent *event) override {
        if (event->type() != QEvent::KeyPress)
            return false;
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter)
            // After the completer has put the completion in the editor.
            QTimer::singleShot(0, m_edit, [edit = m_edit, key] {
                QKeyEvent press(QEvent::KeyPress, key, Qt::NoModifier);
                QCoreApplication::sendEvent(edit, &press);
            });
        return false;
    }

private:
    QLineEdit *m_edit;
};
} // namespace

AccessPatternDelegate::AccessPatternDelegate(Document *document, QObject *parent)
    : QStyledItemDelegate(parent), m_document(document) {}

QWidget *AccessPatternDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                             const QModelIndex &index) const {
    switch (index.column()) {
    case AccessPatternModel::Entity: {
        auto *combo = new QComboBox(parent);
        for (const auto &e : m_document->project().entities)
            combo->addItem(qs(e.name), qs(e.id));
        return combo;
    }
    case AccessPatternModel::Kind: {
        auto *combo = new QComboBox(parent);
        for (AccessKind k : {AccessKind::Read, AccessKind::Write})
            combo->addItem(qs(toString(k)), qs(toString(k)));
        return combo;
    }
    case AccessPatternModel::Operation: {
        auto *combo = new QComboBox(parent);
        for (Operation o : {Operation::FindOneById, Operation::FindMany, Operation::Aggregate, Operation::Insert,
                            Operation::Update, Operation::Delete})
            combo->addItem(qs(toString(o)), qs(toString(o)));
        return combo;
    }
    default: break;
    }
    QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
    if (auto *edit = qobject_cast<QLineEdit *>(editor); edit && AccessPatternModel::isFieldColumn(index.column())) {
        auto *completer = new PathCompleter(index.data(AccessPatternModel::CompletionRole).toStringList(), edit);
        edit->setCompleter(completer);
        new CommitOnCompletion(edit, completer->popup());
        edit->setPlaceholderText(tr("dotted paths, comma-separated"));
    }
    return editor;
}

void AccessPatternDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const {
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        const QString current = index.column() == AccessPatternModel::Entity
                                    ? index.data(AccessPatternModel::EntityIdRole).toString()
                                    : index.data(Qt::EditRole).toString();
        combo->setCurrentIndex(std::max(0, combo->findData(current)));
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void AccessPatternDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const {
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        model->setData(index, combo->currentData(), Qt::EditRole);
        return;
    }
    QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace docshape::ui::panels
