#include "workshop/ExplanationForm.h"

#include "document/Document.h"

#include "exercise/Explanation.h"
#include "PlainText.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace docshape::ui::workshop {

namespace {
struct FieldText {
    std::string exercise::Explanation::*member;
    const char *label;
    const char *placeholder;
    const char *objectName;
};

// The keys and examples of exercise/Explanation.h, in the lesson's order.
const std::array<FieldText, ExplanationForm::FieldCount> kFields = {{
    {&exercise::Explanation::boundary, QT_TRANSLATE_NOOP("ExplanationForm", "&Boundary:"),
     QT_TRANSLATE_NOOP("ExplanationForm", "what one document holds, e.g. header, items, address and totals"),
     "explainBoundary"},
    {&exercise::Explanation::assumption, QT_TRANSLATE_NOOP("ExplanationForm", "A&ssumption:"),
     QT_TRANSLATE_NOOP("ExplanationForm", "what makes it safe, e.g. an order never has more than 50 lines"),
     "explainAssumption"},
    {&exercise::Explanation::arrayBound, QT_TRANSLATE_NOOP("ExplanationForm", "Array bo&und:"),
     QT_TRANSLATE_NOOP("ExplanationForm", "items <= 50, or none"), "explainArrayBound"},
    {&exercise::Explanation::sourceOfTruth, QT_TRANSLATE_NOOP("ExplanationForm", "Source of &truth:"),
     QT_TRANSLATE_NOOP("ExplanationForm", "LineItem.name <- Product.name; ..., or none"), "explainSourceOfTruth"},
    {&exercise::Explanation::tenantConstraint, QT_TRANSLATE_NOOP("ExplanationForm", "Te&nant constraint:"),
     QT_TRANSLATE_NOOP("ExplanationForm", "tenantId, or none"), "explainTenant"},
    {&exercise::Explanation::index, QT_TRANSLATE_NOOP("ExplanationForm", "&Index of the main read:"),
     QT_TRANSLATE_NOOP("ExplanationForm", "the index's name, e.g. _id_ or customerId_1_createdAt_-1"), "explainIndex"},
}};

const Decision *explanationDecision(const Project &project) {
    for (const Decision &d : project.decisions)
        if (d.title == exercise::kExplanationTitle)
            return &d;
    return nullptr;
}
} // namespace

ExplanationForm::ExplanationForm(Document *document, QWidget *parent) : QWidget(parent), m_document(document) {
    m_intro = new QLabel(tr("Explain the boundary you chose and the assumption that makes it safe; state the array "
                            "bound, the source of truth for duplicated fields, the tenant constraint, and the index "
                            "that supports the main read."),
                         this);
    m_intro->setWordWrap(true);
    auto *layout = new QFormLayout(this);
    layout->addRow(m_intro);
    for (std::size_t i = 0; i < kFields.size(); ++i) {
        auto *edit = new QLineEdit(this);
        edit->setObjectName(QLatin1String(kFields[i].objectName));
        edit->setPlaceholderText(tr(kFields[i].placeholder));
        edit->setClearButtonEnabled(true);
        m_edits[i] = edit;
        auto *label = new QLabel(tr(kFields[i].label), this);
        label->setBuddy(edit);
        layout->addRow(label, edit);
        const auto field = FieldId(i);
        connect(edit, &QLineEdit::textEdited, this, [this, field] { commit(field); });
    }
    connect(m_document, &Document::changed, this, [this](const ChangeEvent &event) {
        if (event.reset || event.touches(Change::Object::Project))
            load();
    });
    load();
}

void ExplanationForm::load() {
    const exercise::Explanation explanation = exercise::explanationOf(m_document->project()).value_or(exercise::Explanation{});
    for (std::size_t i = 0; i < kFields.size(); ++i) {
        const QString text = QString::fromStdString(explanation.*kFields[i].member);
        // The file keeps values trimmed: a space being typed stays.
        if (m_edits[i]->text().trimmed() != text)
            m_edits[i]->setText(text); // setText keeps textEdited quiet
    }
}

void ExplanationForm::commit(FieldId field) {
    const Project &project = m_document->project();
    exercise::Explanation explanation = exercise::explanationOf(project).value_or(exercise::Explanation{});
    explanation.*kFields[std::size_t(field)].member = m_edits[std::size_t(field)]->text().trimmed().toStdString();
    Decision decision;
    if (const Decision *current = explanationDecision(project))
        decision = *current;
    decision.title = std::string(exercise::kExplanationTitle);
    decision.text = exercise::explanationText(explanation);
    QString label = tr(kFields[std::size_t(field)].label).remove(QLatin1Char('&'));
    label.chop(1); // the colon
    auto result = m_document->setDecision(std::move(decision), tr("Explain: %1").arg(label.toLower()),
                                          QStringLiteral("explanation.%1").arg(int(field)));
    if (!result)
        m_edits[std::size_t(field)]->setToolTip(plainToolTip(QString::fromStdString(result.error().toString())));
}

} // namespace docshape::ui::workshop
