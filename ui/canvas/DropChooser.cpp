#include "canvas/DropChooser.h"

#include "document/RelationshipLabels.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QStyle>

#include <algorithm>

namespace docshape::ui::canvas {

namespace {
QString tr(const char *text) { return QCoreApplication::translate("DropChooser", text); }

// A menu sizes itself to its items, not to a section's text, so a title
// longer than every choice ("Reference CustomerAccount → Order") was cut
// off. The style draws a section's text inside the item's margins; the
// menu is made wide enough for that, with the menu's own frame and margins.
void addTitle(QMenu &menu, const QString &title) {
    menu.addSection(title);
    const QStyle *style = menu.style();
    const int frame = style->pixelMetric(QStyle::PM_MenuPanelWidth, nullptr, &menu);
    const int margin = style->pixelMetric(QStyle::PM_MenuHMargin, nullptr, &menu);
    const QMargins contents = menu.contentsMargins();
    // Room for the item's own text margins, which the styles keep below
    // an "M" on each side.
    const int textMargins = 2 * menu.fontMetrics().horizontalAdvance(QLatin1Char('M'));
    const int needed = menu.fontMetrics().horizontalAdvance(title) + textMargins + 2 * (frame + margin) +
                       contents.left() + contents.right();
    menu.setMinimumWidth(std::max(menu.minimumWidth(), needed));
}
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
    addTitle(menu, tr("%1 into %2").arg(childName, parentName));
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
                                                           const QString &childName, bool self) {
    QMenu menu(parent);
    menu.setObjectName(QStringLiteral("referenceChooser"));
    addTitle(menu, self ? tr("Reference %1 → itself (a tree)").arg(parentName)
                        : tr("Reference %1 → %2").arg(parentName, childName));
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
            if (self && (representation == Representation::Subset || representation == Representation::Bucket))
                continue;
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
