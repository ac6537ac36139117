#include "panels/ValidationPreview.h"

#include "Format.h"

#include "document/Document.h"
#include "panels/ChoiceList.h"

#include "export/ExtendedJson.h"
#include "export/ValidatorExporter.h"
#include "sample/SampleGenerator.h"
#include "validate/DocumentStream.h"
#include "validate/JsonSchema.h"
#include "PlainText.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <bson/bson.h>

#include <algorithm>
#include <sstream>
#include <utility>

namespace docshape::ui::panels {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

constexpr std::uint64_t kSeed = 1;
constexpr BreakRule kRules[] = {BreakRule::MissingRequired, BreakRule::WrongType, BreakRule::ArrayOverBound,
                                BreakRule::OutsideEnum};

QString reasonsOf(const validate::ValidationResult &r) {
    QStringList lines;
    for (const auto &e : r.errors)
        lines << QStringLiteral("%1: %2 (%3)")
                     .arg(e.path.empty() ? QCoreApplication::translate("ValidationPreview", "(document)") : qs(e.path),
                          qs(e.message), qs(e.keyword));
    return lines.join(QLatin1Char('\n'));
}

// Line and column (from 1; a column counts characters) of byte `at` of
// UTF-8 text.
std::pair<int, int> lineColumn(std::string_view text, std::size_t at) {
    at = std::min(at, text.size());
    int line = 1;
    int column = 1;
    for (std::size_t i = 0; i < at; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++column;
        }
    }
    return {line, column};
}

// Why the text of one document, starting at byte `start` of the input, is
// not a document, and where. A JSON syntax error is placed at its line and
// column in the input: Qt's JSON reader names the place where it goes wrong
// (its offset is just past the character it stopped at), simdjson (under
// the parser the validator reads with) does not; where the two disagree
// the document's start and the parser's own words stand.
// Anything else the parser refuses (an Extended JSON wrapper of the wrong
// shape, an array where a document belongs) is named at the document's line.
QString unreadableReason(std::string_view input, std::size_t start, std::string_view text, const Error &error) {
    static constexpr std::string_view kSyntax = "not valid JSON";
    const std::string &message = error.message;
    if (message.rfind(kSyntax, 0) != 0) {
        return QCoreApplication::translate("ValidationPreview", "not a document: line %1: %2")
            .arg(lineColumn(input, start).first)
            .arg(qs(error.toString()));
    }
    std::size_t at = start;
    QString what = qs(std::string_view(message).substr(std::min(message.size(), kSyntax.size() + 2)));
    QJsonParseError syntax;
    QJsonDocument::fromJson(QByteArray(text.data(), qsizetype(text.size())), &syntax);
    if (syntax.error != QJsonParseError::NoError) {
        at = start + std::min(std::size_t(std::max(0, syntax.offset - 1)), text.size());
        what = syntax.errorString();
    }
    const auto [line, column] = lineColumn(input, at);
    return QCoreApplication::translate("ValidationPreview", "not valid JSON: line %1 column %2: %3")
        .arg(line)
        .arg(column)
        .arg(what);
}

// The document an insert stores when it has no _id: the driver (or else
// the server) adds an ObjectId _id as its first field.
validate::BsonDocument withInsertedId(const validate::BsonDocument &doc) {
    bson_t *out = bson_new();
    bson_oid_t oid;
    bson_oid_init(&oid, nullptr);
    BSON_APPEND_OID(out, "_id", &oid);
    bson_concat(out, doc.get());
    return validate::BsonDocument(out);
}
} // namespace

