#include "PlainText.h"

#include <QLabel>
#include <QMessageBox>
#include <QTextDocument>

namespace docshape::ui {

QString plainToolTip(const QString &text) {
    if (!Qt::mightBeRichText(text))
        return text;
    // Escaped and wrapped, it is rich text whose rendering is the text.
    return QStringLiteral("<p style='white-space:pre-wrap'>") + text.toHtmlEscaped() + QStringLiteral("</p>");
}

QLabel *plainLabel(QWidget *parent) {
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText);
    return label;
}

void warnPlain(QWidget *parent, const QString &title, const QString &text) {
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
    box.setTextFormat(Qt::PlainText);
    box.exec();
}

} // namespace docshape::ui
