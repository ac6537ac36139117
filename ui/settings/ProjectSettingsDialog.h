#pragma once

#include "edit/ProjectSettings.h"

#include <QDialog>

#include <map>
#include <string>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace docshape::ui {
class Document;
}

namespace docshape::ui::settings {

// File > Project Settings…: the model's name, database, MongoDB version,
// RAM, tenancy, growth horizon and the thresholds the analysis and the
// advisor compare with (their form built from the catalogue of
// core/Thresholds.h: name, value, default, unit, source). OK applies every
// change as one undo step; a refusal keeps the dialog open with the reason
// beside the field.
class ProjectSettingsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ProjectSettingsDialog(Document *document, QWidget *parent = nullptr);

    // The settings the form holds, or why they are not settings.
    Result<edit::ProjectSettings> settings() const;
    QLineEdit *nameEdit() const { return m_name; }
    QTableWidget *thresholdTable() const { return m_thresholds; }
    // The reason beside a member's field, empty when none is shown.
    QString reason(const std::string &member) const;

    void accept() override;

    // Opens the dialog on the document (modal) and applies it on OK.
    static void run(Document *document, QWidget *parent);

    enum ThresholdColumn { Setting, Value, Default, Unit, Source, ThresholdColumns };

private:
    void showReason(const std::string &member, const QString &text);

    Document *m_document;
    QLineEdit *m_name;
    QLineEdit *m_database;
    QComboBox *m_version;
    QDoubleSpinBox *m_ram;
    QComboBox *m_tenancy;
    QLineEdit *m_tenantField;
    QDoubleSpinBox *m_tenantCount;
    QSpinBox *m_growthDays;
    QTableWidget *m_thresholds;
    std::map<std::string, QLabel *> m_reasons;
};

} // namespace docshape::ui::settings
