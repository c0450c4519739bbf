#ifndef TTEOK_CWEBP_SHIM_H
#define TTEOK_CWEBP_SHIM_H
// libwebp's simple decoding API.
// Headers only: libwebp is not linked; its functions are CImageLibraries' wrappers, which open
// libwebp.so.7 on first use (ImageLibrary.webp is asked for first).
#include <webp/decode.h>
#endif
