#include "inspector/EntityForm.h"

#include "Format.h"
#include "document/Document.h"
#include "inspector/EnumChoices.h"
#include "inspector/ShownName.h"
#include "PlainText.h"

#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace docshape::ui::inspector {

namespace {
using S = std::string;
QString qs(const std::string &s) { return QString::fromStdString(s); }
} // namespace

EntityForm::EntityForm(Document *document, QWidget *parent) : QWidget(parent), m_document(document) {
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_estimate = new QLabel(this);
    m_estimate->setWordWrap(true);
    // A label, not a button: "Embedded in OrderAggregate as lineItems"
    // wraps in a narrow dock where a button's text would be cut.
    m_embedding = new QLabel(this);
    m_embedding->setObjectName(QStringLiteral("embeddedIn"));
    m_embedding->setWordWrap(true);
    m_embedding->setTextFormat(Qt::RichText);
    layout->addWidget(m_title);
    layout->addWidget(m_estimate);
    layout->addWidget(m_embedding);

    m_form = new PropertyForm<Entity>(
        [this]() { return m_document->project().findEntity(m_entityId); },
        [this](const Entity &e, const QString &label, const QString &key, bool finished) {
            // A finished rename is its own step, saying from what to what.
            const Entity *current = m_document->project().findEntity(e.id);
            if (key == QStringLiteral("name") && current)
                return m_document->changeEntity(
                    e, tr("Rename entity %1 to %2").arg(qs(current->name), qs(e.name)), QString());
            return m_document->changeEntity(
                e, tr("Change %1 of %2").arg(label.toLower(), qs(e.name)), finished ? QString() : key);
        },
        this);
    auto *form = m_form;
    form->addName(tr("Name"), QStringLiteral("name"), [](const Entity &e) { return e.name; },
                  [](Entity &e, const S &v) { e.name = v; });
    form->addName(tr("Collection name"), QStringLiteral("collectionName"),
                  [](const Entity &e) { return e.collectionName; }, [](Entity &e, const S &v) { e.collectionName = v; });
    form->addLongText(tr("Description"), QStringLiteral("description"), [](const Entity &e) { return e.description; },
                      [](Entity &e, const S &v) { e.description = v; });
    form->addChoice<BsonType>(tr("_id type"), QStringLiteral("idType"), bsonTypeChoices,
                              [](const Entity &e) { return e.idType; }, [](Entity &e, BsonType t) { e.idType = t; });
    // An embedded entity's documents live inside another collection: its
    // variants still shape them, which is why the discriminator sits here
    // and not with the collection's volume.
    form->addText(tr("Discriminator"), QStringLiteral("discriminator"), [](const Entity &e) { return e.discriminator; },
                  [](Entity &e, const S &v) { e.discriminator = v; });

    form->addSection(tr("Volume"));
    form->addNumber(tr("Documents now"), QStringLiteral("count"), [](const Entity &e) { return e.count; },
                    [](Entity &e, double v) { e.count = v; });
    form->addNumber(tr("New per day"), QStringLiteral("growthPerDay"), [](const Entity &e) { return e.growthPerDay; },
                    [](Entity &e, double v) { e.growthPerDay = v; });
    form->addOptionalNumber(tr("Retention (days)"), QStringLiteral("retentionDays"),
                            [](const Entity &e) { return e.retentionDays; },
                            [](Entity &e, std::optional<double> v) { e.retentionDays = v; }, tr("kept forever"));
    form->addChoice<DeletionPolicy>(
        tr("Deletion"), QStringLiteral("deletion"),
        [] {
            return enumChoices({DeletionPolicy::Unspecified, DeletionPolicy::Restrict, DeletionPolicy::SoftDelete,
                                DeletionPolicy::Cascade, DeletionPolicy::AllowOrphans, DeletionPolicy::CleanupJob});
        },
        [](const Entity &e) { return e.deletion; }, [](Entity &e, DeletionPolicy p) { e.deletion = p; });
    form->addBool(tr("Tenant scoped"), QStringLiteral("tenantScoped"), [](const Entity &e) { return e.tenantScoped; },
                  [](Entity &e, bool on) { e.tenantScoped = on; });
    form->addOptionalNumber(
        tr("Schema version"), QStringLiteral("schemaVersion"),
        [](const Entity &e) { return e.schemaVersion ? std::optional<double>(*e.schemaVersion) : std::nullopt; },
        [](Entity &e, std::optional<double> v) {
            e.schemaVersion = v ? std::optional<int>(int(*v)) : std::nullopt;
        },
        tr("none"));

    form->addSection(tr("Validation"));
    form->addBool(tr("Closed shape"), QStringLiteral("closedShape"), [](const Entity &e) { return e.closedShape; },
                  [](Entity &e, bool on) { e.closedShape = on; });
    form->addChoice<ValidationLevel>(
        tr("Level"), QStringLiteral("validationLevel"),
        [] { return enumChoices({ValidationLevel::Strict, ValidationLevel::Moderate, ValidationLevel::Off}); },
        [](const Entity &e) { return e.validationLevel; }, [](Entity &e, ValidationLevel v) { e.validationLevel = v; });
    form->addChoice<ValidationAction>(
        tr("Action"), QStringLiteral("validationAction"),
        [] { return enumChoices({ValidationAction::Error, ValidationAction::Warn}); },
        [](const Entity &e) { return e.validationAction; },
        [](Entity &e, ValidationAction v) { e.validationAction = v; });

    form->addSection(tr("Time series"));
    form->addBool(tr("Time-series collection"), QStringLiteral("timeSeries"),
                  [](const Entity &e) { return e.timeSeries.has_value(); },
                  [](Entity &e, bool on) {
                      if (!on)
                          e.timeSeries.reset();
                      else if (!e.timeSeries)
                          e.timeSeries = TimeSeriesOptions{"timestamp", "", TimeSeriesGranularity::Seconds, {}};
                  });
    const auto ts = [](const Entity &e) { return e.timeSeries.has_value(); };
    form->addName(tr("Time field"), QStringLiteral("timeField"),
                  [](const Entity &e) { return e.timeSeries ? e.timeSeries->timeField : S(); },
                  [](Entity &e, const S &v) {
                      if (e.timeSeries)
                          e.timeSeries->timeField = v;
                  });
    form->addName(tr("Meta field"), QStringLiteral("metaField"),
                  [](const Entity &e) { return e.timeSeries ? e.timeSeries->metaField : S(); },
                  [](Entity &e, const S &v) {
                      if (e.timeSeries)
                          e.timeSeries->metaField = v;
                  });
    form->addChoice<TimeSeriesGranularity>(
        tr("Granularity"), QStringLiteral("granularity"),
        [] {
            return enumChoices({TimeSeriesGranularity::Seconds, TimeSeriesGranularity::Minutes,
                                TimeSeriesGranularity::Hours});
        },
        [](const Entity &e) { return e.timeSeries ? e.timeSeries->granularity : TimeSeriesGranularity::Seconds; },
        [](Entity &e, TimeSeriesGranularity g) {
            if (e.timeSeries)
                e.timeSeries->granularity = g;
        });
    form->addOptionalNumber(
        tr("Expire after (s)"), QStringLiteral("expireAfterSeconds"),
        [](const Entity &e) {
            return e.timeSeries && e.timeSeries->expireAfterSeconds
                       ? std::optional<double>(double(*e.timeSeries->expireAfterSeconds))
                       : std::nullopt;
        },
        [](Entity &e, std::optional<double> v) {
            if (e.timeSeries)
                e.timeSeries->expireAfterSeconds = v ? std::optional<std::int64_t>(std::int64_t(*v)) : std::nullopt;
        },
        tr("never"));
    const auto rootWithTimeSeries = [this, ts](const Entity &e) { return ts(e) && !m_document->embeddingOf(e.id); };
    for (const char *key : {"timeField", "metaField", "granularity", "expireAfterSeconds"})
        form->setVisibleWhen(QString::fromLatin1(key), rootWithTimeSeries);

    form->addSection(tr("Stated in the worksheet"));
    form->addOptionalNumber(tr("Expected document bytes"), QStringLiteral("statedDocumentBytes"),
                            [](const Entity &e) { return e.stated.documentBytes; },
                            [](Entity &e, std::optional<double> v) { e.stated.documentBytes = v; }, tr("not stated"));
    form->addOptionalNumber(tr("Expected largest array"), QStringLiteral("statedMaxArrayCount"),
                            [](const Entity &e) { return e.stated.maxArrayCount; },
                            [](Entity &e, std::optional<double> v) { e.stated.maxArrayCount = v; }, tr("not stated"));
    form->addText(tr("Atomic update boundary"), QStringLiteral("atomicUpdateBoundary"),
                  [](const Entity &e) { return e.stated.atomicUpdateBoundary; },
                  [](Entity &e, const S &v) { e.stated.atomicUpdateBoundary = v; });
    form->addLongText(tr("Notes"), QStringLiteral("notes"), [](const Entity &e) { return e.stated.notes; },
                      [](Entity &e, const S &v) { e.stated.notes = v; });
    // What the model reads only from the root of a collection (DeriveCollections,
    // the worksheet, the validator export): for an entity stored inside
    // another one's documents these rows would be edits without effect.
    const auto root = [this](const Entity &e) { return !m_document->embeddingOf(e.id); };
    for (const char *key : {"collectionName", "idType", "count", "growthPerDay", "retentionDays", "deletion",
                            "tenantScoped", "schemaVersion", "validationLevel", "validationAction", "timeSeries",
                            "statedDocumentBytes", "statedMaxArrayCount", "atomicUpdateBoundary"})
        form->setVisibleWhen(QString::fromLatin1(key), root);
    layout->addWidget(form);

    layout->addWidget(new QLabel(tr("<b>Fields</b>"), this));
    m_fields = new QListWidget(this);
    m_fields->setObjectName(QStringLiteral("entityFields"));
    m_fields->setMinimumHeight(120);
    layout->addWidget(m_fields);
    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add field"), this);
    auto *remove = new QPushButton(tr("Delete entity"), this);
    buttons->addWidget(add);
    buttons->addStretch();
    buttons->addWidget(remove);
    layout->addLayout(buttons);
    layout->addStretch();

    connect(m_fields, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        emit activate(ObjectRef::field(item->data(Qt::UserRole).toString().toStdString()));
    });
    connect(add, &QPushButton::clicked, this, [this] {
        const Entity *e = m_document->project().findEntity(m_entityId);
        if (!e)
            return;
        Field f;
        for (std::size_t i = e->fields.size() + 1;; ++i) {
            f.name = "field" + std::to_string(i);
            bool used = false;
            for (const auto &other : e->fields)
                used = used || other.name == f.name;
            if (!used)
                break;
        }
        f.avgBytes = 16;
        f.maxBytes = 64;
        auto id = m_document->addField(m_entityId, {}, f);
        if (id)
            emit activate(ObjectRef::field(*id));
    });
    connect(remove, &QPushButton::clicked, this, [this] { m_document->removeEntities({m_entityId}); });
    connect(m_embedding, &QLabel::linkActivated, this, [this] {
        if (const Relationship *r = m_document->embeddingOf(m_entityId))
            emit activate(ObjectRef::relationship(r->id));
    });
}

