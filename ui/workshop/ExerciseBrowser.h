#pragma once

#include <QDialog>
#include <QString>

class QPushButton;
class QTextBrowser;
class QTreeWidget;

namespace docshape::ui::workshop {

class WorkshopSession;

// Help > Workshop…: the lesson's ten exercises with the progress of the
// student's saved work of each, the selected one's statement, and the
// mastery checklist's eleven topics with the exercises that cover them.
// Start (or a double click) accepts with the chosen exercise.
class ExerciseBrowser : public QDialog {
    Q_OBJECT

public:
    explicit ExerciseBrowser(WorkshopSession *session, QWidget *parent = nullptr);

    // The id of the exercise selected, empty if none.
    QString chosen() const;
    QTreeWidget *exerciseList() const { return m_list; }
    QTreeWidget *topicList() const { return m_topics; }
    QTextBrowser *statement() const { return m_statement; }
    QPushButton *startButton() const { return m_start; }

private:
    void showSelected();

    WorkshopSession *m_session;
    QTreeWidget *m_list;
    QTreeWidget *m_topics;
    QTextBrowser *m_statement;
    QPushButton *m_start;
};

} // namespace docshape::ui::workshop
