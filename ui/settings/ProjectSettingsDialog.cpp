#include "settings/ProjectSettingsDialog.h"

#include "document/Document.h"

#include "core/Thresholds.h"
#include "PlainText.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace docshape::ui::settings {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
QString number(double v) { return QString::number(v, 'g', 15); }
} // namespace

ProjectSettingsDialog::ProjectSettingsDialog(Document *document, QWidget *parent)
    : QDialog(parent), m_document(document) {
    setObjectName(QStringLiteral("projectSettings"));
    setWindowTitle(tr("Project Settings"));
    const edit::ProjectSettings s = edit::settingsOf(document->project());

    m_name = new QLineEdit(qs(s.name), this);
    m_name->setObjectName(QStringLiteral("settingsName"));
    m_name->setPlaceholderText(tr("required: exports and reports are titled by it"));
    m_database = new QLineEdit(qs(s.database), this);
    m_database->setObjectName(QStringLiteral("settingsDatabase"));
    m_database->setToolTip(plainToolTip(tr("The database the scripts create the collections in; namespaces are checked "
                              "against MongoDB's length limit with it")));
    m_version = new QComboBox(this);
    m_version->setObjectName(QStringLiteral("settingsVersion"));
    m_version->setEditable(true);
    m_version->addItems({QStringLiteral("4.4"), QStringLiteral("5.0"), QStringLiteral("6.0"), QStringLiteral("7.0"),
                         QStringLiteral("8.0")});
    m_version->setCurrentText(qs(s.mongoVersion));
    m_ram = new QDoubleSpinBox(this);
    m_ram->setObjectName(QStringLiteral("settingsRam"));
    m_ram->setRange(0, 1 << 20);
    m_ram->setDecimals(2);
    m_ram->setSuffix(tr(" GiB"));
    m_ram->setValue(s.ramGiB);
    m_ram->setToolTip(tr("The server's RAM, for the working-set estimate"));
    m_tenancy = new QComboBox(this);
    m_tenancy->setObjectName(QStringLiteral("settingsTenancy"));
    for (const auto &tenancy : kTenancyNames)
        m_tenancy->addItem(qs(tenancy.words), int(tenancy.value));
    m_tenancy->setCurrentIndex(m_tenancy->findData(int(s.tenancy)));
    m_tenantField = new QLineEdit(qs(s.tenantField), this);
    m_tenantField->setObjectName(QStringLiteral("settingsTenantField"));
    m_tenantCount = new QDoubleSpinBox(this);
    m_tenantCount->setObjectName(QStringLiteral("settingsTenantCount"));
    m_tenantCount->setRange(0, 1e12);
    m_tenantCount->setDecimals(0);
    m_tenantCount->setValue(s.tenantCount);
    m_growthDays = new QSpinBox(this);
    m_growthDays->setObjectName(QStringLiteral("settingsGrowthDays"));
    m_growthDays->setRange(0, 100 * 365);
    m_growthDays->setSuffix(tr(" days"));
    m_growthDays->setValue(s.growthDays);
    m_growthDays->setToolTip(tr("The horizon of the growth projection"));

    auto *form = new QFormLayout;
    auto row = [&](const QString &label, QWidget *field, const std::string &member) {
        auto *reason = new QLabel(this);
        reason->setObjectName(QStringLiteral("settingsReason_") + qs(member));
        reason->setStyleSheet(QStringLiteral("color: #b02020"));
        reason->setWordWrap(true);
        reason->hide();
        m_reasons[member] = reason;
        auto *box = new QVBoxLayout;
        box->setSpacing(1);
        box->addWidget(field);
        box->addWidget(reason);
        form->addRow(label, box);
    };
    row(tr("Name"), m_name, "name");
    row(tr("Database"), m_database, "database");
    row(tr("MongoDB version"), m_version, "mongoVersion");
    row(tr("RAM"), m_ram, "ramGiB");
    row(tr("Tenancy"), m_tenancy, "tenancy");
    row(tr("Tenant field"), m_tenantField, "tenantField");
    row(tr("Tenant count"), m_tenantCount, "tenantCount");
    row(tr("Growth horizon"), m_growthDays, "growthDays");

    const auto &catalogue = thresholdCatalogue();
    m_thresholds = new QTableWidget(int(catalogue.size()), ThresholdColumns, this);
    m_thresholds->setObjectName(QStringLiteral("settingsThresholds"));
    m_thresholds->setHorizontalHeaderLabels({tr("Threshold"), tr("Value"), tr("Default"), tr("Unit"), tr("Source")});
    m_thresholds->verticalHeader()->hide();
    m_thresholds->horizontalHeader()->setStretchLastSection(true);
    m_thresholds->setSelectionBehavior(QAbstractItemView::SelectItems);
    for (int i = 0; i < int(catalogue.size()); ++i) {
        const ThresholdSetting &t = catalogue[std::size_t(i)];
        const auto found = s.thresholds.find(std::string(t.name));
        auto cell = [&](int column, const QString &text, bool editable) {
            auto *item = new QTableWidgetItem(text);
            if (!editable)
                item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            item->setToolTip(plainToolTip(qs(t.description)));
            m_thresholds->setItem(i, column, item);
        };
        cell(Setting, qs(t.name), false);
        cell(Value, number(found == s.thresholds.end() ? t.defaultValue : found->second), true);
        cell(Default, number(t.defaultValue), false);
        cell(Unit, qs(t.unit), false);
        cell(Source, qs(t.source), false);
    }
    m_thresholds->resizeColumnsToContents();
    m_thresholds->setColumnWidth(Source, 260);
    auto *thresholdReason = new QLabel(this);
    thresholdReason->setObjectName(QStringLiteral("settingsReason_thresholds"));
    thresholdReason->setStyleSheet(QStringLiteral("color: #b02020"));
    thresholdReason->hide();
    m_reasons["thresholds"] = thresholdReason;

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &ProjectSettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Thresholds (edit a value to override its default for this model):"), this));
    layout->addWidget(m_thresholds, 1);
    layout->addWidget(thresholdReason);
    layout->addWidget(buttons);
    resize(820, 640);
}