void EntityForm::setEntity(const std::string &entityId) {
    if (entityId != m_entityId)
        m_form->clearError();
    m_entityId = entityId;
    refresh();
}

void EntityForm::refresh() {
    const Entity *e = m_document->project().findEntity(m_entityId);
    if (!e)
        return;
    m_title->setText(tr("<h3>Entity %1</h3>").arg(shownName(e->name, m_title, 200, 1.2)));
    m_title->setToolTip(plainToolTip(qs(e->name)));
    if (const CollectionStat *stat = m_document->collectionStatOf(m_entityId)) {
        m_estimate->setText(tr("Stored in <b>%1</b>: average document %2, maximum %3, %4 documents now.")
                                .arg(shownName(stat->name, m_estimate, 200, 1.1), formatBytes(stat->avgDocumentBytes),
                                     formatMaxBytes(stat->maxDocumentBytes), formatCount(stat->documents)));
        m_estimate->setToolTip(
            plainToolTip(tr("average document %1, maximum %2")
                .arg(formatExactBytes(stat->avgDocumentBytes), formatExactMaxBytes(stat->maxDocumentBytes))));
    } else {
        m_estimate->clear();
        m_estimate->setToolTip(QString());
    }
    const Relationship *embedding = m_document->embeddingOf(m_entityId);
    m_embedding->setVisible(embedding != nullptr);
    if (embedding)
        if (const Entity *parent = m_document->project().findEntity(embedding->parentId))
            m_embedding->setText(
                tr("Embedded in <b>%1</b> as <b>%2</b> — <a href=\"relationship\">edit relationship</a>")
                    .arg(shownName(parent->name, m_embedding, 200, 1.1),
                         shownName(embedding->fieldName, m_embedding, 200, 1.1)));
    m_form->refresh();

    m_fields->clear();
    auto addRows = [this](auto &self, const std::vector<Field> &fields, int depth) -> void {
        for (const auto &f : fields) {
            const auto type = toString(f.type);
            auto *item = new QListWidgetItem(QString(depth * 4, QLatin1Char(' ')) + qs(f.name) + QStringLiteral("  : ") +
                                             QString::fromUtf8(type.data(), qsizetype(type.size())));
            item->setData(Qt::UserRole, qs(f.id));
            m_fields->addItem(item);
            self(self, f.fields, depth + 1);
        }
    };
    addRows(addRows, e->fields, 0);
}

} // namespace docshape::ui::inspector
