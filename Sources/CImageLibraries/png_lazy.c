// libpng's functions that CPng's shim (tteok_png_decode and its callbacks) calls.
#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// After the C library's headers: only what libpng's headers declare is hidden.
#pragma GCC visibility push(hidden)
#include "lazy_library.h"
#include <png.h>

TTEOK_LAZY_LIBRARY(tteok_png_library, "libpng16.so.16")

TTEOK_LAZY(tteok_png_library, png_structp, png_create_read_struct,
           (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn, png_error_ptr warn_fn),
           (user_png_ver, error_ptr, error_fn, warn_fn))
TTEOK_LAZY(tteok_png_library, png_infop, png_create_info_struct, (png_const_structrp png_ptr), (png_ptr))
TTEOK_LAZY(tteok_png_library, void, png_destroy_read_struct,
           (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr, png_infopp end_info_ptr_ptr),
           (png_ptr_ptr, info_ptr_ptr, end_info_ptr_ptr))
TTEOK_LAZY(tteok_png_library, png_voidp, png_get_error_ptr, (png_const_structrp png_ptr), (png_ptr))
TTEOK_LAZY(tteok_png_library, png_voidp, png_get_io_ptr, (png_const_structrp png_ptr), (png_ptr))
TTEOK_LAZY(tteok_png_library, png_uint_32, png_get_image_width, (png_const_structrp png_ptr, png_const_inforp info_ptr),
           (png_ptr, info_ptr))
TTEOK_LAZY(tteok_png_library, png_uint_32, png_get_image_height, (png_const_structrp png_ptr, png_const_inforp info_ptr),
           (png_ptr, info_ptr))
TTEOK_LAZY(tteok_png_library, size_t, png_get_rowbytes, (png_const_structrp png_ptr, png_const_inforp info_ptr),
           (png_ptr, info_ptr))
TTEOK_LAZY(tteok_png_library, void, png_set_user_limits,
           (png_structrp png_ptr, png_uint_32 user_width_max, png_uint_32 user_height_max),
           (png_ptr, user_width_max, user_height_max))
TTEOK_LAZY(tteok_png_library, void, png_set_chunk_malloc_max, (png_structrp png_ptr, png_alloc_size_t user_chunk_cache_max),
           (png_ptr, user_chunk_cache_max))
TTEOK_LAZY(tteok_png_library, void, png_set_chunk_cache_max, (png_structrp png_ptr, png_uint_32 user_chunk_cache_max),
           (png_ptr, user_chunk_cache_max))
TTEOK_LAZY(tteok_png_library, void, png_set_read_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr read_data_fn),
           (png_ptr, io_ptr, read_data_fn))
TTEOK_LAZY(tteok_png_library, void, png_read_info, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
TTEOK_LAZY(tteok_png_library, void, png_set_expand, (png_structrp png_ptr), (png_ptr))
TTEOK_LAZY(tteok_png_library, void, png_set_strip_16, (png_structrp png_ptr), (png_ptr))
TTEOK_LAZY(tteok_png_library, void, png_set_gray_to_rgb, (png_structrp png_ptr), (png_ptr))
TTEOK_LAZY(tteok_png_library, void, png_set_filler, (png_structrp png_ptr, png_uint_32 filler, int flags),
           (png_ptr, filler, flags))
TTEOK_LAZY(tteok_png_library, int, png_set_interlace_handling, (png_structrp png_ptr), (png_ptr))
TTEOK_LAZY(tteok_png_library, void, png_read_update_info, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))
TTEOK_LAZY(tteok_png_library, void, png_read_row, (png_structrp png_ptr, png_bytep row, png_bytep display_row),
           (png_ptr, row, display_row))
TTEOK_LAZY(tteok_png_library, void, png_read_end, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr))

// png.h declares png_error PNG_NORETURN (it longjmps through the error callback): the wrapper
// must not return either, and a libpng whose png_error did return could not go on anyway.
void(png_error)(png_const_structrp png_ptr, png_const_charp error_message) {
    static void *kept;
    ((void (*)(png_const_structrp, png_const_charp))tteok_lazy_symbol(&kept, tteok_png_library, "png_error"))(png_ptr,
                                                                                                           error_message);
    abort();
}

#pragma GCC visibility pop
