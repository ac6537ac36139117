#include "inspector/RelationshipForm.h"

#include "document/Document.h"
#include "document/RelationshipLabels.h"

#include "edit/RelationshipDefaults.h"
#include "inspector/EnumChoices.h"
#include "inspector/ShownName.h"
#include "PlainText.h"

#include <QHBoxLayout>

#include <algorithm>
#include <QPushButton>
#include <QVBoxLayout>

namespace docshape::ui::inspector {

namespace {
using S = std::string;
using R = Representation;
QString qs(const std::string &s) { return QString::fromStdString(s); }

bool uses(R r, std::initializer_list<R> set) { return std::find(set.begin(), set.end(), r) != set.end(); }
} // namespace

RelationshipForm::RelationshipForm(Document *document, QWidget *parent)
    : QWidget(parent), m_document(document) {
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);

    m_form = new PropertyForm<Relationship>(
        [this]() { return m_document->project().findRelationship(m_relationshipId); },
        [this](const Relationship &r, const QString &label, const QString &key, bool finished) {
            return m_document->changeRelationship(r, tr("Change %1 of relationship").arg(label.toLower()),
                                                  finished ? QString() : key);
        },
        this);
    auto *form = m_form;
    auto entities = [this] {
        std::vector<std::pair<S, QString>> out;
        for (const auto &e : m_document->project().entities)
            out.emplace_back(e.id, qs(e.name));
        return out;
    };
    form->addName(tr("Name"), QStringLiteral("name"), [](const Relationship &r) { return r.name; },
                  [](Relationship &r, const S &v) { r.name = v; });
    form->addChoice<S>(tr("Parent"), QStringLiteral("parentId"), entities,
                       [](const Relationship &r) { return r.parentId; }, [](Relationship &r, S v) { r.parentId = v; });
    form->addChoice<S>(tr("Child"), QStringLiteral("childId"), entities,
                       [](const Relationship &r) { return r.childId; }, [](Relationship &r, S v) { r.childId = v; });
    form->addChoice<Cardinality>(
        tr("Cardinality"), QStringLiteral("cardinality"),
        [] {
            std::vector<std::pair<Cardinality, QString>> out;
            for (Cardinality c : {Cardinality::OneToOne, Cardinality::OneToFew, Cardinality::OneToMany,
                                  Cardinality::ManyToMany})
                out.emplace_back(c, cardinalityLabel(c));
            return out;
        },
        [](const Relationship &r) { return r.cardinality; }, [](Relationship &r, Cardinality c) { r.cardinality = c; });
    form->addChoice<R>(
        tr("Representation"), QStringLiteral("representation"),
        [] {
            std::vector<std::pair<R, QString>> out;
            for (R r : {R::EmbedOne, R::EmbedArray, R::ReferenceFromChild, R::ReferenceArrayInParent, R::TwoWay,
                        R::Junction, R::Subset, R::ExtendedReference, R::Bucket})
                out.emplace_back(r, representationLabel(r));
            return out;
        },
        [](const Relationship &r) { return r.representation; },
        [this](Relationship &r, R v) {
            // New field names to go with the new representation.
            r = edit::reshapeRelationship(m_document->project(), r, r.parentId, v);
        });

    form->addSection(tr("Children per parent"));
    // The share of parents that hold the embedded field; avgChildren stays
    // an average over every parent.
    form->addNumber(tr("Presence (0–1]"), QStringLiteral("presence"), [](const Relationship &r) { return r.presence; },
                    [](Relationship &r, double v) { r.presence = v; });
    form->addNumber(tr("Average"), QStringLiteral("avgChildren"), [](const Relationship &r) { return r.avgChildren; },
                    [](Relationship &r, double v) { r.avgChildren = v; });
    form->addCount(tr("Maximum"), QStringLiteral("maxChildren"), [](const Relationship &r) { return r.maxChildren; },
                   [](Relationship &r, std::optional<std::uint64_t> v) { r.maxChildren = v; }, tr("unbounded"));
    form->addChoice<BoundEnforcer>(
        tr("Maximum enforced by"), QStringLiteral("maxEnforcedBy"),
        [] { return enumChoices({BoundEnforcer::Nobody, BoundEnforcer::Ui, BoundEnforcer::Validator}); },
        [](const Relationship &r) { return r.maxEnforcedBy; },
        [](Relationship &r, BoundEnforcer e) { r.maxEnforcedBy = e; });
    form->addNumber(tr("Growth per parent per day"), QStringLiteral("growthPerParentPerDay"),
                    [](const Relationship &r) { return r.growthPerParentPerDay; },
                    [](Relationship &r, double v) { r.growthPerParentPerDay = v; });
    form->addBool(tr("Child always has a parent"), QStringLiteral("parentRequired"),
                  [](const Relationship &r) { return r.parentRequired; },
                  [](Relationship &r, bool on) { r.parentRequired = on; });

