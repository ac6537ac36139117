#pragma once

#include "support/ModelBuilders.h"
