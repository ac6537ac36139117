#pragma once

#include <QDialog>

class QLabel;
class QTreeWidget;

namespace docshape::ui::help {

// Help > About DocShape: the version of the top-level CMake project, the Qt
// the studio runs on and was built with, and every library it links with
// its version and licence.
class AboutDialog : public QDialog {
    Q_OBJECT

public:
    explicit AboutDialog(QWidget *parent = nullptr);

    // "DocShape 0.1.0": the CMake project's version (BuildInfo.h).
    static QString versionLine();

    QLabel *heading() const { return m_heading; }
    QTreeWidget *libraries() const { return m_libraries; }

private:
    QLabel *m_heading;
    QTreeWidget *m_libraries;
};

} // namespace docshape::ui::help
