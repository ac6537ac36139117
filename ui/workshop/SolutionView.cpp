#include "workshop/SolutionView.h"

#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "compare/ComparePanel.h"
#include "document/Document.h"

#include "diff/ModelDiff.h"
#include "PlainText.h"

#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace docshape::ui::workshop {

SolutionView::SolutionView(const exercise::Exercise &exercise, Document *student, QWidget *parent)
    : QWidget(parent, Qt::Window), m_student(student), m_exerciseId(exercise.id) {
    setObjectName(QStringLiteral("solutionView"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("Solution of exercise %1: %2 — DocShape").arg(exercise.number).arg(QString::fromStdString(exercise.title)));

    m_solution = new Document(this);
    m_solution->reset(exercise.solution, QString());
    m_scene = new canvas::DocumentScene(m_solution, this);
    m_view = new canvas::CanvasView(m_scene, this);
    m_view->setObjectName(QStringLiteral("solutionCanvas"));
    m_view->setInteractive(false); // read-only: the cards take no clicks or drags
    m_view->setToolTip(plainToolTip(tr("The worked solution, read-only. Marked cards and rows are added or changed "
                          "compared with your model.")));

    m_explanation = new QTextBrowser(this);
    m_explanation->setObjectName(QStringLiteral("solutionExplanation"));
    m_explanation->setOpenExternalLinks(false);
    m_explanation->setMarkdown(QString::fromStdString(exercise.solutionExplanation));
    m_differences = new compare::ComparePanel(this);
    m_differences->setObjectName(QStringLiteral("solutionDifferences"));
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_explanation, tr("&Explanation"));
    m_tabs->addTab(m_differences, tr("&Differences from your model"));

    connect(m_differences, &compare::ComparePanel::objectActivated, m_scene, &canvas::DocumentScene::selectObject);

    auto *caption = new QLabel(tr("The worked solution (read-only), marked where it differs from your model:"), this);
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(caption);
    leftLayout->addWidget(m_view, 1);
    auto *splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(m_student, &Document::changed, this, [this](const ChangeEvent &event) {
        const bool layoutOnly =
            !event.reset && std::all_of(event.changes.begin(), event.changes.end(), [](const Change &c) {
                return c.object == Change::Object::Entity && c.action == Change::Action::Changed &&
                       c.properties == Change::Position;
            });
        if (!layoutOnly)
            refresh();
    });
    refresh();
    resize(1300, 800);
    m_view->fitToView();
}

SolutionView::~SolutionView() { m_scene->setCompareMarks(nullptr); }

void SolutionView::refresh() {
    const ModelDiff diff = diffModels(m_student->project(), m_solution->project());
    m_marks = compare::CompareMarks(diff, m_student->project(), m_solution->project());
    m_scene->setCompareMarks(&m_marks);
    m_differences->showDiff(diff, m_solution->project(), tr("your model"));
}

} // namespace docshape::ui::workshop
