#include "indexes/IndexEditor.h"

#include "document/Document.h"
#include "panels/FieldPaths.h"
#include "panels/PathCompleter.h"

#include "derive/DeriveCollections.h"
#include "derive/IndexRules.h"
#include "edit/IndexKeysText.h"
#include "export/ExtendedJson.h"
#include "PlainText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStringListModel>
#include <QVBoxLayout>

#include <limits>

namespace docshape::ui::indexes {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }

// The member of IndexSpec a validateProject error is about, from its JSON
// path ("$.indexes[3].keys[0].kind" is about the keys).
std::string memberOfPath(const std::string &where) {
    for (const char *member : {"keys", "name", "partialSelectivity", "partialFilter", "expireAfterSeconds", "collation",
                               "unique", "sparse"})
        if (where == member || where.find(std::string(".") + member) != std::string::npos)
            return member == std::string("partialSelectivity") ? "partialFilter" : member;
    return "keys";
}

constexpr int kMaxTtlSeconds = std::numeric_limits<std::int32_t>::max(); // the server's bound, index_key_validate.cpp
} // namespace

IndexEditor::IndexEditor(Document *document, QWidget *parent) : QWidget(parent), m_document(document) {
    setObjectName(QStringLiteral("indexEditor"));
    m_collection = new QComboBox(this);
    m_collection->setObjectName(QStringLiteral("indexCollection"));
    m_collection->setToolTip(tr("The collection the index is built on (chosen when the index is added)"));
    m_keys = new QLineEdit(this);
    m_keys->setObjectName(QStringLiteral("indexKeys"));
    m_keys->setPlaceholderText(tr("email: 1, createdAt: -1"));
    m_keys->setToolTip(plainToolTip(tr("The key pattern in order, as mongosh writes it without braces: path: kind, where kind "
                          "is 1 (ascending), -1 (descending), text, 2dsphere, 2d or hashed. A bare path is "
                          "ascending, -path descending. Paths complete from the collection's documents.")));
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("indexName"));
    m_name->setToolTip(tr("Empty: the server's default name, the keys joined as path_kind"));
    m_unique = new QCheckBox(tr("Unique"), this);
    m_unique->setObjectName(QStringLiteral("indexUnique"));
    m_unique->setToolTip(tr("The server refuses a second document with the same key values"));
    m_sparse = new QCheckBox(tr("Sparse"), this);
    m_sparse->setObjectName(QStringLiteral("indexSparse"));
    m_sparse->setToolTip(tr("Documents without the indexed fields get no entry"));
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("indexPartialFilter"));
    m_filter->setPlaceholderText(tr("{\"status\": \"active\"}"));
    m_filter->setToolTip(plainToolTip(tr("partialFilterExpression in Extended JSON: only matching documents get entries. "
                            "Equality, $exists: true, $gt, $gte, $lt, $lte, $type, $in, and $and / $or at the top.")));
    m_selectivity = new QDoubleSpinBox(this);
    m_selectivity->setObjectName(QStringLiteral("indexSelectivity"));
    m_selectivity->setRange(0.0001, 1);
    m_selectivity->setDecimals(4);
    m_selectivity->setSingleStep(0.05);
    m_selectivity->setToolTip(tr("The share of documents the partial filter matches, for the entry estimate"));
    m_ttl = new QCheckBox(tr("Expire after"), this);
    m_ttl->setObjectName(QStringLiteral("indexTtl"));
    m_ttl->setToolTip(tr("A TTL index: the server deletes documents this many seconds after the indexed date"));
    m_ttlSeconds = new QSpinBox(this);
    m_ttlSeconds->setObjectName(QStringLiteral("indexTtlSeconds"));
    m_ttlSeconds->setRange(0, kMaxTtlSeconds);
    m_ttlSeconds->setSuffix(tr(" s"));
    m_locale = new QLineEdit(this);
    m_locale->setObjectName(QStringLiteral("indexCollationLocale"));
    m_locale->setPlaceholderText(tr("none (binary comparison)"));
    m_locale->setToolTip(tr("A collation locale such as en or fr_CA; empty for none"));
    m_strength = new QSpinBox(this);
    m_strength->setObjectName(QStringLiteral("indexCollationStrength"));
    m_strength->setRange(1, 5);
    m_strength->setPrefix(tr("strength "));
    for (QSpinBox *box : {m_ttlSeconds, m_strength})
        box->setKeyboardTracking(false);
    m_selectivity->setKeyboardTracking(false);

    auto *form = new QFormLayout(this);
    form->setContentsMargins(4, 4, 4, 4);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto row = [&](const QString &label, QWidget *field, const std::string &member, QWidget *extra = nullptr) {
        auto *reason = new QLabel(this);
        reason->setObjectName(QStringLiteral("indexReason_") + qs(member));
        reason->setWordWrap(true);
        reason->hide();
        m_reasons[member] = reason;
        auto *box = new QVBoxLayout;
        box->setSpacing(1);
        auto *line = new QHBoxLayout;
        line->addWidget(field, 1);
        if (extra)
            line->addWidget(extra);
        box->addLayout(line);
        box->addWidget(reason);
        form->addRow(label, box);
    };
    form->addRow(tr("Collection"), m_collection);
    row(tr("Keys"), m_keys, "keys");
    row(tr("Name"), m_name, "name");
    auto *flags = new QWidget(this);
    auto *flagsLayout = new QHBoxLayout(flags);
    flagsLayout->setContentsMargins(0, 0, 0, 0);
    flagsLayout->addWidget(m_unique);
    flagsLayout->addWidget(m_sparse);
    flagsLayout->addStretch(1);
    row(tr("Options"), flags, "unique");
    m_reasons["sparse"] = m_reasons["unique"];
    row(tr("Partial filter"), m_filter, "partialFilter", m_selectivity);
    row(tr("TTL"), m_ttl, "expireAfterSeconds", m_ttlSeconds);
    row(tr("Collation"), m_locale, "collation", m_strength);

    for (QLineEdit *edit : {m_keys, m_name, m_filter, m_locale})
        edit->installEventFilter(this);

    connect(m_keys, &QLineEdit::editingFinished, this, [this] {
        if (m_loading)
            return;
        auto keys = edit::parseIndexKeys(m_keys->text().toStdString());
        if (!keys) {
            showReasons(current(), "keys", qs(keys.error().toString()));
            return;
        }
        IndexSpec next = current();
        next.keys = *keys;
        commit(std::move(next), tr("Change index keys"), "keys");
    });
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        if (m_loading)
            return;
        IndexSpec next = current();
        next.name = m_name->text().trimmed().toStdString();
        commit(std::move(next), tr("Rename index"), "name");
    });
    connect(m_unique, &QCheckBox::toggled, this, [this](bool on) {
        IndexSpec next = current();
        next.unique = on;
        commit(std::move(next), on ? tr("Make index unique") : tr("Make index not unique"), "unique");
    });
    connect(m_sparse, &QCheckBox::toggled, this, [this](bool on) {
        IndexSpec next = current();
        next.sparse = on;
        commit(std::move(next), on ? tr("Make index sparse") : tr("Make index not sparse"), "sparse");
    });
    connect(m_filter, &QLineEdit::editingFinished, this, [this] {
        if (m_loading)
            return;
        IndexSpec next = current();
        const std::string text = m_filter->text().trimmed().toStdString();
        if (text.empty()) {
            next.partialFilter.clear();
            next.partialSelectivity = 1;
        } else {
            auto parsed = parseExtendedJson(text);
            if (!parsed || !parsed->is_object()) {
                showReasons(current(), "partialFilter",
                            parsed ? tr("the partial filter must be a JSON object")
                                   : tr("not Extended JSON: %1").arg(qs(parsed.error().toString())));
                return;
            }
            next.partialFilter = parsed->dump();
        }
        commit(std::move(next), tr("Change partial filter"), "partialFilter");
    });
    connect(m_selectivity, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        IndexSpec next = current();
        next.partialSelectivity = v;
        commit(std::move(next), tr("Change partial filter selectivity"), "partialFilter");
    });
    auto ttl = [this] {
        IndexSpec next = current();
        next.expireAfterSeconds.reset();
        if (m_ttl->isChecked())
            next.expireAfterSeconds = m_ttlSeconds->value();
        commit(std::move(next), tr("Change TTL"), "expireAfterSeconds");
    };
    connect(m_ttl, &QCheckBox::toggled, this, ttl);
    connect(m_ttlSeconds, &QSpinBox::valueChanged, this, ttl);
    auto collation = [this] {
        if (m_loading)
            return;
        IndexSpec next = current();
        const std::string locale = m_locale->text().trimmed().toStdString();
        next.collation.reset();
        if (!locale.empty())
            next.collation = Collation{locale, m_strength->value()};
        commit(std::move(next), tr("Change collation"), "collation");
    };
    connect(m_locale, &QLineEdit::editingFinished, this, collation);
    connect(m_strength, &QSpinBox::valueChanged, this, collation);
    connect(m_collection, &QComboBox::currentIndexChanged, this, [this] {
        if (m_loading || !m_new)
            return;
        m_draft.entityId = m_collection->currentData().toString().toStdString();
        updateCompleter();
    });
    connect(document, &Document::changed, this, [this] {
        if (!m_new && !m_id.empty())
            load();
    });
    load();
}

