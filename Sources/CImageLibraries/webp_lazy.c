// libwebp's functions that WebPDecoder calls.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// After the C library's headers: only what libwebp's headers declare is hidden. libwebp marks
// its declarations visibility("default") unless WEBP_EXTERN is already defined, and an explicit
// attribute would win over the pragma: these wrappers would be exported.
#define WEBP_EXTERN extern
#pragma GCC visibility push(hidden)
#include "lazy_library.h"
#include <webp/decode.h>

TTEOK_LAZY_LIBRARY(tteok_webp_library, "libwebp.so.7")

TTEOK_LAZY(tteok_webp_library, int, WebPGetInfo, (const uint8_t *data, size_t data_size, int *width, int *height),
           (data, data_size, width, height))
TTEOK_LAZY(tteok_webp_library, uint8_t *, WebPDecodeRGBAInto,
           (const uint8_t *data, size_t data_size, uint8_t *output_buffer, size_t output_buffer_size, int output_stride),
           (data, data_size, output_buffer, output_buffer_size, output_stride))

#pragma GCC visibility pop
