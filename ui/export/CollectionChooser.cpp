#include "export/CollectionChooser.h"

#include "document/Document.h"

namespace docshape::ui::exporting {

CollectionChooser::CollectionChooser(const Document &document, QWidget *parent) : QListWidget(parent) {
    for (const auto &stat : document.analysis().collections) {
        auto *item = new QListWidgetItem(QString::fromStdString(stat.name), this);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    setMaximumHeight(140);
}

void CollectionChooser::choose(const QStringList &names) {
    if (names.isEmpty()) {
        for (int i = 0; i < count(); ++i)
            item(i)->setCheckState(Qt::Checked);
        return;
    }
    bool any = false;
    for (int i = 0; i < count(); ++i)
        any = any || names.contains(item(i)->text());
    // Remembered names the model no longer has: start again from all.
    if (!any) {
        choose({});
        return;
    }
    for (int i = 0; i < count(); ++i)
        item(i)->setCheckState(names.contains(item(i)->text()) || names.contains(item(i)->text()) ? Qt::Checked : Qt::Unchecked);
}

QStringList CollectionChooser::chosen() const {
    QStringList names;
    bool all = true;
    for (int i = 0; i < count(); ++i) {
        if (item(i)->checkState() == Qt::Checked)
            names << item(i)->text();
        else
            all = false;
    }
    return all ? QStringList() : names;
}

std::vector<std::string> CollectionChooser::chosenNames() const {
    std::vector<std::string> out;
    for (const QString &name : chosen())
        out.push_back(name.toStdString());
    return out;
}

bool CollectionChooser::noneChosen() const {
    for (int i = 0; i < count(); ++i)
        if (item(i)->checkState() == Qt::Checked)
            return false;
    return true;
}

} // namespace docshape::ui::exporting
