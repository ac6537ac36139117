#pragma once

#include <QString>

class QLabel;
class QWidget;

// Text from a model (names, descriptions, messages that quote them) is shown
// as typed. Qt reads a label's, a tooltip's or a message box's text as rich
// text when it looks like markup, so a name like "<img src=…>" would be
// rendered, not shown: these are the one way such text reaches those
// widgets.
namespace docshape::ui {

// A tooltip that shows `text` as typed, line breaks kept.
QString plainToolTip(const QString &text);

// A label that shows its text as typed.
QLabel *plainLabel(QWidget *parent);

// A warning box whose message is shown as typed.
void warnPlain(QWidget *parent, const QString &title, const QString &text);

} // namespace docshape::ui
