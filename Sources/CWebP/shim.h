#ifndef TTEOK_CWEBP_SHIM_H
#define TTEOK_CWEBP_SHIM_H
// libwebp's simple decoding API (stb_image has no WebP).
#include <webp/decode.h>
#endif
