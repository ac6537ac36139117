#include "inspector/FieldForm.h"

#include "document/Document.h"
#include "inspector/EnumChoices.h"
#include "inspector/ShownName.h"

#include "derive/ValueLengths.h"
#include "PlainText.h"

#include <QHBoxLayout>
#include <QPushButton>
#include <QStringList>
#include <QVBoxLayout>

namespace docshape::ui::inspector {

namespace {
using S = std::string;

bool sized(const Field &f) {
    return hasByteLength(f.type) || (f.isArray() && hasByteLength(f.elementType));
}

std::string joinEnum(const std::vector<std::string> &values) {
    std::string out;
    for (const auto &v : values)
        out += (out.empty() ? "" : ", ") + v;
    return out;
}

// The model accepts constraints that allow less than the stated average
// (a maxLength of 2 characters under an average of 12 bytes) and derives the
// sizes with the average brought down to that maximum (DeriveCollections):
// the edit that does so says it, under the field edited.
QString averageCappedNote(const Field &f) {
    const BsonType type = f.isArray() ? f.elementType : f.type;
    if (!hasByteLength(type))
        return {};
    const ValueLengths lengths = valueLengths(f, type);
    if (!lengths.max || f.avgBytes <= double(*lengths.max))
        return {};
    const QString by = lengths.capBy == LengthCap::None ? PropertyForm<Field>::tr("maximum bytes")
                                                          : QString::fromLatin1(toString(lengths.capBy).data());
    return PropertyForm<Field>::tr("The average of %1 bytes is more than the %2 allows (%3 bytes): the estimates "
                                   "use %3 bytes.")
        .arg(QLocale::c().toString(f.avgBytes, 'g', 12), by, QString::number(*lengths.max));
}

std::vector<std::string> splitEnum(const std::string &text) {
    std::vector<std::string> out;
    for (const QString &part : QString::fromStdString(text).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString v = part.trimmed();
        if (!v.isEmpty())
            out.push_back(v.toStdString());
    }
    return out;
}
} // namespace

FieldForm::FieldForm(Document *document, QWidget *parent) : QWidget(parent), m_document(document) {
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);

    m_form = new PropertyForm<Field>(
        [this]() { return m_document->findField(m_fieldId); },
        [this](const Field &f, const QString &label, const QString &key, bool finished) {
            const Field *current = m_document->findField(f.id);
            // A finished rename is its own step, saying from what to what.
            if (key == QStringLiteral("name") && current)
                return m_document->changeField(f,
                                               tr("Rename field %1 to %2")
                                                   .arg(QString::fromStdString(current->name), QString::fromStdString(f.name)),
                                               QString());
            return m_document->changeField(
                f, tr("Change %1 of field %2").arg(label.toLower(), QString::fromStdString(f.name)),
                finished ? QString() : key);
        },
        this);
    auto *form = m_form;
    form->addName(tr("Name"), QStringLiteral("name"), [](const Field &f) { return f.name; },
                  [](Field &f, const S &v) { f.name = v; });
    form->addChoice<BsonType>(tr("Type"), QStringLiteral("type"), bsonTypeChoices,
                              [](const Field &f) { return f.type; }, [](Field &f, BsonType t) { f.type = t; });
    form->addBool(tr("Required"), QStringLiteral("required"), [](const Field &f) { return f.required; },
                  [](Field &f, bool on) {
                      f.required = on;
                      if (on)
                          f.presence = 1;
                  });
    form->addNumber(tr("Presence (0–1]"), QStringLiteral("presence"), [](const Field &f) { return f.presence; },
                    [](Field &f, double v) { f.presence = v; });
    form->setVisibleWhen(QStringLiteral("presence"), [](const Field &f) { return !f.required; });
    form->addNumber(tr("Stored null share"), QStringLiteral("nullFraction"),
                    [](const Field &f) { return f.nullFraction; }, [](Field &f, double v) { f.nullFraction = v; });

