#ifndef TTEOK_CSTBIMAGE_SHIM_H
#define TTEOK_CSTBIMAGE_SHIM_H
// stb_image's declarations only: Debian's libstb.so carries the implementation (PNG, JPEG, GIF).
#include <stb_image.h>
#endif
