#pragma once

#include "report/ReportOptions.h"

#include <QDialog>

class QCheckBox;
class QDateEdit;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace docshape::ui::canvas {
class DocumentScene;
}

namespace docshape::ui::exporting {

class CollectionChooser;
class ExportChoices;

// File > Export Report: the design-review report of the open model as
// HTML or PDF (by the file's extension), byte for byte what docshape-cli
// report writes with the same options. Title, author, date, the
// collections covered and the appendices are chosen here; everything but
// the date (today, each time) is remembered for the model.
class ExportReportDialog : public QDialog {
    Q_OBJECT

public:
    ExportReportDialog(canvas::DocumentScene *scene, QWidget *parent = nullptr);
    ~ExportReportDialog() override;

    report::ReportOptions options() const;
    QString path() const;
    void setPath(const QString &path);

    // Makes and writes the report; the error, or empty when written. PDFs
    // show progress and can be cancelled.
    QString exportNow();
    QString lastError() const { return m_error; }

private:
    void browse();
    void remember();
    void updateButtons();

    canvas::DocumentScene *m_scene;
    ExportChoices *m_choices;
    QLineEdit *m_title;
    QLineEdit *m_author;
    QDateEdit *m_date;
    CollectionChooser *m_collections;
    QCheckBox *m_appendices;
    QLineEdit *m_path;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
    QString m_error;
};

} // namespace docshape::ui::exporting
