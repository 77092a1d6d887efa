// Nothing to define: the header only declares a function of the Swift
// runtime (a C target needs a source file).
#include "CRenderingSupport.h"
