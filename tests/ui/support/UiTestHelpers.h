#pragma once

#include "core/Project.h"

#include <QString>
#include <QStringList>

#include <memory>

class QWidget;

#include <string>

namespace docshape::test {

// A small order model: Order and LineItem and Customer, with exact size
// parameters so that tests can compute expected BSON sizes by hand.
// - LineItem {name: string max 32, quantity: int}: 62 bytes at most as a
//   subdocument (4 + (1+4+1 + 4+32+1) + (1+8+1 + 4) + 1).
Project makeOrderModel();

// Shows the window and makes it the active one, so that its shortcuts
// answer keys; false when the platform would not.
bool showActive(QWidget &window);

// Clicks through the popup menus that open next (QMenu::exec), by action
// text, one entry per menu level; polls until each menu is there.
void chooseFromNextPopup(const QStringList &path);

// Whether every path entry was clicked since the last chooseFromNextPopup.
bool popupChoiceDone();

// What the message box answerNextBox answered said and offered.
struct SeenBox {
    QString text; // the text, a newline, the informative text
    QStringList buttons;
    bool answered = false;
};

// Answers the next message box (a modal one, polled for) by clicking the
// button named `button`, and records what the box said and offered; a box
// without that button is rejected.
std::shared_ptr<SeenBox> answerNextBox(const QString &button);

} // namespace docshape::test
