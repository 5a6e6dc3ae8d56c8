/* stub: see stub-kernel.h */
#include "../stub-kernel.h"
