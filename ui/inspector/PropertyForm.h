#pragma once

#include "util/Result.h"
#include "util/Units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QWidget>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace docshape::ui::inspector {

// A form of editors bound to one model object of type T. Every edit copies
// the current object, applies the edited property and hands the copy to
// `commit` (a Document call that validates and pushes one command); a
// refusal is shown right under its editor, with its reason, and the editor is
// marked: at the foot of a long form the reason would be out of sight.
// Editors never hold model state: refresh() reloads them from `current`.
template <typename T> class PropertyForm : public QWidget {
public:
    using Current = std::function<const T *()>;
    // `finished`: an edit committed when finished (a name, a text of several
    // lines) is its own undo step; the others merge while typing.
    using Commit = std::function<Status(const T &, const QString &label, const QString &key, bool finished)>;

    PropertyForm(Current current, Commit commit, QWidget *parent = nullptr)
        : QWidget(parent), m_current(std::move(current)), m_commit(std::move(commit)) {
        m_layout = new QFormLayout(this);
        m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        // A dock narrower than label plus editor puts the editor under its
        // label instead of growing a horizontal scroll bar.
        m_layout->setRowWrapPolicy(QFormLayout::WrapLongRows);
        m_layout->setContentsMargins(0, 0, 0, 0); // the form's page has margins
    }

    QFormLayout *formLayout() const { return m_layout; }

    // The line under a property's editor: why a value was refused, or what
    // an accepted one did to another value (see setNote).
    QLabel *messageLabel(const QString &key) const {
        for (const auto &row : m_rows)
            if (row.key == key)
                return row.message;
        return nullptr;
    }

    // Asked after every accepted edit, with the object as the model now
    // holds it: a non-empty answer is shown under the edited property, so an
    // edit whose effect reaches another value says so.
    void setNote(std::function<QString(const T &)> note) { m_note = std::move(note); }

    // The editor of a property, by key, for tests and focus.
    QWidget *editor(const QString &key) const {
        for (const auto &row : m_rows)
            if (row.key == key)
                return row.editor;
        return nullptr;
    }

    // A heading for the rows added after it; hidden when all of them are.
    void addSection(const QString &title) {
        auto *label = new QLabel(QStringLiteral("<b>%1</b>").arg(title), this);
        label->setObjectName(QStringLiteral("section:") + title);
        m_layout->addRow(label);
        m_sections.push_back({label, m_rows.size(), m_rows.size()});
    }

    void addText(const QString &label, const QString &key, std::function<std::string(const T &)> get,
                 std::function<void(T &, const std::string &)> set) {
        addLineEdit(
            label, key, [get](const T &t) { return QString::fromStdString(get(t)); },
            [set](T &t, const QString &text) -> std::optional<QString> {
                set(t, text.toStdString());
                return std::nullopt;
            });
    }

    // Free text of several lines (a description, notes): like a name it is
    // committed when finished, on focus out, as one step; Enter starts a new
    // line, Tab leaves, Escape puts the model's text back.
    void addLongText(const QString &label, const QString &key, std::function<std::string(const T &)> get,
                     std::function<void(T &, const std::string &)> set) {
        auto *edit = new QPlainTextEdit(this);
        edit->setObjectName(key);
        edit->setTabChangesFocus(true);
        edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
        edit->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        const QFontMetrics metrics(edit->font());
        edit->setFixedHeight(metrics.lineSpacing() * 4 + 2 * edit->frameWidth() +
                             int(2 * edit->document()->documentMargin()));
        const auto text = [get](const T &t) { return QString::fromStdString(get(t)); };
        Row row{key, edit, nullptr, {}};
        row.refresh = [edit, text](const T &t) {
            const QString value = text(t);
            if (!(edit->hasFocus() && edit->document()->isModified()) && edit->toPlainText() != value) {
                edit->setPlainText(value);
                edit->document()->setModified(false);
            }
        };
        const auto revert = [this, edit, text] {
            if (const T *t = m_current())
                edit->setPlainText(text(*t));
            edit->document()->setModified(false);
        };
        row.finish = [this, edit, label, key, set, revert] {
            if (!edit->document()->isModified())
                return;
            edit->document()->setModified(false);
            const std::string value = edit->toPlainText().toStdString();
            if (!apply(edit, label, key, [&](T &t) -> std::optional<QString> {
                    set(t, value);
                    return std::nullopt;
                }))
                revert();
        };
        new FinishOnFocusOut(edit, row.finish, [this, edit, revert] {
            revert();
            clearMessage(edit);
        });
        addRow(label, std::move(row));
    }

    // A name (of an entity, a field, a collection, a path): typing changes
    // nothing until the name is finished (Enter or focus out), so a name
    // refused half-way (`Orde` while `Order` exists) never reaches the model
    // and the history holds one step per rename. A refused name shows the
    // reason and the editor returns to the model's name; Escape reverts.
    void addName(const QString &label, const QString &key, std::function<std::string(const T &)> get,
                 std::function<void(T &, const std::string &)> set) {
        addLineEdit(
            label, key, [get](const T &t) { return QString::fromStdString(get(t)); },
            [set](T &t, const QString &text) -> std::optional<QString> {
                set(t, text.toStdString());
                return std::nullopt;
            },
            Timing::WhenFinished);
    }

    void addNumber(const QString &label, const QString &key, std::function<double(const T &)> get,
                   std::function<void(T &, double)> set) {
        addLineEdit(
            label, key, [get](const T &t) { return formatNumber(get(t)); },
            [set](T &t, const QString &text) -> std::optional<QString> {
                auto v = parseNumber(text);
                if (!v)
                    return tr("not a number");
                set(t, *v);
                return std::nullopt;
            });
    }

    void addOptionalNumber(const QString &label, const QString &key,
                           std::function<std::optional<double>(const T &)> get,
                           std::function<void(T &, std::optional<double>)> set,
                           const QString &emptyMeaning) {
        QLineEdit *edit = addLineEdit(
            label, key,
            [get](const T &t) {
                auto v = get(t);
                return v ? formatNumber(*v) : QString();
            },
            [set](T &t, const QString &text) -> std::optional<QString> {
                if (text.trimmed().isEmpty()) {
                    set(t, std::nullopt);
                    return std::nullopt;
                }
                auto v = parseNumber(text);
                if (!v)
                    return tr("not a number");
                set(t, *v);
                return std::nullopt;
            });
        edit->setPlaceholderText(emptyMeaning);
    }

    // Non-negative whole numbers (counts, bounds, lengths); optional ones
    // are empty when unset.
    void addCount(const QString &label, const QString &key,
                  std::function<std::optional<std::uint64_t>(const T &)> get,
                  std::function<void(T &, std::optional<std::uint64_t>)> set,
                  const QString &emptyMeaning = {}) {
        const bool optional = !emptyMeaning.isEmpty();
        QLineEdit *edit = addLineEdit(
            label, key,
            [get](const T &t) {
                auto v = get(t);
                return v ? QString::fromStdString(units::countText(double(*v))) : QString();
            },
            [set, optional](T &t, const QString &text) -> std::optional<QString> {
                if (text.trimmed().isEmpty()) {
                    if (!optional)
                        return tr("a value is required");
                    set(t, std::nullopt);
                    return std::nullopt;
                }
                bool ok = false;
                const qulonglong v = QLocale::c().toULongLong(text.trimmed(), &ok);
                if (!ok)
                    return tr("not a whole number ≥ 0");
                set(t, std::uint64_t(v));
                return std::nullopt;
            });
        edit->setPlaceholderText(emptyMeaning);
    }

    void addBool(const QString &label, const QString &key, std::function<bool(const T &)> get,
                 std::function<void(T &, bool)> set) {
        auto *box = new QCheckBox(this);
        box->setObjectName(key);
        Row row{key, box, nullptr, {}};
        row.refresh = [box, get](const T &t) {
            const bool blocked = box->blockSignals(true);
            box->setChecked(get(t));
            box->blockSignals(blocked);
        };
        QObject::connect(box, &QCheckBox::toggled, this, [this, box, label, key, set](bool on) {
            apply(box, label, key, [&](T &t) -> std::optional<QString> {
                set(t, on);
                return std::nullopt;
            });
        });
        addRow(label, std::move(row));
    }

    // The lists of the choice rows may differ (an object was added, removed
    // or renamed, or the form shows another object): the next refresh asks
    // each row for its choices again. Other refreshes only select the value.
    void choicesChanged() { ++m_choicesVersion; }

    // A choice among values; `choices` is called at the first refresh and
    // after choicesChanged(), so that lists of entities or fields stay
    // current without being rebuilt on every edit.
    template <typename V>
    void addChoice(const QString &label, const QString &key,
                   std::function<std::vector<std::pair<V, QString>>()> choices,
                   std::function<V(const T &)> get, std::function<void(T &, V)> set) {
        auto *combo = new QComboBox(this);
        combo->setObjectName(key);
        // Sized by its longest entry ("Order.lineItems.productId"), a combo
        // would widen the dock; the open list still shows entries whole.
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
        auto values = std::make_shared<std::vector<V>>();
        Row row{key, combo, nullptr, {}};
        auto listed = std::make_shared<std::uint64_t>(m_choicesVersion - 1);
        row.refresh = [this, combo, values, listed, choices, get](const T &t) {
            const bool blocked = combo->blockSignals(true);
            if (*listed != m_choicesVersion) {
                *listed = m_choicesVersion;
                auto list = choices();
                // A new list is mostly the old one (every entity of a large
                // model, one renamed): rewrite only what differs.
                if (combo->count() != int(list.size()))
                    combo->clear();
                values->clear();
                for (std::size_t i = 0; i < list.size(); ++i) {
                    const auto &[v, text] = list[i];
                    values->push_back(v);
                    if (int(i) >= combo->count())
                        combo->addItem(text);
                    else if (combo->itemText(int(i)) != text)
                        combo->setItemText(int(i), text);
                }
            }
            const auto it = std::find(values->begin(), values->end(), get(t));
            combo->setCurrentIndex(it == values->end() ? -1 : int(it - values->begin()));
            combo->blockSignals(blocked);
        };
        QObject::connect(combo, &QComboBox::activated, this, [this, combo, values, label, key, set](int index) {
            if (index < 0 || std::size_t(index) >= values->size())
                return;
            const V v = (*values)[std::size_t(index)];
            apply(combo, label, key, [&](T &t) -> std::optional<QString> {
                set(t, v);
                return std::nullopt;
            });
        });
        addRow(label, std::move(row));
    }

    // Shows the row only when `visible` holds for the current object.
    void setVisibleWhen(const QString &key, std::function<bool(const T &)> visible) {
        for (auto &row : m_rows)
            if (row.key == key)
                row.visible = std::move(visible);
    }

    void refresh() {
        const T *t = m_current();
        if (!t)
            return;
        // Showing a widget lays out its visible parents at once: with the
        // layout off while rows come and go, the form is laid out once, at
        // the end, instead of once for each row shown.
        m_layout->setEnabled(false);
        std::vector<char> shown(m_rows.size(), 1);
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            Row &row = m_rows[i];
            if (row.visible) {
                shown[i] = row.visible(*t);
                m_layout->setRowVisible(row.editor, shown[i]);
                m_layout->setRowVisible(row.message, shown[i] && !row.message->text().isEmpty());
            }
            row.refresh(*t);
        }
        for (const Section &section : m_sections)
            m_layout->setRowVisible(section.label, std::any_of(shown.begin() + static_cast<std::ptrdiff_t>(section.first),
                                                               shown.begin() + static_cast<std::ptrdiff_t>(section.end),
                                                               [](char on) { return on != 0; }));
        m_layout->setEnabled(true);
        m_layout->activate();
    }

    // Commits the names being typed, before the form shows another object.
    void finishEditing() {
        for (const auto &row : m_rows)
            if (row.finish)
                row.finish();
    }

    void clearError() {
        for (auto &row : m_rows) {
            markInvalid(row.editor, false);
            setMessage(row, QString(), false);
        }
    }

    static QString tr(const char *text) { return QCoreApplication::translate("Inspector", text); }

