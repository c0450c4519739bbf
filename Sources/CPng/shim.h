#ifndef TTEOK_CPNG_SHIM_H
#define TTEOK_CPNG_SHIM_H
// libpng 1.6 (Debian's libpng16, security-supported) behind two calls Swift can make safely.
// libpng reports errors by longjmp: that must never cross Swift frames, so the jump lands in
// these C helpers, which return an error code and a message instead.
// Headers only: libpng is not linked; its functions are CImageLibraries' wrappers, which open
// libpng16.so.16 on first use (ImageLibrary.png is asked for first).
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    jmp_buf jump;
    char message[160];
} tteok_png_context;

static void tteok_png_fail(png_structp png, png_const_charp message) {
    tteok_png_context *context = (tteok_png_context *)png_get_error_ptr(png);
    snprintf(context->message, sizeof context->message, "%s", message ? message : "unreadable");
    longjmp(context->jump, 1);
}

static void tteok_png_warn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void tteok_png_read(png_structp png, png_bytep out, size_t count) {
    tteok_png_context *context = (tteok_png_context *)png_get_io_ptr(png);
    if (count > context->size - context->offset) png_error(png, "cut short");
    memcpy(out, context->data + context->offset, count);
    context->offset += count;
}

/// Reads the header of the PNG in `data`, sets `*width` and `*height`; when `out` is not NULL
/// and the header's size is `expected_width`×`expected_height`, decodes the whole image into
/// `out` as RGBA, 8 bits a channel (`width * 4` bytes a row), reading on to IEND so a file cut
/// short is an error. `max_side` caps each side (libpng's user limits) and `max_chunk` any
/// ancillary chunk's allocation. Returns 0, or -1 with `message` set.
static inline int tteok_png_decode(const uint8_t *data, size_t size, uint32_t max_side, size_t max_chunk,
                                   uint32_t *width, uint32_t *height,
                                   uint32_t expected_width, uint32_t expected_height, uint8_t *out,
                                   char *message, size_t message_size) {
    tteok_png_context context;
    memset(&context, 0, sizeof context);
    context.data = data;
    context.size = size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, tteok_png_fail, tteok_png_warn);
    if (!png) { snprintf(message, message_size, "out of memory"); return -1; }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(context.jump)) {
        snprintf(message, message_size, "%s", info ? context.message : "out of memory");
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return -1;
    }
    png_set_user_limits(png, max_side, max_side);
    png_set_chunk_malloc_max(png, max_chunk);
    png_set_chunk_cache_max(png, 128);
    png_set_read_fn(png, &context, tteok_png_read);
    png_read_info(png, info);
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    if (out == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    if (*width != expected_width || *height != expected_height) png_error(png, "size changed");
    // Any colour type and depth to RGBA8: palette and low depths expanded, tRNS to alpha,
    // 16 bits stripped, grey to RGB, an opaque alpha added where there is none.
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)expected_width * 4) png_error(png, "unexpected row size");
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t row = 0; row < expected_height; row++) {
            png_read_row(png, out + (size_t)row * expected_width * 4, NULL);
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}
#endif
