// libjpeg-turbo's functions that CJpeg's shim (tteok_jpeg_decode) calls; jpeg_create_decompress
// is jpeglib.h's macro for jpeg_CreateDecompress.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

// After the C library's headers: only what libjpeg's headers declare is hidden.
#pragma GCC visibility push(hidden)
#include "lazy_library.h"
#include <jpeglib.h>

TTEOK_LAZY_LIBRARY(tteok_jpeg_library, "libjpeg.so.62")

TTEOK_LAZY(tteok_jpeg_library, struct jpeg_error_mgr *, jpeg_std_error, (struct jpeg_error_mgr * err), (err))
TTEOK_LAZY(tteok_jpeg_library, void, jpeg_CreateDecompress, (j_decompress_ptr cinfo, int version, size_t structsize),
           (cinfo, version, structsize))
TTEOK_LAZY(tteok_jpeg_library, void, jpeg_destroy_decompress, (j_decompress_ptr cinfo), (cinfo))
TTEOK_LAZY(tteok_jpeg_library, void, jpeg_mem_src, (j_decompress_ptr cinfo, const unsigned char *inbuffer, unsigned long insize),
           (cinfo, inbuffer, insize))
TTEOK_LAZY(tteok_jpeg_library, int, jpeg_read_header, (j_decompress_ptr cinfo, boolean require_image), (cinfo, require_image))
TTEOK_LAZY(tteok_jpeg_library, boolean, jpeg_start_decompress, (j_decompress_ptr cinfo), (cinfo))
TTEOK_LAZY(tteok_jpeg_library, JDIMENSION, jpeg_read_scanlines, (j_decompress_ptr cinfo, JSAMPARRAY scanlines, JDIMENSION max_lines),
           (cinfo, scanlines, max_lines))
TTEOK_LAZY(tteok_jpeg_library, boolean, jpeg_finish_decompress, (j_decompress_ptr cinfo), (cinfo))

#pragma GCC visibility pop