QLabel *IndexEditor::reasonLabel(const std::string &member) const {
    const auto it = m_reasons.find(member);
    return it == m_reasons.end() ? m_reasons.at("keys") : it->second;
}

QString IndexEditor::reason(const std::string &member) const {
    const QLabel *label = reasonLabel(member);
    return label->isHidden() ? QString() : label->text();
}

IndexSpec IndexEditor::current() const {
    if (m_new)
        return m_draft;
    const IndexSpec *ix = m_document->project().findIndex(m_id);
    return ix ? *ix : IndexSpec{};
}

void IndexEditor::showIndex(const std::string &indexId) {
    m_new = false;
    m_id = m_document->project().findIndex(indexId) ? indexId : std::string();
    load();
}

void IndexEditor::startNew(const std::string &entityId) {
    m_new = true;
    m_id.clear();
    m_draft = IndexSpec{};
    m_draft.entityId = entityId;
    load();
    m_keys->setFocus();
}

void IndexEditor::setEnabledAll(bool enabled) {
    for (QWidget *w : std::initializer_list<QWidget *>{m_keys, m_name, m_unique, m_sparse, m_filter, m_selectivity,
                                                        m_ttl, m_ttlSeconds, m_locale, m_strength})
        w->setEnabled(enabled);
}

void IndexEditor::load() {
    m_loading = true;
    const IndexSpec ix = current();
    const bool shown = m_new || !m_id.empty();
    setEnabledAll(shown);
    m_collection->clear();
    for (const auto &c : m_document->analysis().derived.collections)
        if (!c.rootEntityId.empty())
            m_collection->addItem(qs(c.name), qs(c.rootEntityId));
    // An index names an entity; its collection is the one that stores it.
    if (const CollectionShape *shape = collectionOf(m_document->analysis().derived, ix.entityId))
        m_collection->setCurrentIndex(m_collection->findData(qs(shape->rootEntityId)));
    else
        m_collection->setCurrentIndex(-1);
    m_collection->setEnabled(m_new);
    m_keys->setText(qs(edit::indexKeysText(ix.keys)));
    m_name->setText(qs(ix.name));
    m_name->setPlaceholderText(ix.keys.empty() ? QString() : qs(defaultIndexName(ix)));
    m_unique->setChecked(ix.unique);
    m_sparse->setChecked(ix.sparse);
    m_filter->setText(qs(ix.partialFilter));
    m_selectivity->setValue(ix.partialSelectivity);
    m_selectivity->setEnabled(shown && !ix.partialFilter.empty());
    m_ttl->setChecked(ix.expireAfterSeconds.has_value());
    m_ttlSeconds->setValue(int(std::min<std::int64_t>(ix.expireAfterSeconds.value_or(0), kMaxTtlSeconds)));
    m_ttlSeconds->setEnabled(shown && ix.expireAfterSeconds.has_value());
    m_locale->setText(ix.collation ? qs(ix.collation->locale) : QString());
    m_strength->setValue(ix.collation ? ix.collation->strength : 3);
    m_strength->setEnabled(shown && ix.collation.has_value());
    updateCompleter();
    m_loading = false;
    showReasons(ix, {}, {});
}

