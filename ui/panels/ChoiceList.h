#pragma once

#include <QStringList>

class QComboBox;

namespace docshape::ui::panels {

// Sets the items of a chooser of collections, touching only the items that
// differ (an edit renames one collection at most), without signals. The
// current item stays: by position when the number of items is the same
// (a renamed collection stays chosen), by text otherwise, else the first.
void setChoices(QComboBox *box, const QStringList &texts);

} // namespace docshape::ui::panels