QString ProjectSettingsDialog::reason(const std::string &member) const {
    const auto it = m_reasons.find(member);
    return it == m_reasons.end() || it->second->isHidden() ? QString() : it->second->text();
}

void ProjectSettingsDialog::showReason(const std::string &member, const QString &text) {
    for (auto &[name, label] : m_reasons)
        label->hide();
    const auto it = m_reasons.find(member);
    QLabel *label = it == m_reasons.end() ? m_reasons.at("thresholds") : it->second;
    label->setText(text);
    label->show();
}

Result<edit::ProjectSettings> ProjectSettingsDialog::settings() const {
    edit::ProjectSettings s = edit::settingsOf(m_document->project());
    s.name = m_name->text().trimmed().toStdString();
    s.database = m_database->text().trimmed().toStdString();
    s.mongoVersion = m_version->currentText().trimmed().toStdString();
    s.ramGiB = m_ram->value();
    s.tenancy = Tenancy(m_tenancy->currentData().toInt());
    s.tenantField = m_tenantField->text().trimmed().toStdString();
    s.tenantCount = m_tenantCount->value();
    s.growthDays = m_growthDays->value();
    const auto &catalogue = thresholdCatalogue();
    for (int i = 0; i < int(catalogue.size()); ++i) {
        const ThresholdSetting &t = catalogue[std::size_t(i)];
        const QString text = m_thresholds->item(i, Value)->text().trimmed();
        bool ok = false;
        const double value = QLocale::c().toDouble(text, &ok);
        if (!ok || !std::isfinite(value))
            return Error{"thresholds", tr("threshold %1: '%2' is not a number").arg(qs(t.name), text).toStdString()};
        const std::string name(t.name);
        // A value equal to the default is no override, unless the model
        // already overrode it (the file keeps what it said).
        if (value == t.defaultValue && !m_document->project().thresholds.count(name))
            s.thresholds.erase(name);
        else
            s.thresholds[name] = value;
    }
    return s;
}

void ProjectSettingsDialog::accept() {
    auto s = settings();
    if (!s) {
        showReason(s.error().where, qs(s.error().message));
        return;
    }
    Status status = m_document->changeProjectSettings(*s, tr("Change project settings"));
    if (!status) {
        // settingsRefusal names the member; validateProject gives a JSON path.
        std::string member = status.error().where;
        if (const auto dot = member.rfind('.'); dot != std::string::npos)
            member = member.substr(dot + 1);
        showReason(member, qs(status.error().message));
        return;
    }
    QDialog::accept();
}

void ProjectSettingsDialog::run(Document *document, QWidget *parent) {
    ProjectSettingsDialog dialog(document, parent);
    dialog.exec();
}

} // namespace docshape::ui::settings
