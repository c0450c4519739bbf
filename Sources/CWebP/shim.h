#ifndef TTEOK_CWEBP_SHIM_H
#define TTEOK_CWEBP_SHIM_H
// libwebp's simple decoding API.
#include <webp/decode.h>
#endif
