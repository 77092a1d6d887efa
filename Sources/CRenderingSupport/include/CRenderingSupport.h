#ifndef C_RENDERING_SUPPORT_H
#define C_RENDERING_SUPPORT_H

#include <stdint.h>

// The Swift runtime's release of `n` strong references to a native Swift
// object in one atomic operation, where `n` calls of swift_release would make
// `n`. Exported by the runtime (libswiftCore) with the C calling convention;
// Swift has no spelling for it, so the view host declares it here. `object`
// must be a native Swift object (not an Objective-C one) holding at least
// `n` strong references.
void swift_release_n(void *_Nonnull object, uint32_t n);

#endif
