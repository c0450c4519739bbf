#ifndef TTEOK_IMAGE_LIBRARIES_H
#define TTEOK_IMAGE_LIBRARIES_H
// The image libraries ImagePreview calls — libchafa (with glib), libpng16, libjpeg62-turbo,
// giflib and libwebp — are not linked: this target defines the functions that chafa_drawing.c,
// the CPng, CJpeg and CGif shims and ImagePreview's WebPDecoder call, each opening its library
// with dlopen on first use. Mapping and relocating the seven libraries (pcre2 comes with glib) at exec cost every
// start of tteok about 0.6 ms before main, and their symbols in the global scope made the
// Matrix transport's later dlopen of libcurl about 0.4 ms slower; only an image preview or an
// image sent needs them.
//
// A wrapper called without its library ends the process with a message (there is no value it
// could return). So that no ordinary path gets there, ImagePreview asks first:
// `tteok_image_library_open`, and shows or says why there is no image instead.
#include <stddef.h>

typedef enum {
    TTEOK_IMAGE_LIBRARY_CHAFA,
    TTEOK_IMAGE_LIBRARY_PNG,
    TTEOK_IMAGE_LIBRARY_JPEG,
    TTEOK_IMAGE_LIBRARY_GIF,
    TTEOK_IMAGE_LIBRARY_WEBP,
} tteok_image_library;

/// Opens `library` (the first call per library; later calls answer at once) and returns 1, or
/// returns 0 with the loader's reason (dlerror: the file name and why) in `message`.
int tteok_image_library_open(tteok_image_library library, char *message, size_t message_size);
#endif
