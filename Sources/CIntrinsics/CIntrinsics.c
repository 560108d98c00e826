// CIntrinsics is inline functions in include/CIntrinsics.h, compiled where Swift calls them;
// a C target needs a source file.
#include "CIntrinsics.h"
