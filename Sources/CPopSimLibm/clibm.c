// CLibm is header-only (include/clibm.h); SwiftPM needs one source file per C target.
#include "clibm.h"