void IndexEditor::updateCompleter() {
    QStringList paths;
    if (const CollectionShape *shape = collectionOf(m_document->analysis().derived, current().entityId))
        paths = panels::fieldPaths(*shape);
    if (paths == m_paths && m_keys->completer())
        return;
    m_paths = paths;
    // The completer stays while it may be handling a key (a Return that
    // commits an index); only its list changes.
    if (auto *model = m_keys->completer() ? qobject_cast<QStringListModel *>(m_keys->completer()->model()) : nullptr)
        model->setStringList(paths);
    else
        m_keys->setCompleter(new panels::PathCompleter(paths, m_keys));
}

void IndexEditor::showReasons(const IndexSpec &spec, const std::string &refusedMember, const QString &refusal) {
    for (auto &[member, label] : m_reasons)
        label->hide();
    // The server's warnings (an option it ignores) of the index as it is.
    if (!spec.keys.empty())
        for (const IndexRuleFinding &rule : m_document->indexRules(spec)) {
            QLabel *label = reasonLabel(Document::memberOf(rule));
            label->setText((rule.error ? tr("The server refuses this index: %1") : tr("Note: %1"))
                               .arg(qs(rule.message)));
            label->setStyleSheet(rule.error ? QStringLiteral("color: #b02020") : QStringLiteral("color: #8a6d00"));
            label->show();
        }
    if (!refusal.isEmpty()) {
        QLabel *label = reasonLabel(refusedMember);
        label->setText(tr("Refused: %1").arg(refusal));
        label->setStyleSheet(QStringLiteral("color: #b02020"));
        label->show();
    }
}

void IndexEditor::commit(IndexSpec candidate, const QString &text, const std::string &member) {
    if (m_loading || (!m_new && m_id.empty()))
        return;
    if (m_new) {
        m_draft = candidate;
        if (member != "keys" && m_draft.keys.empty()) {
            load(); // the options wait for the keys, which add the index
            return;
        }
        if (m_draft.keys.empty())
            return;
        auto added = m_document->addIndex(m_draft);
        if (!added) {
            showReasons(m_draft, memberOfPath(added.error().where), qs(added.error().message));
            return;
        }
        m_new = false;
        m_id = *added;
        load();
        emit indexAdded(m_id);
        return;
    }
    Status status = m_document->changeIndex(candidate, text);
    if (!status) {
        // Nothing changed in the model: the field keeps what was typed, with
        // the reason beside it, until it is edited again or Escape.
        showReasons(current(), memberOfPath(status.error().where), qs(status.error().message));
        return;
    }
    load();
}

bool IndexEditor::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape &&
        qobject_cast<QLineEdit *>(watched)) {
        if (m_new && m_draft.keys.empty() && watched == m_keys && m_keys->text().isEmpty())
            return QWidget::eventFilter(watched, event);
        load();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace docshape::ui::indexes