    form->addSection(tr("Size"));
    form->addNumber(tr("Average bytes"), QStringLiteral("avgBytes"), [](const Field &f) { return f.avgBytes; },
                    [](Field &f, double v) { f.avgBytes = v; });
    form->addCount(tr("Maximum bytes"), QStringLiteral("maxBytes"),
                   [](const Field &f) { return std::optional<std::uint64_t>(f.maxBytes); },
                   [](Field &f, std::optional<std::uint64_t> v) { f.maxBytes = v.value_or(0); });
    form->setVisibleWhen(QStringLiteral("avgBytes"), sized);
    form->setVisibleWhen(QStringLiteral("maxBytes"), sized);
    form->addText(tr("Regex options"), QStringLiteral("regexOptions"), [](const Field &f) { return f.details->regexOptions; },
                  [](Field &f, const S &v) { f.details.edit().regexOptions = v; });
    form->setVisibleWhen(QStringLiteral("regexOptions"), [](const Field &f) { return f.type == BsonType::Regex; });

    form->addSection(tr("Array"));
    const auto isArray = [](const Field &f) { return f.isArray(); };
    form->addChoice<BsonType>(tr("Element type"), QStringLiteral("elementType"), bsonTypeChoices,
                              [](const Field &f) { return f.elementType; },
                              [](Field &f, BsonType t) { f.elementType = t; });
    form->addNumber(tr("Average count"), QStringLiteral("avgCount"), [](const Field &f) { return f.avgCount; },
                    [](Field &f, double v) { f.avgCount = v; });
    form->addCount(tr("Maximum count"), QStringLiteral("maxCount"), [](const Field &f) { return f.maxCount; },
                   [](Field &f, std::optional<std::uint64_t> v) { f.maxCount = v; }, tr("unbounded"));
    form->addChoice<BoundEnforcer>(
        tr("Bound enforced by"), QStringLiteral("maxEnforcedBy"),
        [] { return enumChoices({BoundEnforcer::Nobody, BoundEnforcer::Ui, BoundEnforcer::Validator}); },
        [](const Field &f) { return f.maxEnforcedBy; }, [](Field &f, BoundEnforcer e) { f.maxEnforcedBy = e; });
    form->addBool(tr("Unique items"), QStringLiteral("uniqueItems"), [](const Field &f) { return f.uniqueItems; },
                  [](Field &f, bool on) { f.uniqueItems = on; });
    form->addNumber(tr("Distinct share"), QStringLiteral("distinctFraction"),
                    [](const Field &f) { return f.distinctFraction; },
                    [](Field &f, double v) { f.distinctFraction = v; });
    form->addNumber(tr("Growth per day"), QStringLiteral("countGrowthPerDay"),
                    [](const Field &f) { return f.countGrowthPerDay; },
                    [](Field &f, double v) { f.countGrowthPerDay = v; });
    form->addCount(tr("Minimum items"), QStringLiteral("minItems"), [](const Field &f) { return f.details->minItems; },
                   [](Field &f, std::optional<std::uint64_t> v) { f.details.edit().minItems = v; }, tr("none"));
    for (const char *key : {"elementType", "avgCount", "maxCount", "maxEnforcedBy", "uniqueItems",
                            "distinctFraction", "countGrowthPerDay", "minItems"})
        form->setVisibleWhen(QString::fromLatin1(key), isArray);