private:
    struct Row {
        QString key;
        QWidget *editor;
        QLabel *message; // under the editor; made by addRow
        std::function<void(const T &)> refresh;
        std::function<bool(const T &)> visible;
        std::function<void()> finish; // commits a name being typed
    };
    using Parse = std::function<std::optional<QString>(T &, const QString &)>;
    enum class Timing { WhileTyping, WhenFinished };

    // Escape in a name editor puts the model's name back.
    class RevertOnEscape : public QObject {
    public:
        RevertOnEscape(QLineEdit *edit, std::function<void()> revert) : QObject(edit), m_revert(std::move(revert)) {
            edit->installEventFilter(this);
        }
        bool eventFilter(QObject *, QEvent *event) override {
            if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
                m_revert();
                return true;
            }
            return false;
        }

    private:
        std::function<void()> m_revert;
    };

    // Text editors of several lines commit when the keyboard leaves them;
    // Escape reverts.
    class FinishOnFocusOut : public QObject {
    public:
        FinishOnFocusOut(QPlainTextEdit *edit, std::function<void()> finish, std::function<void()> revert)
            : QObject(edit), m_finish(std::move(finish)), m_revert(std::move(revert)) {
            edit->installEventFilter(this);
        }
        bool eventFilter(QObject *, QEvent *event) override {
            if (event->type() == QEvent::FocusOut)
                m_finish();
            if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
                m_revert();
                return true;
            }
            return false;
        }

    private:
        std::function<void()> m_finish;
        std::function<void()> m_revert;
    };

    // Numbers read as everywhere else (units::numberText: "259,200,000",
    // "0.25"); typing accepts plain digits or the same separators.
    static QString formatNumber(double v) { return QString::fromStdString(units::numberText(v)); }
    static std::optional<double> parseNumber(const QString &text) {
        bool ok = false;
        const double v = QLocale::c().toDouble(text.trimmed(), &ok);
        if (!ok || !std::isfinite(v))
            return std::nullopt;
        return v;
    }

    QLineEdit *addLineEdit(const QString &label, const QString &key,
                           std::function<QString(const T &)> format, Parse parse,
                           Timing timing = Timing::WhileTyping) {
        auto *edit = new QLineEdit(this);
        edit->setObjectName(key);
        Row row{key, edit, nullptr, {}};
        row.refresh = [this, edit, format, parse, timing](const T &t) {
            const QString text = format(t);
            if (timing == Timing::WhenFinished) {
                if (!(edit->hasFocus() && edit->isModified()) && edit->text() != text)
                    edit->setText(text);
                return;
            }
            if (edit->hasFocus()) {
                // Leave the user's typing alone when it already says the
                // model's value, or when it is a refused value being fixed.
                if (edit->property("invalid").toBool())
                    return;
                T probe = t;
                if (!parse(probe, edit->text()) && format(probe) == text)
                    return;
            }
            if (edit->text() != text)
                edit->setText(text);
        };
        if (timing == Timing::WhileTyping) {
            QObject::connect(edit, &QLineEdit::textEdited, this, [this, edit, label, key, parse](const QString &text) {
                apply(edit, label, key, [&](T &t) { return parse(t, text); });
            });
            // Typing left alone while it lasts ("1000") reads as the model's
            // value ("1,000") once finished; a refused value stays to be fixed.
            QObject::connect(edit, &QLineEdit::editingFinished, this, [this, edit, format] {
                if (edit->property("invalid").toBool())
                    return;
                if (const T *t = m_current(); t && edit->text() != format(*t))
                    edit->setText(format(*t));
            });
        } else {
            const auto revert = [this, edit, format] {
                edit->setModified(false);
                if (const T *t = m_current())
                    edit->setText(format(*t));
            };
            row.finish = [this, edit, label, key, parse, revert] {
                if (!edit->isModified())
                    return;
                edit->setModified(false);
                const QString text = edit->text();
                if (!apply(edit, label, key, [&](T &t) { return parse(t, text); }))
                    revert();
            };
            QObject::connect(edit, &QLineEdit::editingFinished, this, row.finish);
            QObject::connect(edit, &QLineEdit::textEdited, this, [this, edit] {
                if (edit->property("invalid").toBool())
                    clearMessage(edit);
            });
            new RevertOnEscape(edit, [this, edit, revert] {
                revert();
                clearMessage(edit);
            });
        }
        addRow(label, std::move(row));
        return edit;
    }

    void addRow(const QString &label, Row row) {
        // Long labels ("Growth per parent per day") wrap rather than widen
        // the dock.
        auto *text = new QLabel(label, this);
        text->setWordWrap(true);
        text->setBuddy(row.editor);
        m_layout->addRow(text, row.editor);
        row.message = new QLabel(this);
        row.message->setObjectName(QStringLiteral("message:") + row.key);
        row.message->setWordWrap(true);
        row.message->setTextFormat(Qt::PlainText);
        const int at = m_layout->rowCount();
        m_layout->setWidget(at, QFormLayout::FieldRole, row.message);
        m_layout->setRowVisible(at, false);
        m_rows.push_back(std::move(row));
        if (!m_sections.empty())
            m_sections.back().end = m_rows.size();
    }

    static void markInvalid(QWidget *editor, bool invalid) {
        if (editor->property("invalid").toBool() == invalid)
            return;
        editor->setProperty("invalid", invalid);
        editor->setStyleSheet(invalid ? QStringLiteral("border: 1px solid #b00020;") : QString());
    }

    Row *rowOf(QWidget *editor) {
        for (auto &row : m_rows)
            if (row.editor == editor)
                return &row;
        return nullptr;
    }

    void setMessage(Row &row, const QString &text, bool error) {
        row.message->setText(text);
        row.message->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QStringLiteral("color: #8a5a00;"));
        m_layout->setRowVisible(row.message, !text.isEmpty() && m_layout->isRowVisible(row.editor));
    }

    void clearMessage(QWidget *editor) {
        markInvalid(editor, false);
        if (Row *row = rowOf(editor))
            setMessage(*row, QString(), false);
    }

    void showError(QWidget *editor, const QString &label, const QString &message) {
        markInvalid(editor, true);
        if (Row *row = rowOf(editor))
            setMessage(*row, tr("%1 refused: %2").arg(label, message), true);
    }

    // Whether the edit was committed.
    bool apply(QWidget *editor, const QString &label, const QString &key,
               const std::function<std::optional<QString>(T &)> &edit) {
        const T *current = m_current();
        if (!current)
            return false;
        T copy = *current;
        if (auto problem = edit(copy)) {
            showError(editor, label, *problem);
            return false;
        }
        const Row *row = rowOf(editor);
        Status status = m_commit(copy, label, key, row && row->finish);
        if (!status) {
            showError(editor, label, QString::fromStdString(status.error().toString()));
            return false;
        }
        clearError();
        if (m_note)
            if (const T *now = m_current())
                if (Row *edited = rowOf(editor))
                    setMessage(*edited, m_note(*now), false);
        return true;
    }

    Current m_current;
    Commit m_commit;
    std::function<QString(const T &)> m_note;
    QFormLayout *m_layout;
    std::vector<Row> m_rows;
    std::uint64_t m_choicesVersion = 0;
    struct Section {
        QLabel *label;
        std::size_t first, end; // its rows: m_rows[first, end)
    };
    std::vector<Section> m_sections;
};

} // namespace docshape::ui::inspector
