#pragma once

#include "export/DiagramExport.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace docshape::ui::canvas {
class DocumentScene;
}

namespace docshape::ui::exporting {

class CollectionChooser;
class ExportChoices;

// File > Export Diagram: the canvas as SVG or PNG (by the file's
// extension), the same bytes as docshape-cli diagram with the same options;
// the choices are remembered for the model.
class ExportDiagramDialog : public QDialog {
    Q_OBJECT

public:
    ExportDiagramDialog(canvas::DocumentScene *scene, QWidget *parent = nullptr);
    ~ExportDiagramDialog() override;

    DiagramOptions options() const;
    QString path() const;
    void setPath(const QString &path);
    // Writes the picture; the error, or empty when written.
    QString exportNow();

private:
    void browse();
    void updateButtons();

    canvas::DocumentScene *m_scene;
    ExportChoices *m_choices;
    CollectionChooser *m_collections;
    QDoubleSpinBox *m_scale;
    QCheckBox *m_transparent;
    QLineEdit *m_path;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
};

} // namespace docshape::ui::exporting
