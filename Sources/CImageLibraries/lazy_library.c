// Opening the image libraries and finding their functions, shared by the five *_lazy.c files.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// After the C library's headers: only what this target declares is hidden.
#pragma GCC visibility push(hidden)
#include "lazy_library.h"
#include "image_libraries.h"

void tteok_lazy_library_load(tteok_lazy_library *library) {
    library->handle = dlopen(library->file, RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) {
        const char *why = dlerror();
        snprintf(library->failure, sizeof library->failure, "%s", why ? why : library->file);
    }
}

void *tteok_lazy_library_symbol(const tteok_lazy_library *library, const char *name) {
    void *symbol = library->handle ? dlsym(library->handle, name) : NULL;
    if (!symbol) {
        const char *why = library->handle ? dlerror() : library->failure;
        fprintf(stderr, "tteok: images need %s (%s): %s\n", library->file, name, why ? why : "not found");
        abort();
    }
    return symbol;
}

int tteok_image_library_open(tteok_image_library which, char *message, size_t message_size) {
    const tteok_lazy_library *library = NULL;
    switch (which) {
    case TTEOK_IMAGE_LIBRARY_CHAFA: library = tteok_chafa_library(); break;
    case TTEOK_IMAGE_LIBRARY_PNG: library = tteok_png_library(); break;
    case TTEOK_IMAGE_LIBRARY_JPEG: library = tteok_jpeg_library(); break;
    case TTEOK_IMAGE_LIBRARY_GIF: library = tteok_gif_library(); break;
    case TTEOK_IMAGE_LIBRARY_WEBP: library = tteok_webp_library(); break;
    }
    if (library && library->handle) return 1;
    snprintf(message, message_size, "%s", library ? library->failure : "no such library");
    return 0;
}

#pragma GCC visibility pop
