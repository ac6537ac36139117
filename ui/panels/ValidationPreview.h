#pragma once

#include "document/ChangeEvent.h"
#include "panels/OnScreen.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QTimer;
class QTreeWidget;

namespace docshape::ui {
class Document;
}

namespace docshape::ui::panels {

// Runs a collection's exported validator (validatorFor, the text
// `docshape-cli export` writes) over documents: generated samples (typical,
// maximum, broken on purpose) or Extended JSON pasted in or opened from a
// file. Shows pass or fail per document with the path and reason and its
// BSON size, how many do not match, and what that means under
// validationLevel "strict" versus "moderate". Text that is not a document
// (bad JSON or Extended JSON) is reported where it goes wrong and never
// counted as a mismatch; a document without `_id` is checked with the
// ObjectId `_id` that an insert adds. Typing or pasting into the input
// switches to it and checks it. Once it has run it re-runs on every change
// of the model (when next shown, if the change came while it was hidden).
class ValidationPreview : public QWidget {
    Q_OBJECT

public:
    enum class Source { Typical, Max, Broken, Text };

    struct Outcome {
        QString label;        // "sample 3", "document 2 (line 5)"
        bool readable = true; // false: not a document, so the validator never saw it
        bool valid = true;    // passes the validator; false when not readable
        bool idAdded = false; // had no _id: checked with the ObjectId an insert adds
        qint64 bytes = 0;     // BSON size as checked (with an added _id); 0 when not readable
        QString reasons;      // "items.2.quantity: must be at least 1 (minimum)", one a line;
                              // "not valid JSON: line 2 column 22: ..." when not readable
        QString expected;     // for broken samples: the rule and path broken on purpose
    };

    explicit ValidationPreview(Document *document, QWidget *parent = nullptr);

    // The collections as they are now (listed again here when the model
    // changed while the panel was off screen).
    QComboBox *collectionChooser() const;
    QComboBox *sourceChooser() const { return m_source; }
    QPlainTextEdit *input() const { return m_input; }
    QTreeWidget *results() const { return m_results; }
    QString summaryText() const;

    void setCollection(const QString &name);
    void setSource(Source source);
    void setDocumentCount(int count);
    // Loads Extended JSON documents from a file into the input and switches
    // to them; the error or empty.
    QString openFile(const QString &path);

    const std::vector<Outcome> &outcomes() const { return m_outcomes; }
    // Documents the validator rejected; texts that are not documents apart.
    int failures() const;
    int unreadable() const;

public slots:
    void run();

private:
    void rebuildChooser() const;
    void showOutcomes(const QString &collection);
    void fail(const QString &message);

    Document *m_document;
    QComboBox *m_collection;
    QComboBox *m_source;
    QSpinBox *m_count;
    QPlainTextEdit *m_input;
    QTreeWidget *m_results;
    QLabel *m_summary;
    QTimer *m_typing; // runs once typing in the input pauses
    std::vector<Outcome> m_outcomes;
    bool m_hasRun = false;
    bool m_stale = false; // the model changed while off screen
    mutable bool m_chooserStale = false; // collections came, went or were renamed off screen
    OnScreen *m_onScreen;
};

} // namespace docshape::ui::panels
