#include "panels/ChoiceList.h"

#include <QComboBox>

namespace docshape::ui::panels {

void setChoices(QComboBox *box, const QStringList &texts) {
    const bool blocked = box->blockSignals(true);
    if (box->count() == texts.size()) {
        for (int i = 0; i < texts.size(); ++i)
            if (box->itemText(i) != texts[i])
                box->setItemText(i, texts[i]);
        if (box->currentIndex() < 0 && !texts.isEmpty())
            box->setCurrentIndex(0);
    } else {
        const QString keep = box->currentText();
        box->clear();
        box->addItems(texts);
        const int i = box->findText(keep);
        box->setCurrentIndex(i >= 0 ? i : 0);
    }
    box->blockSignals(blocked);
}

} // namespace docshape::ui::panels