    // A map's keys (FORMAT.md, "Map keys"): each number edits the one map,
    // through the document like every other property.
    form->addSection(tr("Map"));
    const auto isMap = [](const Field &f) { return f.isMap(); };
    const auto mapOf = [](Field &f) -> MapKeys & { return *f.details.edit().map; };
    form->addChoice<MapKeyPattern>(
        tr("Keys"), QStringLiteral("mapKeys"),
        [] {
            return enumChoices({MapKeyPattern::Hex, MapKeyPattern::ObjectId, MapKeyPattern::Uuid, MapKeyPattern::Number,
                                MapKeyPattern::Date, MapKeyPattern::Regex});
        },
        [](const Field &f) { return f.details->map ? f.details->map->keys : MapKeyPattern::Hex; },
        [mapOf](Field &f, MapKeyPattern k) {
            if (f.details->map)
                mapOf(f).keys = k;
        });
    form->addText(tr("Key regex"), QStringLiteral("mapRegex"),
                  [](const Field &f) { return f.details->map ? f.details->map->regex : S(); },
                  [mapOf](Field &f, const S &v) {
                      if (f.details->map)
                          mapOf(f).regex = v;
                  });
    form->addNumber(tr("Average keys"), QStringLiteral("mapAvgKeys"),
                    [](const Field &f) { return f.details->map ? f.details->map->avgKeys : 0.0; },
                    [mapOf](Field &f, double v) {
                        if (f.details->map)
                            mapOf(f).avgKeys = v;
                    });
    form->addCount(tr("Maximum keys"), QStringLiteral("mapMaxKeys"),
                   [](const Field &f) {
                       return std::optional<std::uint64_t>(f.details->map ? f.details->map->maxKeys : 0);
                   },
                   [mapOf](Field &f, std::optional<std::uint64_t> v) {
                       if (f.details->map)
                           mapOf(f).maxKeys = v.value_or(0);
                   });
    form->addNumber(tr("Average key bytes"), QStringLiteral("mapAvgKeyBytes"),
                    [](const Field &f) { return f.details->map ? f.details->map->avgKeyBytes : 0.0; },
                    [mapOf](Field &f, double v) {
                        if (f.details->map)
                            mapOf(f).avgKeyBytes = v;
                    });
    form->addCount(tr("Maximum key bytes"), QStringLiteral("mapMaxKeyBytes"),
                   [](const Field &f) {
                       return std::optional<std::uint64_t>(f.details->map ? f.details->map->maxKeyBytes : 0);
                   },
                   [mapOf](Field &f, std::optional<std::uint64_t> v) {
                       if (f.details->map)
                           mapOf(f).maxKeyBytes = v.value_or(0);
                   });
    for (const char *key : {"mapKeys", "mapAvgKeys", "mapMaxKeys", "mapAvgKeyBytes", "mapMaxKeyBytes"})
        form->setVisibleWhen(QString::fromLatin1(key), isMap);
    form->setVisibleWhen(QStringLiteral("mapRegex"),
                         [](const Field &f) { return f.isMap() && f.details->map->keys == MapKeyPattern::Regex; });

    form->addSection(tr("Constraints"));
    form->addText(tr("Enum values"), QStringLiteral("enumValues"),
                  [](const Field &f) { return joinEnum(f.details->enumValues); },
                  [](Field &f, const S &v) { f.details.edit().enumValues = splitEnum(v); });
    form->addOptionalNumber(tr("Minimum"), QStringLiteral("minimum"), [](const Field &f) { return f.details->minimum; },
                            [](Field &f, std::optional<double> v) { f.details.edit().minimum = v; }, tr("none"));
    form->addOptionalNumber(tr("Maximum"), QStringLiteral("maximum"), [](const Field &f) { return f.details->maximum; },
                            [](Field &f, std::optional<double> v) { f.details.edit().maximum = v; }, tr("none"));
    form->addText(tr("Pattern"), QStringLiteral("pattern"), [](const Field &f) { return f.details->pattern.value_or(S()); },
                  [](Field &f, const S &v) {
                      if (v.empty())
                          f.details.edit().pattern.reset();
                      else
                          f.details.edit().pattern = v;
                  });
    form->addCount(tr("Minimum length"), QStringLiteral("minLength"), [](const Field &f) { return f.details->minLength; },
                   [](Field &f, std::optional<std::uint64_t> v) { f.details.edit().minLength = v; }, tr("none"));
    form->addCount(tr("Maximum length"), QStringLiteral("maxLength"), [](const Field &f) { return f.details->maxLength; },
                   [](Field &f, std::optional<std::uint64_t> v) { f.details.edit().maxLength = v; }, tr("none"));
    const auto numeric = [](const Field &f) { return isNumeric(f.type) || (f.isArray() && isNumeric(f.elementType)); };
    const auto stringy = [](const Field &f) {
        return f.type == BsonType::String || (f.isArray() && f.elementType == BsonType::String);
    };
    form->setVisibleWhen(QStringLiteral("minimum"), numeric);
    form->setVisibleWhen(QStringLiteral("maximum"), numeric);
    form->setVisibleWhen(QStringLiteral("pattern"), stringy);
    form->setVisibleWhen(QStringLiteral("minLength"), stringy);
    form->setVisibleWhen(QStringLiteral("maxLength"), stringy);

