#include "exercise/Mastery.h"

#include <algorithm>

namespace docshape::exercise {

bool isMasteryTopic(std::string_view topic) {
    return std::find(kMasteryTopics.begin(), kMasteryTopics.end(), topic) != kMasteryTopics.end();
}

} // namespace docshape::exercise
