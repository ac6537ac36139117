#include "document/RelationshipLabels.h"

#include <QCoreApplication>

namespace docshape::ui {

namespace {
QString tr(const char *text) { return QCoreApplication::translate("RelationshipLabels", text); }
} // namespace

QString representationLabel(Representation representation) {
    switch (representation) {
    case Representation::EmbedOne: return tr("embedded subdocument");
    case Representation::EmbedArray: return tr("embedded array");
    case Representation::ReferenceFromChild: return tr("child holds parent id");
    case Representation::ReferenceArrayInParent: return tr("array of ids in parent");
    case Representation::TwoWay: return tr("two-way references");
    case Representation::Junction: return tr("junction collection");
    case Representation::Subset: return tr("subset");
    case Representation::ExtendedReference: return tr("extended reference");
    case Representation::Bucket: return tr("bucket");
    }
    return {};
}

QString cardinalityLabel(Cardinality cardinality) {
    switch (cardinality) {
    case Cardinality::OneToOne: return tr("one-to-one");
    case Cardinality::OneToFew: return tr("one-to-few");
    case Cardinality::OneToMany: return tr("one-to-many");
    case Cardinality::ManyToMany: return tr("many-to-many");
    }
    return {};
}

QString relationshipCommandText(const Project &project, const Relationship &r) {
    const Entity *parent = project.findEntity(r.parentId);
    const Entity *child = project.findEntity(r.childId);
    const QString p = parent ? QString::fromStdString(parent->name) : QString();
    const QString c = child ? QString::fromStdString(child->name) : QString();
    switch (r.representation) {
    case Representation::EmbedOne: return tr("Embed %1 in %2 as subdocument").arg(c, p);
    case Representation::EmbedArray: return tr("Embed %1 in %2 as array").arg(c, p);
    case Representation::Subset: return tr("Embed subset of %1 in %2").arg(c, p);
    case Representation::ExtendedReference: return tr("Extended reference from %1 to %2").arg(p, c);
    default:
        return tr("Reference %1 → %2 (%3)").arg(p, c, representationLabel(r.representation));
    }
}

} // namespace docshape::ui
