#include "help/AboutDialog.h"

#include "help/LinkedLibraries.h"

#include "BuildInfo.h"
#include "PlainText.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtGlobal>

namespace docshape::ui::help {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }

struct QtModule {
    const char *name;
    const char *licence;
    const char *purpose;
};

// As Debian's packages state them (/usr/share/doc/libqt6*/copyright).
constexpr QtModule kQtModules[] = {
    {"Qt Core, Gui, Widgets", "LGPL-3 or GPL-2", "the studio's windows"},
    {"Qt Svg", "LGPL-3 or GPL-2", "the diagram as SVG, the icon"},
    {"Qt PrintSupport", "LGPL-3 or GPL-2", "linked; no feature uses it yet"},
    {"Qt Charts", "GPL-3", "the Charts panel"},
};
} // namespace

QString AboutDialog::versionLine() {
    return tr("DocShape %1").arg(QString::fromLatin1(docshape::build::kVersion));
}

AboutDialog::AboutDialog(QWidget *parent) : QDialog(parent) {
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About DocShape"));

    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("aboutVersion"));
    m_heading->setText(QStringLiteral("<h2>%1</h2>").arg(versionLine().toHtmlEscaped()));
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *summary = new QLabel(this);
    summary->setObjectName(QStringLiteral("aboutSummary"));
    summary->setWordWrap(true);
    summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary->setText(
        tr("A studio for designing MongoDB document schemas from the workload up.<br>"
           "Released %1. Running on Qt %2 (built with Qt %3).")
            .arg(QString::fromLatin1(docshape::build::kReleaseDate), QString::fromLatin1(qVersion()),
                 QStringLiteral(QT_VERSION_STR)));

    m_libraries = new QTreeWidget(this);
    m_libraries->setObjectName(QStringLiteral("aboutLibraries"));
    m_libraries->setRootIsDecorated(false);
    m_libraries->setHeaderLabels({tr("Library"), tr("Version"), tr("Licence"), tr("Used for")});
    const QString qtVersion = QString::fromLatin1(qVersion());
    for (const QtModule &module : kQtModules)
        new QTreeWidgetItem(m_libraries, {QString::fromLatin1(module.name), qtVersion,
                                          QString::fromLatin1(module.licence), tr(module.purpose)});
    for (const LinkedLibraries::Library &library : LinkedLibraries::list()) {
        auto *item = new QTreeWidgetItem(
            m_libraries, {qs(library.name), qs(library.version), qs(library.licence), qs(library.purpose)});
        if (library.builtWith != library.version)
            item->setToolTip(1, plainToolTip(tr("built with %1").arg(qs(library.builtWith))));
    }
    for (int column = 0; column < m_libraries->columnCount(); ++column)
        m_libraries->resizeColumnToContents(column);
    // Tall enough for every row without scrolling.
    const int rows = m_libraries->topLevelItemCount();
    m_libraries->setMinimumHeight(m_libraries->header()->sizeHint().height() +
                                  rows * m_libraries->sizeHintForRow(0) + 2 * m_libraries->frameWidth() + 4);

    auto *note = new QLabel(this);
    note->setObjectName(QStringLiteral("aboutLicenceNote"));
    note->setWordWrap(true);
    note->setText(tr("Licences are those the Debian packages of these libraries state. Debian distributes "
                     "Qt Charts under the GPL-3 only, with no LGPL option; the studio links it for its Charts "
                     "panel."));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(summary);
    layout->addWidget(m_libraries, 1);
    layout->addWidget(note);
    layout->addWidget(buttons);
    const int width = m_libraries->header()->length() + 2 * m_libraries->frameWidth() + 40;
    resize(qMax(560, width), sizeHint().height());
}

} // namespace docshape::ui::help
