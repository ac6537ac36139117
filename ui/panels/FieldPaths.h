#pragma once

#include "derive/CollectionShape.h"

#include <QStringList>

namespace docshape::ui::panels {

// Every dotted path a query can name in the collection's documents, in
// document order: top-level keys, keys of subdocuments and of the objects
// in arrays ("items.sku"), and the keys of every polymorphic variant. The
// completion list of the access-pattern table's field pickers.
QStringList fieldPaths(const CollectionShape &collection);

} // namespace docshape::ui::panels
