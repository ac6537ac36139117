#include "ApplicationShortcuts.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace docshape::ui {

namespace {

bool isTextBox(const QObject *object) {
    return qobject_cast<const QLineEdit *>(object) || qobject_cast<const QAbstractSpinBox *>(object) ||
           qobject_cast<const QTextEdit *>(object) || qobject_cast<const QPlainTextEdit *>(object) ||
           qobject_cast<const QComboBox *>(object);
}

// The keys a text box keeps even when an action of the window has them.
bool editingKey(const QKeySequence &pressed) {
    for (auto key : {QKeySequence::Undo, QKeySequence::Redo, QKeySequence::Cut, QKeySequence::Copy, QKeySequence::Paste,
                     QKeySequence::SelectAll, QKeySequence::Delete, QKeySequence::Backspace,
                     QKeySequence::DeleteStartOfWord, QKeySequence::DeleteEndOfWord, QKeySequence::MoveToNextWord,
                     QKeySequence::MoveToPreviousWord, QKeySequence::SelectNextWord,
                     QKeySequence::SelectPreviousWord})
        if (QKeySequence::keyBindings(key).contains(pressed))
            return true;
    return false;
}

} // namespace

ApplicationShortcuts::ApplicationShortcuts(QWidget *window) : QObject(window), m_window(window) {
    qApp->installEventFilter(this);
}

bool ApplicationShortcuts::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() != QEvent::ShortcutOverride || !isTextBox(watched))
        return false;
    auto *widget = static_cast<QWidget *>(watched);
    if (widget->window() != m_window)
        return false;
    const auto *key = static_cast<QKeyEvent *>(event);
    if (!(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier)))
        return false;
    const QKeySequence pressed(key->keyCombination());
    if (editingKey(pressed))
        return false;
    for (const QAction *action : m_window->findChildren<QAction *>())
        if (action->isEnabled() && action->shortcuts().contains(pressed)) {
            // Not accepted: the shortcut map delivers the key to the action.
            event->ignore();
            return true;
        }
    return false;
}

} // namespace docshape::ui