    form->addSection(tr("Duplication and computed values"));
    form->addChoice<S>(
        tr("Copied from"), QStringLiteral("duplicatedFrom"),
        [this] {
            std::vector<std::pair<S, QString>> out{{S(), tr("(not a copy)")}};
            for (const auto &e : m_document->project().entities)
                for (const auto &f : e.fields)
                    if (f.id != m_fieldId)
                        out.emplace_back(f.id, QString::fromStdString(e.name + "." + f.name));
            return out;
        },
        [](const Field &f) { return f.details->duplicatedFrom; }, [](Field &f, S v) { f.details.edit().duplicatedFrom = v; });
    form->addChoice<Duplication>(
        tr("Kept in step"), QStringLiteral("duplication"),
        [] {
            return enumChoices({Duplication::None, Duplication::Snapshot, Duplication::Synchronous,
                                Duplication::Eventual});
        },
        [](const Field &f) { return f.details->duplication; }, [](Field &f, Duplication d) { f.details.edit().duplication = d; });
    form->addText(tr("Owner / update path"), QStringLiteral("duplicationOwner"),
                  [](const Field &f) { return f.details->duplicationOwner; },
                  [](Field &f, const S &v) { f.details.edit().duplicationOwner = v; });
    form->addText(tr("Computed from"), QStringLiteral("computedFrom"), [](const Field &f) { return f.details->computedFrom; },
                  [](Field &f, const S &v) { f.details.edit().computedFrom = v; });
    form->addLongText(tr("Description"), QStringLiteral("description"),
                      [](const Field &f) { return f.details->description; },
                      [](Field &f, const S &v) { f.details.edit().description = v; });
    form->setNote(averageCappedNote);
    layout->addWidget(form);

    // Two rows: the owner's name is as long as users make it, and beside the
    // other buttons it would widen the dock.
    auto *ownerRow = new QHBoxLayout;
    m_owner = new QPushButton(tr("Entity"), this);
    m_owner->setObjectName(QStringLiteral("fieldOwner"));
    ownerRow->addWidget(m_owner);
    ownerRow->addStretch();
    layout->addLayout(ownerRow);
    auto *buttons = new QHBoxLayout;
    m_addSubfield = new QPushButton(tr("Add subfield"), this);
    m_remove = new QPushButton(tr("Delete field"), this);
    buttons->addStretch();
    buttons->addWidget(m_addSubfield);
    buttons->addWidget(m_remove);
    layout->addLayout(buttons);
    layout->addStretch();

    connect(m_owner, &QPushButton::clicked, this, [this] {
        if (const Entity *e = m_document->entityOfField(m_fieldId))
            emit activate(ObjectRef::entity(e->id));
    });
    connect(m_addSubfield, &QPushButton::clicked, this, [this] {
        const Entity *e = m_document->entityOfField(m_fieldId);
        const Field *parent = m_document->findField(m_fieldId);
        if (!e || !parent)
            return;
        Field f;
        f.name = "field" + std::to_string(parent->fields.size() + 1);
        auto id = m_document->addField(e->id, m_fieldId, f);
        if (id)
            emit activate(ObjectRef::field(*id));
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const Entity *e = m_document->entityOfField(m_fieldId);
        const std::string owner = e ? e->id : std::string();
        if (m_document->removeField(m_fieldId) && !owner.empty())
            emit activate(ObjectRef::entity(owner));
    });
}

void FieldForm::setField(const std::string &fieldId) {
    if (fieldId != m_fieldId) {
        m_form->clearError();
        m_form->choicesChanged(); // "Copied from" lists every field but this one
    }
    m_fieldId = fieldId;
    refresh();
}

void FieldForm::refresh() {
    const Field *f = m_document->findField(m_fieldId);
    const Entity *e = m_document->entityOfField(m_fieldId);
    if (!f || !e)
        return;
    m_title->setText(tr("<h3>Field %1</h3><span style='color:gray'>of %2</span>")
                         .arg(shownName(f->name, m_title, 200, 1.2), shownName(e->name, m_title, 200)));
    m_title->setToolTip(plainToolTip(QString::fromStdString(e->name + "." + f->name)));
    // Elided to what a narrow dock holds; the tooltip has it whole.
    const QString owner = tr("← %1").arg(QString::fromStdString(e->name));
    m_owner->setText(m_owner->fontMetrics().elidedText(owner, Qt::ElideMiddle, 220));
    m_owner->setToolTip(plainToolTip(owner));
    // A map holds one value, not named keys.
    m_addSubfield->setVisible((f->isObject() && !f->isMap()) || f->elementIsObject());
    m_form->refresh();
}

} // namespace docshape::ui::inspector