ValidationPreview::ValidationPreview(Document *document, QWidget *parent) : QWidget(parent), m_document(document) {
    setObjectName(QStringLiteral("validationPreview"));
    m_collection = new QComboBox(this);
    m_collection->setObjectName(QStringLiteral("validationCollection"));
    m_collection->setMinimumContentsLength(16);
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("validationSource"));
    m_source->addItem(tr("Typical samples"), int(Source::Typical));
    m_source->addItem(tr("Maximum samples"), int(Source::Max));
    m_source->addItem(tr("Broken samples (on purpose)"), int(Source::Broken));
    m_source->addItem(tr("Extended JSON below"), int(Source::Text));
    m_count = new QSpinBox(this);
    m_count->setRange(1, 1000);
    m_count->setValue(8);
    m_count->setToolTip(tr("How many sample documents to generate"));
    auto *open = new QPushButton(tr("Open…"), this);
    open->setToolTip(tr("Open Extended JSON documents (one a line, or a JSON array) from a file"));
    auto *runButton = new QPushButton(tr("&Run"), this);
    runButton->setObjectName(QStringLiteral("runValidation"));

    m_input = new QPlainTextEdit(this);
    m_input->setObjectName(QStringLiteral("validationInput"));
    m_input->setPlaceholderText(
        tr("Paste or type Extended JSON documents here, one a line or as a JSON array (mongoexport's output): "
           "they are checked as you type."));
    m_input->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    m_results = new QTreeWidget(this);
    m_results->setObjectName(QStringLiteral("validationResults"));
    m_results->setColumnCount(4);
    m_results->setHeaderLabels({tr("Document"), tr("Result"), tr("BSON size"), tr("Why")});
    m_results->setRootIsDecorated(false);
    m_results->setWordWrap(true);
    m_results->setColumnWidth(0, 150);
    // Wide enough for the longest verdict beside its icon.
    const int icon = m_results->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_results);
    m_results->setColumnWidth(1, m_results->fontMetrics().horizontalAdvance(tr("not read")) + icon +
                                     4 * m_results->fontMetrics().averageCharWidth());
    m_results->setColumnWidth(2, 80);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("validationSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);

    m_typing = new QTimer(this);
    m_typing->setSingleShot(true);
    m_typing->setInterval(300);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Collection:"), this));
    bar->addWidget(m_collection);
    bar->addWidget(m_source);
    bar->addWidget(m_count);
    bar->addWidget(open);
    bar->addStretch(1);
    bar->addWidget(runButton);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_input);
    splitter->addWidget(m_results);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_summary);

    connect(runButton, &QPushButton::clicked, this, &ValidationPreview::run);
    connect(m_typing, &QTimer::timeout, this, &ValidationPreview::run);
    // Text typed or pasted is what the user wants checked.
    connect(m_input, &QPlainTextEdit::textChanged, this, [this] {
        if (m_input->document()->isEmpty())
            return;
        setSource(Source::Text);
        m_typing->start();
    });
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Extended JSON"), QString(),
                                                          tr("JSON (*.json *.jsonl *.ndjson);;All files (*)"));
        if (path.isEmpty())
            return;
        const QString error = openFile(path);
        if (!error.isEmpty())
            fail(error);
    });
    m_onScreen = new OnScreen(this, [this](bool on) {
        if (on && m_chooserStale)
            rebuildChooser();
        if (on && m_stale)
            run();
    });
    connect(document, &Document::changed, this, [this](const ChangeEvent &event) {
        if (!event.affectsEstimates())
            return;
        // Off screen, the collections are listed again when next shown or asked for.
        if (event.affectsCollections()) {
            m_chooserStale = true;
            if (m_onScreen->onScreen())
                rebuildChooser();
        }
        // Off screen, the re-run waits until the panel is shown again.
        if (m_hasRun && m_onScreen->onScreen())
            run();
        else
            m_stale = m_hasRun;
    });
    rebuildChooser();
    m_summary->setText(tr("Choose a collection and documents, then Run."));
}

QComboBox *ValidationPreview::collectionChooser() const {
    if (m_chooserStale)
        rebuildChooser();
    return m_collection;
}

void ValidationPreview::rebuildChooser() const {
    m_chooserStale = false;
    QStringList names;
    for (const auto &c : m_document->analysis().derived.collections)
        names << qs(c.name);
    setChoices(m_collection, names);
}

QString ValidationPreview::summaryText() const { return m_summary->text(); }

void ValidationPreview::setCollection(const QString &name) {
    const int i = collectionChooser()->findText(name);
    if (i >= 0)
        m_collection->setCurrentIndex(i);
}

void ValidationPreview::setSource(Source source) { m_source->setCurrentIndex(m_source->findData(int(source))); }

void ValidationPreview::setDocumentCount(int count) { m_count->setValue(count); }

QString ValidationPreview::openFile(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    m_input->setPlainText(QString::fromUtf8(file.readAll()));
    setSource(Source::Text);
    return {};
}

