#pragma once

#include "document/ChangeEvent.h"

#include "estimate/Analysis.h"
#include "export/ExportBundle.h"

#include <QDialog>

#include <vector>

class QCheckBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace docshape::ui {
class Document;
}

namespace docshape::ui::panels {

class CodeHighlighter;

// Chooses and previews the exports of the document: the mongosh script,
// the validators and index specs (byte for byte what `docshape-cli export`
// writes: both call exportAll) and sample documents per collection (what
// `docshape-cli sample MODEL --collection C --count 5` prints), and the
// application types (`docshape-cli types --lang L`, under types/L/). Each file
// can be copied to the clipboard; the chosen ones written to a folder.
class ExportDialog : public QDialog {
    Q_OBJECT

public:
    // The application types are off until chosen: most exports are for the
    // database, not the application.
    enum Output { Mongosh, Validators, Indexes, Samples, TypeScript, Zod, Mongoose, Pydantic, Go, Java, OutputCount };
    static constexpr int kSampleCount = 5;
    static constexpr std::uint64_t kSampleSeed = 1;

    explicit ExportDialog(Document *document, QWidget *parent = nullptr);

    // The files of the chosen outputs, in exportAll's order, samples last.
    const std::vector<ExportFile> &files() const { return m_files; }
    QCheckBox *outputBox(Output output) const { return m_outputs[output]; }
    QListWidget *fileList() const { return m_list; }
    QPlainTextEdit *preview() const { return m_preview; }
    // Why the export failed, or empty.
    QString errorText() const { return m_error; }

    // Shows the file with this relative path; false when it is not listed.
    bool selectFile(const QString &relativePath);
    void copyCurrent();
    // Writes the chosen files under `directory`; the error or empty.
    QString writeTo(const QString &directory);

    // Sample documents of every collection as export files
    // ("samples/<stem>.json", one canonical Extended JSON document a line).
    static Result<std::vector<ExportFile>> sampleFiles(const Analysis &analysis);

public slots:
    // Recomputes the files from the current model (also on every change while shown).
    void refresh();

private:
    void showCurrent();
    void chooseFolder();

    Document *m_document;
    QCheckBox *m_outputs[OutputCount] = {};
    QListWidget *m_list;
    QPlainTextEdit *m_preview;
    CodeHighlighter *m_highlighter;
    QLabel *m_status;
    std::vector<ExportFile> m_files;
    QString m_error;
};

} // namespace docshape::ui::panels
