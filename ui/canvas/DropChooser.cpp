#include "canvas/DropChooser.h"

#include "document/RelationshipLabels.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>

namespace docshape::ui::canvas {

namespace {
QString tr(const char *text) { return QCoreApplication::translate("DropChooser", text); }
} // namespace

QString DropChooser::embedOneText() { return tr("Embed as one subdocument"); }
QString DropChooser::embedArrayText() { return tr("Embed as array"); }
QString DropChooser::subsetText() { return tr("Subset (newest embedded, all referenced)"); }
QString DropChooser::extendedReferenceText() { return tr("Extended reference (copy some fields)"); }

std::optional<Representation> DropChooser::chooseEmbedding(QWidget *parent, QPoint globalPos,
                                                           const QString &childName,
                                                           const QString &parentName) {
    QMenu menu(parent);
    menu.setObjectName(QStringLiteral("dropChooser"));
    menu.addSection(tr("%1 into %2").arg(childName, parentName));
    const std::pair<QString, Representation> choices[] = {
        {embedOneText(), Representation::EmbedOne},
        {embedArrayText(), Representation::EmbedArray},
        {subsetText(), Representation::Subset},
        {extendedReferenceText(), Representation::ExtendedReference},
    };
    for (const auto &[text, representation] : choices)
        menu.addAction(text)->setData(int(representation));
    menu.addSeparator();
    menu.addAction(tr("Cancel"));
    QAction *chosen = menu.exec(globalPos);
    if (!chosen || !chosen->data().isValid())
        return std::nullopt;
    return Representation(chosen->data().toInt());
}

std::optional<RelationChoice> DropChooser::chooseReference(QWidget *parent, QPoint globalPos,
                                                           const QString &parentName,
                                                           const QString &childName) {
    QMenu menu(parent);
    menu.setObjectName(QStringLiteral("referenceChooser"));
    menu.addSection(tr("Reference %1 → %2").arg(parentName, childName));
    const std::pair<Cardinality, std::vector<Representation>> groups[] = {
        {Cardinality::OneToOne,
         {Representation::ReferenceFromChild, Representation::ExtendedReference}},
        {Cardinality::OneToFew,
         {Representation::ReferenceFromChild, Representation::ReferenceArrayInParent,
          Representation::TwoWay}},
        {Cardinality::OneToMany,
         {Representation::ReferenceFromChild, Representation::ReferenceArrayInParent,
          Representation::TwoWay, Representation::Subset, Representation::Bucket}},
        {Cardinality::ManyToMany,
         {Representation::ReferenceArrayInParent, Representation::TwoWay, Representation::Junction}},
    };
    for (const auto &[cardinality, representations] : groups) {
        QMenu *sub = menu.addMenu(cardinalityLabel(cardinality));
        sub->setObjectName(QStringLiteral("cardinality-") + cardinalityLabel(cardinality));
        for (Representation representation : representations) {
            QAction *a = sub->addAction(representationLabel(representation));
            a->setData(QVariantList{int(cardinality), int(representation)});
        }
    }
    menu.addSeparator();
    menu.addAction(tr("Cancel"));
    QAction *chosen = menu.exec(globalPos);
    if (!chosen || !chosen->data().isValid())
        return std::nullopt;
    const QVariantList data = chosen->data().toList();
    return RelationChoice{Cardinality(data.at(0).toInt()), Representation(data.at(1).toInt())};
}

} // namespace docshape::ui::canvas
