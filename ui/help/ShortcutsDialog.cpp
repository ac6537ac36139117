#include "help/ShortcutsDialog.h"
#include "PlainText.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace docshape::ui::help {

namespace {
QString plainText(const QAction *action) {
    QString text = action->text();
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

QString keysOf(const QAction *action) {
    QStringList keys;
    for (const QKeySequence &key : action->shortcuts())
        keys << key.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

void addRow(QTreeWidget *list, const QAction *action, const QString &where) {
    auto *item = new QTreeWidgetItem(list, {plainText(action), keysOf(action), where});
    item->setToolTip(0, plainToolTip(action->statusTip().isEmpty() ? action->toolTip() : action->statusTip()));
}

void addMenu(QTreeWidget *list, const QMenu *menu, const QString &path, QSet<const QAction *> &seen) {
    for (const QAction *action : menu->actions()) {
        if (action->isSeparator())
            continue;
        if (const QMenu *sub = action->menu()) {
            addMenu(list, sub, path + QStringLiteral(" > ") + plainText(action), seen);
            continue;
        }
        if (seen.contains(action) || action->shortcuts().isEmpty())
            continue;
        seen.insert(action);
        addRow(list, action, path);
    }
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QMainWindow *window) : QDialog(window) {
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("shortcutFilter"));
    m_filter->setPlaceholderText(tr("Filter by command or key"));
    m_filter->setClearButtonEnabled(true);

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("shortcutList"));
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("Command"), tr("Shortcut"), tr("Menu")});
    m_list->setAlternatingRowColors(true);

    QSet<const QAction *> seen;
    for (const QAction *action : window->menuBar()->actions())
        if (const QMenu *menu = action->menu())
            addMenu(m_list, menu, plainText(action), seen);
    // Shortcuts bound to a widget only (the canvas, a panel) are in no menu;
    // those of the window's other windows (the guide's Back) answer there.
    const QList<QAction *> all = window->findChildren<QAction *>();
    for (const QAction *action : all) {
        if (seen.contains(action) || action->shortcuts().isEmpty() || action->menu())
            continue;
        const QList<QObject *> owners = action->associatedObjects();
        const bool here = std::any_of(owners.begin(), owners.end(), [window](QObject *owner) {
            auto *widget = qobject_cast<QWidget *>(owner);
            return widget && widget->window() == window;
        });
        if (!here)
            continue;
        seen.insert(action);
        addRow(m_list, action, tr("(no menu)"));
    }
    for (int column = 0; column < m_list->columnCount(); ++column)
        m_list->resizeColumnToContents(column);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_filter, &QLineEdit::textChanged, this, &ShortcutsDialog::applyFilter);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(m_list);
    layout->addWidget(buttons);
    const int width = m_list->header()->length() + 2 * m_list->frameWidth() + 40;
    resize(qMax(520, width), 560);
}

void ShortcutsDialog::applyFilter(const QString &text) {
    const QString needle = text.trimmed();
    for (int row = 0; row < m_list->topLevelItemCount(); ++row) {
        QTreeWidgetItem *item = m_list->topLevelItem(row);
        const bool match = needle.isEmpty() || item->text(0).contains(needle, Qt::CaseInsensitive) ||
                           item->text(1).contains(needle, Qt::CaseInsensitive) ||
                           item->text(2).contains(needle, Qt::CaseInsensitive);
        item->setHidden(!match);
    }
}

} // namespace docshape::ui::help