    form->addSection(tr("Storage"));
    form->addName(tr("Field name"), QStringLiteral("fieldName"), [](const Relationship &r) { return r.fieldName; },
                  [](Relationship &r, const S &v) { r.fieldName = v; });
    form->addName(tr("Back field name"), QStringLiteral("backFieldName"),
                  [](const Relationship &r) { return r.backFieldName; },
                  [](Relationship &r, const S &v) { r.backFieldName = v; });
    form->addName(tr("Collection name"), QStringLiteral("junctionName"),
                  [](const Relationship &r) { return r.junctionName; },
                  [](Relationship &r, const S &v) { r.junctionName = v; });
    form->addCount(tr("Subset size"), QStringLiteral("subsetCount"),
                   [](const Relationship &r) { return std::optional<std::uint64_t>(r.subsetCount); },
                   [](Relationship &r, std::optional<std::uint64_t> v) { r.subsetCount = v.value_or(0); });
    form->addCount(tr("Bucket size"), QStringLiteral("bucketSize"),
                   [](const Relationship &r) { return std::optional<std::uint64_t>(r.bucketSize); },
                   [](Relationship &r, std::optional<std::uint64_t> v) { r.bucketSize = v.value_or(0); });
    form->addText(
        tr("Copied fields"), QStringLiteral("copiedFieldIds"),
        [this](const Relationship &r) {
            S out;
            for (const auto &id : r.copiedFieldIds) {
                const Field *f = m_document->findField(id);
                out += (out.empty() ? "" : ", ") + (f ? f->name : id);
            }
            return out;
        },
        [this](Relationship &r, const S &text) {
            // Names of the child's fields, comma separated; an unknown name
            // stays as typed so that the validator names it.
            r.copiedFieldIds.clear();
            const Entity *child = m_document->project().findEntity(r.childId);
            for (const QString &part : qs(text).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                const S name = part.trimmed().toStdString();
                S id = name;
                if (child)
                    for (const auto &f : child->fields)
                        if (f.name == name)
                            id = f.id;
                if (!name.empty())
                    r.copiedFieldIds.push_back(id);
            }
        });
    form->addChoice<Duplication>(
        tr("Copies kept in step"), QStringLiteral("copySemantics"),
        [] {
            return enumChoices({Duplication::None, Duplication::Snapshot, Duplication::Synchronous,
                                Duplication::Eventual});
        },
        [](const Relationship &r) { return r.copySemantics; }, [](Relationship &r, Duplication d) { r.copySemantics = d; });
    form->addText(tr("Copies owner / update path"), QStringLiteral("copyOwner"),
                  [](const Relationship &r) { return r.copyOwner; }, [](Relationship &r, const S &v) { r.copyOwner = v; });
    form->setVisibleWhen(QStringLiteral("fieldName"),
                         [](const Relationship &r) { return r.representation != R::Junction && r.representation != R::Bucket; });
    form->setVisibleWhen(QStringLiteral("backFieldName"),
                         [](const Relationship &r) { return uses(r.representation, {R::TwoWay, R::Subset, R::Bucket}); });
    form->setVisibleWhen(QStringLiteral("junctionName"),
                         [](const Relationship &r) { return uses(r.representation, {R::Junction, R::Bucket}); });
    form->setVisibleWhen(QStringLiteral("presence"),
                         [](const Relationship &r) { return uses(r.representation, {R::EmbedOne, R::EmbedArray}); });
    form->setVisibleWhen(QStringLiteral("subsetCount"), [](const Relationship &r) { return r.representation == R::Subset; });
    form->setVisibleWhen(QStringLiteral("bucketSize"), [](const Relationship &r) { return r.representation == R::Bucket; });
    const auto copies = [](const Relationship &r) { return uses(r.representation, {R::Subset, R::ExtendedReference}); };
    form->setVisibleWhen(QStringLiteral("copiedFieldIds"), copies);
    form->setVisibleWhen(QStringLiteral("copySemantics"), copies);
    form->setVisibleWhen(QStringLiteral("copyOwner"), copies);
    layout->addWidget(form);

    auto *buttons = new QHBoxLayout;
    auto *parentButton = new QPushButton(tr("Parent"), this);
    auto *childButton = new QPushButton(tr("Child"), this);
    auto *remove = new QPushButton(tr("Delete relationship"), this);
    buttons->addWidget(parentButton);
    buttons->addWidget(childButton);
    buttons->addStretch();
    layout->addLayout(buttons);
    // On a row of its own, so that the three fit a narrow dock.
    auto *removeRow = new QHBoxLayout;
    removeRow->addStretch();
    removeRow->addWidget(remove);
    layout->addLayout(removeRow);
    layout->addStretch();
    connect(parentButton, &QPushButton::clicked, this, [this] {
        if (const Relationship *r = m_document->project().findRelationship(m_relationshipId))
            emit activate(ObjectRef::entity(r->parentId));
    });
    connect(childButton, &QPushButton::clicked, this, [this] {
        if (const Relationship *r = m_document->project().findRelationship(m_relationshipId))
            emit activate(ObjectRef::entity(r->childId));
    });
    connect(remove, &QPushButton::clicked, this, [this] { m_document->removeRelationship(m_relationshipId); });
}

void RelationshipForm::setRelationship(const std::string &relationshipId) {
    if (relationshipId != m_relationshipId)
        m_form->clearError();
    m_relationshipId = relationshipId;
    refresh();
}

void RelationshipForm::refresh() {
    const Relationship *r = m_document->project().findRelationship(m_relationshipId);
    if (!r)
        return;
    const Entity *parent = m_document->project().findEntity(r->parentId);
    const Entity *child = m_document->project().findEntity(r->childId);
    m_title->setText(tr("<h3>%1 → %2</h3><span style='color:gray'>%3, %4</span>")
                         .arg(parent ? shownName(parent->name, m_title, 110, 1.2) : QString(),
                              child ? shownName(child->name, m_title, 110, 1.2) : QString(),
                              cardinalityLabel(r->cardinality), representationLabel(r->representation)));
    m_title->setToolTip(plainToolTip(QStringLiteral("%1 → %2").arg(parent ? qs(parent->name) : QString(),
                                                      child ? qs(child->name) : QString())));
    m_form->refresh();
}

} // namespace docshape::ui::inspector
