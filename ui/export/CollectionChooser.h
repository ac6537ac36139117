#pragma once

#include <QListWidget>
#include <QStringList>

#include <string>
#include <vector>

namespace docshape::ui {
class Document;
}

namespace docshape::ui::exporting {

// The document's collections, each with a check box: what a report or a
// diagram covers. All checked means all (an empty choice to the exporters).
class CollectionChooser : public QListWidget {
    Q_OBJECT

public:
    CollectionChooser(const Document &document, QWidget *parent = nullptr);

    // Checks the named collections, or all when `names` is empty.
    void choose(const QStringList &names);
    // The checked collections; empty when all are.
    QStringList chosen() const;
    std::vector<std::string> chosenNames() const;
    bool noneChosen() const;
};

} // namespace docshape::ui::exporting
