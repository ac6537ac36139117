#pragma once

#include "commands/Cli.h"
#include "core/Project.h"
#include "util/Result.h"

#include <memory>
#include <string>

class QApplication;

namespace docshape::ui {
class Document;
namespace canvas {
class DocumentScene;
}
} // namespace docshape::ui

namespace docshape::cli {

// A model on the studio's canvas, without a window: the QApplication the
// scene needs (made here when none exists, on the offscreen platform unless
// QT_QPA_PLATFORM says otherwise, so no display is needed), the document
// and its scene.
class OffscreenCanvas {
public:
    OffscreenCanvas();
    ~OffscreenCanvas();
    OffscreenCanvas(const OffscreenCanvas &) = delete;
    OffscreenCanvas &operator=(const OffscreenCanvas &) = delete;

    // Loads the model file and draws it; the loader's error on failure.
    Status load(const std::string &path);
    // Draws `project`, as it is.
    void show(Project project);
    ui::Document &document() { return *m_document; }
    ui::canvas::DocumentScene *scene() { return m_scene.get(); }

private:
    std::unique_ptr<QApplication> m_app; // only when this made it
    std::unique_ptr<ui::Document> m_document;
    std::unique_ptr<ui::canvas::DocumentScene> m_scene;
};

// Reads the value of an option given as "--name VALUE" or "--name=VALUE"
// at args[i] (advancing i); nullopt when args[i] is another argument.
// `missing` is set when the option is there without a value.
std::optional<std::string> optionValue(const std::vector<std::string> &args, std::size_t &i, std::string_view name,
                                       bool &missing);

} // namespace docshape::cli