int ValidationPreview::failures() const {
    return int(std::count_if(m_outcomes.begin(), m_outcomes.end(),
                             [](const Outcome &o) { return o.readable && !o.valid; }));
}

int ValidationPreview::unreadable() const {
    return int(std::count_if(m_outcomes.begin(), m_outcomes.end(), [](const Outcome &o) { return !o.readable; }));
}

void ValidationPreview::fail(const QString &message) {
    m_outcomes.clear();
    m_results->clear();
    m_summary->setText(QStringLiteral("<span style='color:#b02020'>%1</span>").arg(message.toHtmlEscaped()));
}

void ValidationPreview::run() {
    m_typing->stop();
    m_hasRun = true;
    m_stale = false;
    const Project &project = m_document->project();
    const Analysis &analysis = m_document->analysis();
    const CollectionShape *collection = nullptr;
    const std::string name = collectionChooser()->currentText().toStdString();
    for (const auto &c : analysis.derived.collections)
        if (c.name == name)
            collection = &c;
    if (!collection) {
        fail(tr("Choose a collection."));
        return;
    }
    auto validator = validatorFor(project, *collection);
    if (!validator) {
        fail(tr("The validator cannot be exported: %1").arg(qs(validator.error().toString())));
        return;
    }
    auto schema = validate::JsonSchema::compileJson(exportJsonText(*validator));
    if (!schema) {
        fail(tr("The server would refuse this validator: %1").arg(qs(schema.error().toString())));
        return;
    }

    std::vector<Outcome> outcomes;
    auto check = [&](Outcome o, std::string_view json) {
        auto result = schema->validateJson(json);
        if (!result) {
            o.readable = false;
            o.valid = false;
            o.reasons = tr("not a document: %1").arg(qs(result.error().toString()));
        } else {
            o.valid = result->valid;
            o.reasons = reasonsOf(*result);
        }
        outcomes.push_back(std::move(o));
    };
    const auto unread = [&](Outcome o, QString reason) {
        o.readable = false;
        o.valid = false;
        o.reasons = std::move(reason);
        outcomes.push_back(std::move(o));
    };
    const auto source = Source(m_source->currentData().toInt());
    const int count = m_count->value();
    if (source == Source::Text) {
        const std::string text = m_input->toPlainText().toStdString();
        std::istringstream in(text);
        validate::DocumentStream stream(in);
        // Parsed here rather than by validateJson, so the size shown is that
        // of the very BSON the validator reads.
        validate::ExtendedJsonParser parser;
        for (;;) {
            const auto next = stream.next();
            if (next == validate::DocumentStream::Next::End)
                break;
            Outcome o;
            if (next == validate::DocumentStream::Next::Error) {
                o.label = tr("after document %1").arg(outcomes.size());
                unread(std::move(o), tr("not valid JSON: %1").arg(qs(stream.error())));
                break;
            }
            o.label = tr("document %1 (line %2)").arg(stream.index() + 1).arg(stream.line());
            validate::BsonDocument doc;
            const Status parsed =
                parser.parseInto(stream.text(), doc.get(), validate::ExtendedJsonParser::Padding::Readable);
            if (!parsed) {
                unread(std::move(o), unreadableReason(text, stream.offset(), stream.text(), parsed.error()));
                continue;
            }
            if (!bson_has_field(doc.get(), "_id")) {
                doc = withInsertedId(doc);
                o.idAdded = true;
            }
            o.bytes = qint64(doc.size());
            const validate::ValidationResult result = schema->validate(doc.get());
            o.valid = result.valid;
            o.reasons = reasonsOf(result);
            outcomes.push_back(std::move(o));
        }
    } else {
        SampleGenerator generator(*collection, kSeed);
        std::vector<BreakRule> rules;
        for (BreakRule r : kRules)
            if (!generator.breakablePaths(r).empty())
                rules.push_back(r);
        if (source == Source::Broken && rules.empty()) {
            fail(tr("Nothing in %1 can be broken on purpose: no required key, typed value, bounded array or enum.")
                     .arg(qs(collection->name)));
            return;
        }
        for (int k = 0; k < count; ++k) {
            Result<SampleDocument> doc = source == Source::Broken
                                             ? generator.nextBroken(rules[std::size_t(k) % rules.size()])
                                             : generator.next(source == Source::Max ? SampleShape::Max
                                                                                    : SampleShape::Typical);
            if (!doc) {
                fail(tr("Cannot generate samples: %1").arg(qs(doc.error().toString())));
                return;
            }
            Outcome o;
            o.label = tr("sample %1").arg(k + 1);
            o.bytes = qint64(doc->size());
            if (doc->broken)
                o.expected = tr("breaks %1 at %2").arg(qs(toString(*doc->broken)), qs(doc->brokenPath));
            check(std::move(o), doc->canonicalJson());
        }
    }
    m_outcomes = std::move(outcomes);
    showOutcomes(qs(collection->name));
}

