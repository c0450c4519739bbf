#ifndef TTEOK_CJPEG_SHIM_H
#define TTEOK_CJPEG_SHIM_H
// libjpeg-turbo (Debian's libjpeg62-turbo, security-supported) behind one call Swift can make
// safely. libjpeg's error_exit must not return: ours longjmps back into this helper, never
// across Swift frames, and the helper returns an error code and libjpeg's message instead.
// Headers only: libjpeg is not linked; its functions are CImageLibraries' wrappers, which open
// libjpeg.so.62 on first use (ImageLibrary.jpeg is asked for first).
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    struct jpeg_progress_mgr progress;
    int max_scans;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} tteok_jpeg_context;

static void tteok_jpeg_fail(j_common_ptr jpeg) {
    tteok_jpeg_context *context = (tteok_jpeg_context *)jpeg->err;
    (*jpeg->err->format_message)(jpeg, context->message);
    longjmp(context->jump, 1);
}

/// Warnings are quiet, except running out of data: libjpeg would fill the rest with grey, but a
/// file cut short is refused, as for the other formats.
static void tteok_jpeg_warn(j_common_ptr jpeg, int level) {
    if (level < 0 && jpeg->err->msg_code == JWRN_JPEG_EOF) {
        tteok_jpeg_context *context = (tteok_jpeg_context *)jpeg->err;
        snprintf(context->message, sizeof context->message, "cut short");
        longjmp(context->jump, 1);
    }
}

/// A progressive JPEG may carry thousands of tiny scans, each a pass over the whole image:
/// past `max_scans` it is refused (libjpeg-turbo's own TJFLAG_LIMITSCANS does the same).
static void tteok_jpeg_progress(j_common_ptr jpeg) {
    tteok_jpeg_context *context = (tteok_jpeg_context *)jpeg->err;
    if (!jpeg->is_decompressor) return;
    j_decompress_ptr decompress = (j_decompress_ptr)jpeg;
    if (decompress->progressive_mode && decompress->input_scan_number > context->max_scans) {
        snprintf(context->message, sizeof context->message, "too many scans");
        longjmp(context->jump, 1);
    }
}

/// Reads the JPEG's header, sets `*width` and `*height`; when `out` is not NULL and the size is
/// `expected_width`×`expected_height`, decodes the image into `out` as RGBA, 8 bits a channel.
/// libjpeg's own working memory is capped at `max_memory` bytes. Returns 0, or -1 with
/// `message` set.
static inline int tteok_jpeg_decode(const uint8_t *data, size_t size, long max_memory, int max_scans,
                                    uint32_t *width, uint32_t *height,
                                    uint32_t expected_width, uint32_t expected_height, uint8_t *out,
                                    char *message, size_t message_size) {
    struct jpeg_decompress_struct jpeg;
    tteok_jpeg_context context;
    memset(&jpeg, 0, sizeof jpeg);
    memset(&context, 0, sizeof context);
    jpeg.err = jpeg_std_error(&context.base);
    context.base.error_exit = tteok_jpeg_fail;
    context.base.emit_message = tteok_jpeg_warn;
    context.max_scans = max_scans;
    if (setjmp(context.jump)) {
        snprintf(message, message_size, "%s", context.message);
        jpeg_destroy_decompress(&jpeg);
        return -1;
    }
    jpeg_create_decompress(&jpeg);
    jpeg.mem->max_memory_to_use = max_memory;
    context.progress.progress_monitor = tteok_jpeg_progress;
    jpeg.progress = &context.progress;
    jpeg_mem_src(&jpeg, data, (unsigned long)size);
    jpeg_read_header(&jpeg, TRUE);
    *width = jpeg.image_width;
    *height = jpeg.image_height;
    if (out == NULL) {
        jpeg_destroy_decompress(&jpeg);
        return 0;
    }
    if (*width != expected_width || *height != expected_height) {
        snprintf(context.message, sizeof context.message, "size changed");
        longjmp(context.jump, 1);
    }
    jpeg.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&jpeg);
    if (jpeg.output_width != expected_width || jpeg.output_height != expected_height || jpeg.output_components != 4) {
        snprintf(context.message, sizeof context.message, "unexpected output size");
        longjmp(context.jump, 1);
    }
    while (jpeg.output_scanline < jpeg.output_height) {
        JSAMPROW row = out + (size_t)jpeg.output_scanline * expected_width * 4;
        jpeg_read_scanlines(&jpeg, &row, 1);
    }
    jpeg_finish_decompress(&jpeg);
    jpeg_destroy_decompress(&jpeg);
    return 0;
}
#endif
