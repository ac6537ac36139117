#pragma once

#include "core/Project.h"

namespace docshape::test {

// A project that sets every member of every struct to a value other than its
// default somewhere, and uses every enum value at least once (tenancy, which
// has one value per project, is varied by the tests). It is valid.
Project makeFullProject();

// The smallest valid project with one entity holding one field, for tests
// that change one thing and look at the consequence.
Project makeSmallProject();

} // namespace docshape::test