void ValidationPreview::showOutcomes(const QString &collection) {
    m_results->clear();
    QStyle *style = QApplication::style();
    QList<QTreeWidgetItem *> items;
    for (const auto &o : m_outcomes) {
        auto *item = new QTreeWidgetItem;
        item->setText(0, o.label);
        item->setIcon(1, style->standardIcon(o.valid ? QStyle::SP_DialogApplyButton : QStyle::SP_DialogCancelButton));
        item->setText(1, !o.readable ? tr("not read") : o.valid ? tr("pass") : tr("fail"));
        if (o.bytes > 0) {
            item->setText(2, formatBytes(double(o.bytes)));
            item->setToolTip(2, plainToolTip(formatExactBytes(double(o.bytes))));
        }
        QString why = o.reasons;
        if (o.idAdded) {
            const QString added = tr("no _id: checked with the ObjectId _id an insert adds");
            why = why.isEmpty() ? added : added + QLatin1Char('\n') + why;
        }
        if (!o.expected.isEmpty())
            why = tr("[%1] ").arg(o.expected) + why;
        item->setText(3, why);
        item->setToolTip(3, plainToolTip(why));
        if (!o.valid)
            item->setForeground(1, QColor(0xb0, 0x20, 0x20));
        items << item;
    }
    m_results->addTopLevelItems(items);

    const int failed = failures();
    const int notRead = unreadable();
    const int total = int(m_outcomes.size()) - notRead;
    const int idsAdded =
        int(std::count_if(m_outcomes.begin(), m_outcomes.end(), [](const Outcome &o) { return o.idAdded; }));
    const Entity *root = nullptr;
    for (const auto &c : m_document->analysis().derived.collections)
        if (qs(c.name) == collection)
            root = c.root;
    QString html = (failed == 1 ? tr("<b>1 of %2 does not match</b> the validator of %3.")
                                : tr("<b>%1 of %2 do not match</b> the validator of %3.").arg(failed))
                       .arg(formatCountOf(total, tr("document"), tr("documents")))
                       .arg(collection.toHtmlEscaped());
    if (notRead > 0) {
        html += notRead == 1 ? tr(" 1 more text is not a document (not valid JSON or Extended JSON; its line says "
                                  "where): the validator never saw it, so it is not counted.")
                             : tr(" %1 more texts are not documents (not valid JSON or Extended JSON; their lines say "
                                  "where): the validator never saw them, so they are not counted.")
                                   .arg(notRead);
    }
    if (idsAdded > 0) {
        html += tr(" %1 no <code>_id</code>: checked and sized with the ObjectId <code>_id</code> that an insert "
                   "adds.")
                    .arg(idsAdded == 1 ? tr("1 document has") : tr("%1 documents have").arg(idsAdded));
    }
    if (failed > 0) {
        html += tr(" If documents like these were already stored: under <code>validationLevel: \"strict\"</code> every "
                   "insert of such a document and every update to one of them fails (unless the update makes it "
                   "valid); under <code>\"moderate\"</code> updates to documents that are already invalid are not "
                   "checked, so %1 updatable, while inserts and updates of valid documents are still checked.")
                    .arg(failed == 1 ? tr("this document stays") : tr("these %1 documents stay").arg(failed));
    }
    if (root) {
        html += tr(" This collection is set to <code>validationLevel: \"%1\"</code>, <code>validationAction: \"%2\"</code>")
                    .arg(qs(toString(root->validationLevel)), qs(toString(root->validationAction)));
        html += root->validationAction == ValidationAction::Warn
                    ? tr(": failing writes succeed and the server logs a warning.")
                    : QStringLiteral(".");
    }
    m_summary->setText(html);
}

} // namespace docshape::ui::panels
