#pragma once

#include <QStyledItemDelegate>

namespace docshape::ui {
class Document;
}

namespace docshape::ui::panels {

// Editors of the access-pattern table: choices for entity, kind and
// operation; a line edit with completion over the collection's dotted
// paths for the field columns (equality, sort, range, fields returned).
class AccessPatternDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    AccessPatternDelegate(Document *document, QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

private:
    Document *m_document;
};

} // namespace docshape::ui::panels
