#pragma once

#include "document/ObjectRef.h"

#include "core/Project.h"

#include <QWidget>

#include <vector>

class QLabel;
class QLineEdit;
class QStringListModel;

namespace docshape::ui::canvas {

class CanvasView;
class DocumentScene;

// Edit > Find (Ctrl+F): finds entities by name and fields by their path
// ("Order.items.sku"), case-insensitively, as the user types; Enter goes to
// the next match, Shift+Enter to the previous one, Escape closes the bar.
// Going to a match selects it and centres its card in the canvas.
class FindBar : public QWidget {
    Q_OBJECT

public:
    struct Match {
        QString text; // what the user sees: "Order" or "Order.items.sku"
        ObjectRef object;
    };

    FindBar(DocumentScene *scene, CanvasView *view, QWidget *parent = nullptr);

    // Entities first, then fields, each in the model's order.
    static std::vector<Match> matches(const Project &project, const QString &text);

    QLineEdit *lineEdit() const { return m_edit; }
    QString statusText() const;

public slots:
    // Shows the bar with its text selected, ready to type over.
    void activate();
    void next();
    void previous();

signals:
    void closed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void search();
    void goTo(std::size_t index);

    DocumentScene *m_scene;
    CanvasView *m_view;
    QLineEdit *m_edit;
    QLabel *m_status;
    QStringListModel *m_completions;
    std::vector<Match> m_matches;
    std::size_t m_index = 0;
    bool m_shown = false; // a match of the current text was gone to
};

} // namespace docshape::ui::canvas
