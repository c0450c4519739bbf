#ifndef TTEOK_CGIF_SHIM_H
#define TTEOK_CGIF_SHIM_H
// giflib 5 (Debian's libgif7, security-supported), read record by record for the first frame
// only: DGifSlurp would decode every frame of an animation, and a 10 MiB GIF can hold
// gigabytes of them. Memory here is the output plus one row.
// Headers only: giflib is not linked; its functions are CImageLibraries' wrappers, which open
// libgif.so.7 on first use (ImageLibrary.gif is asked for first).
#include <gif_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} tteok_gif_source;

static int tteok_gif_read(GifFileType *gif, GifByteType *out, int count) {
    tteok_gif_source *source = (tteok_gif_source *)gif->UserData;
    if (count < 0) return 0;
    size_t left = source->size - source->offset;
    size_t taken = (size_t)count < left ? (size_t)count : left;
    memcpy(out, source->data + source->offset, taken);
    source->offset += taken;
    return (int)taken;
}

static int tteok_gif_stop(GifFileType *gif, int error, const char *why, char *message, size_t message_size) {
    const char *text = why ? why : GifErrorString(error ? error : gif->Error);
    snprintf(message, message_size, "%s", text ? text : "unreadable");
    int ignored = 0;
    DGifCloseFile(gif, &ignored);
    return -1;
}

/// Skips an extension block, noting a graphic control block's transparent colour.
static int tteok_gif_extension(GifFileType *gif, int *transparent) {
    int code = 0;
    GifByteType *block = NULL;
    if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return GIF_ERROR;
    if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4) {
        GraphicsControlBlock control;
        if (DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) *transparent = control.TransparentColor;
    }
    while (block != NULL) {
        if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return GIF_ERROR;
    }
    return GIF_OK;
}

/// Draws the first frame's rows onto the `out` canvas (the logical screen, RGBA, transparent
/// where the frame does not cover it), clipping rows and columns outside the screen.
static int tteok_gif_frame(GifFileType *gif, int transparent, uint8_t *out, char *message, size_t message_size) {
    GifImageDesc *frame = &gif->Image;
    ColorMapObject *colours = frame->ColorMap ? frame->ColorMap : gif->SColorMap;
    if (!colours || frame->Width <= 0 || frame->Height <= 0) {
        return tteok_gif_stop(gif, 0, "no colour table or an empty frame", message, message_size);
    }
    GifPixelType *line = malloc((size_t)frame->Width);
    if (!line) return tteok_gif_stop(gif, 0, "out of memory", message, message_size);
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
        for (int row = start; row < frame->Height; row += step) {
            if (DGifGetLine(gif, line, frame->Width) == GIF_ERROR) {
                free(line);
                return tteok_gif_stop(gif, 0, NULL, message, message_size);
            }
            long y = (long)frame->Top + row;
            if (y < 0 || y >= gif->SHeight) continue;
            for (int column = 0; column < frame->Width; column++) {
                long x = (long)frame->Left + column;
                int index = line[column];
                if (x < 0 || x >= gif->SWidth || index == transparent || index >= colours->ColorCount) continue;
                uint8_t *pixel = out + ((size_t)y * (size_t)gif->SWidth + (size_t)x) * 4;
                pixel[0] = colours->Colors[index].Red;
                pixel[1] = colours->Colors[index].Green;
                pixel[2] = colours->Colors[index].Blue;
                pixel[3] = 255;
            }
        }
    }
    free(line);
    int ignored = 0;
    DGifCloseFile(gif, &ignored);
    return 0;
}

/// Reads the GIF's logical screen size into `*width` and `*height`; when `out` is not NULL (a
/// zeroed canvas of `expected_width`×`expected_height` RGBA pixels) and the size matches,
/// draws the first frame on it. Returns 0, or -1 with `message` set.
static inline int tteok_gif_decode(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                   uint32_t expected_width, uint32_t expected_height, uint8_t *out,
                                   char *message, size_t message_size) {
    tteok_gif_source source = {data, size, 0};
    int error = 0;
    GifFileType *gif = DGifOpen(&source, tteok_gif_read, &error);
    if (!gif) {
        const char *text = GifErrorString(error);
        snprintf(message, message_size, "%s", text ? text : "unreadable");
        return -1;
    }
    *width = (uint32_t)(gif->SWidth > 0 ? gif->SWidth : 0);
    *height = (uint32_t)(gif->SHeight > 0 ? gif->SHeight : 0);
    if (out == NULL) {
        DGifCloseFile(gif, &error);
        return 0;
    }
    if (*width != expected_width || *height != expected_height) {
        return tteok_gif_stop(gif, 0, "size changed", message, message_size);
    }
    int transparent = NO_TRANSPARENT_COLOR;
    for (;;) {
        GifRecordType record = UNDEFINED_RECORD_TYPE;
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) return tteok_gif_stop(gif, 0, NULL, message, message_size);
        switch (record) {
        case IMAGE_DESC_RECORD_TYPE:
            if (DGifGetImageDesc(gif) == GIF_ERROR) return tteok_gif_stop(gif, 0, NULL, message, message_size);
            return tteok_gif_frame(gif, transparent, out, message, message_size);
        case EXTENSION_RECORD_TYPE:
            if (tteok_gif_extension(gif, &transparent) == GIF_ERROR) return tteok_gif_stop(gif, 0, NULL, message, message_size);
            break;
        default:
            return tteok_gif_stop(gif, 0, "no picture in the file", message, message_size);
        }
    }
}
#endif
