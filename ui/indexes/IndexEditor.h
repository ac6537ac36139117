#pragma once

#include "core/IndexSpec.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <map>
#include <string>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace docshape::ui {
class Document;
}

namespace docshape::ui::indexes {

// The form of one index: its collection, keys (field paths completed from
// the collection's documents, each with its kind), name, unique, sparse,
// partial filter and the share of documents it matches, TTL and collation.
// A field commits when it is finished (Enter, focus out, a toggle), each
// commit one undo step through Document; what the server or the model
// refuses leaves the model unchanged and shows the reason beside the
// field. Escape in a text field puts the model's value back.
//
// A new index (startNew) exists only in the form until its keys are
// committed: that commit adds it, with the options already set.
class IndexEditor : public QWidget {
    Q_OBJECT

public:
    explicit IndexEditor(Document *document, QWidget *parent = nullptr);

    // Shows the model index; an empty or unknown id clears the form.
    void showIndex(const std::string &indexId);
    // A new index on the collection of `entityId`, its keys field focused.
    void startNew(const std::string &entityId);
    std::string indexId() const { return m_id; }
    bool editingNew() const { return m_new; }

    QLineEdit *keysEdit() const { return m_keys; }
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *filterEdit() const { return m_filter; }
    QCheckBox *uniqueBox() const { return m_unique; }
    QCheckBox *sparseBox() const { return m_sparse; }
    // The reason shown beside the member's field ("keys", "name", "unique",
    // "sparse", "partialFilter", "expireAfterSeconds", "collation").
    QString reason(const std::string &member) const;

signals:
    void indexAdded(const std::string &indexId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void load();
    void setEnabledAll(bool enabled);
    // Commits `candidate` (the shown index with one member changed).
    void commit(IndexSpec candidate, const QString &text, const std::string &member);
    void showReasons(const IndexSpec &spec, const std::string &refusedMember, const QString &refusal);
    void updateCompleter();
    IndexSpec current() const;
    QLabel *reasonLabel(const std::string &member) const;

    Document *m_document;
    std::string m_id;
    bool m_new = false;
    IndexSpec m_draft; // the new index before its keys are committed
    QComboBox *m_collection;
    QLineEdit *m_keys;
    QLineEdit *m_name;
    QCheckBox *m_unique;
    QCheckBox *m_sparse;
    QLineEdit *m_filter;
    QDoubleSpinBox *m_selectivity;
    QCheckBox *m_ttl;
    QSpinBox *m_ttlSeconds;
    QLineEdit *m_locale;
    QSpinBox *m_strength;
    std::map<std::string, QLabel *> m_reasons;
    QStringList m_paths; // what the keys' completer offers
    bool m_loading = false;
};

} // namespace docshape::ui::indexes
