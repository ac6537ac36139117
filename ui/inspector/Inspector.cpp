#include "inspector/Inspector.h"

#include "document/Document.h"
#include "inspector/EntityForm.h"
#include "inspector/FieldForm.h"
#include "inspector/RelationshipForm.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QStackedWidget>

namespace docshape::ui::inspector {

namespace {

// A stack as tall as its current page. A QStackedWidget measures every page
// for the scroll area and takes the tallest, so a change to any form laid
// out again the wrapped text of all three, and a short form scrolled over
// the empty height of the longest.
class PageStack : public QStackedWidget {
public:
    using QStackedWidget::QStackedWidget;

    bool hasHeightForWidth() const override {
        const QWidget *page = currentWidget();
        return page && page->hasHeightForWidth();
    }
    int heightForWidth(int width) const override {
        const QWidget *page = currentWidget();
        return page ? page->heightForWidth(width) : -1;
    }
    // The minimum is the shown page's.
    QSize minimumSizeHint() const override {
        const QWidget *page = currentWidget();
        return page ? page->minimumSizeHint() : QStackedWidget::minimumSizeHint();
    }
    // The size hint is the largest page's, so that the dock keeps its room
    // whatever it shows, from each page's own hint (kept until the page
    // changes): QStackedWidget's would also ask every page for its height at
    // the hint's width, laying out every form's wrapped text again.
    QSize sizeHint() const override {
        QSize largest(0, 0);
        for (int i = 0; i < count(); ++i)
            largest = largest.expandedTo(widget(i)->sizeHint());
        return largest.grownBy(contentsMargins());
    }
};

} // namespace

Inspector::Inspector(Document *document, QWidget *parent) : QScrollArea(parent), m_document(document) {
    setObjectName(QStringLiteral("inspector"));
    setWidgetResizable(true);
    // The forms fit the dock's width (labels wrap, editors go under their
    // labels when narrow); sideways scrolling would hide the labels.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_stack = new PageStack(this);
    m_empty = new QLabel(tr("Select an entity, a field or a relationship on the canvas."), m_stack);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_empty->setMargin(12);
    m_entityForm = new EntityForm(document, m_stack);
    m_fieldForm = new FieldForm(document, m_stack);
    m_relationshipForm = new RelationshipForm(document, m_stack);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(m_entityForm);
    m_stack->addWidget(m_fieldForm);
    m_stack->addWidget(m_relationshipForm);
    setWidget(m_stack);
    // The stack's size is its page's: the scroll area measures it again at
    // once, so that the page is laid out at its own height before anyone
    // reaches into it.
    connect(m_stack, &QStackedWidget::currentChanged, this, [this] {
        QEvent request(QEvent::LayoutRequest);
        QCoreApplication::sendEvent(this, &request);
    });
    setMinimumWidth(320);

    connect(m_document, &Document::changed, this, &Inspector::onChanged);
    connect(m_entityForm, &EntityForm::activate, this, &Inspector::activate);
    connect(m_fieldForm, &FieldForm::activate, this, &Inspector::activate);
    connect(m_relationshipForm, &RelationshipForm::activate, this, &Inspector::activate);
}

void Inspector::setObject(const ObjectRef &object) {
    // A name typed into the previous object's form belongs to that object.
    m_entityForm->form()->finishEditing();
    m_fieldForm->form()->finishEditing();
    m_relationshipForm->form()->finishEditing();
    const bool another = !(object == m_object);
    m_object = object;
    showObject(object);
    // Another object's form starts at its name, not where the last one was
    // left (at "Atomic update boundary").
    if (another)
        verticalScrollBar()->setValue(0);
}

void Inspector::startRename() {
    QWidget *editor = nullptr;
    if (m_stack->currentWidget() == m_entityForm)
        editor = m_entityForm->form()->editor(QStringLiteral("name"));
    else if (m_stack->currentWidget() == m_fieldForm)
        editor = m_fieldForm->form()->editor(QStringLiteral("name"));
    else if (m_stack->currentWidget() == m_relationshipForm)
        editor = m_relationshipForm->form()->editor(QStringLiteral("name"));
    auto *edit = qobject_cast<QLineEdit *>(editor);
    if (!edit)
        return;
    // The dock may be closed or behind another one.
    for (QWidget *w = parentWidget(); w && !w->isWindow(); w = w->parentWidget())
        if (auto *dock = qobject_cast<QDockWidget *>(w)) {
            dock->show();
            dock->raise();
        }
    ensureWidgetVisible(edit);
    edit->setFocus(Qt::OtherFocusReason);
    edit->selectAll();
}

void Inspector::showObject(const ObjectRef &object) {
    const Project &project = m_document->project();
    switch (object.kind) {
    case ObjectRef::Kind::Entity:
        if (project.findEntity(object.id)) {
            m_entityForm->setEntity(object.id);
            m_stack->setCurrentWidget(m_entityForm);
            return;
        }
        break;
    case ObjectRef::Kind::Field:
        if (m_document->findField(object.id)) {
            m_fieldForm->setField(object.id);
            m_stack->setCurrentWidget(m_fieldForm);
            return;
        }
        break;
    case ObjectRef::Kind::Relationship:
        if (project.findRelationship(object.id)) {
            m_relationshipForm->setRelationship(object.id);
            m_stack->setCurrentWidget(m_relationshipForm);
            return;
        }
        break;
    case ObjectRef::Kind::None:
        break;
    }
    m_stack->setCurrentWidget(m_empty);
}

void Inspector::onChanged(const ChangeEvent &event) {
    // Any change can alter what the form shows (estimates); the lists of
    // entities and fields change only with their names and membership.
    if (event.affectsNames()) {
        m_entityForm->form()->choicesChanged();
        m_fieldForm->form()->choicesChanged();
        m_relationshipForm->form()->choicesChanged();
    }
    showObject(m_object);
}

} // namespace docshape::ui::inspector
