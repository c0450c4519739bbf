// giflib's functions that CGif's shim (tteok_gif_decode and its helpers) calls.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

// After the C library's headers: only what giflib's header declares is hidden.
#pragma GCC visibility push(hidden)
#include "lazy_library.h"
#include <gif_lib.h>

TTEOK_LAZY_LIBRARY(tteok_gif_library, "libgif.so.7")

TTEOK_LAZY(tteok_gif_library, GifFileType *, DGifOpen, (void *userPtr, InputFunc readFunc, int *Error), (userPtr, readFunc, Error))
TTEOK_LAZY(tteok_gif_library, int, DGifCloseFile, (GifFileType * GifFile, int *ErrorCode), (GifFile, ErrorCode))
TTEOK_LAZY(tteok_gif_library, int, DGifGetRecordType, (GifFileType * GifFile, GifRecordType *GifType), (GifFile, GifType))
TTEOK_LAZY(tteok_gif_library, int, DGifGetImageDesc, (GifFileType * GifFile), (GifFile))
TTEOK_LAZY(tteok_gif_library, int, DGifGetLine, (GifFileType * GifFile, GifPixelType *GifLine, int GifLineLen),
           (GifFile, GifLine, GifLineLen))
TTEOK_LAZY(tteok_gif_library, int, DGifGetExtension, (GifFileType * GifFile, int *GifExtCode, GifByteType **GifExtension),
           (GifFile, GifExtCode, GifExtension))
TTEOK_LAZY(tteok_gif_library, int, DGifGetExtensionNext, (GifFileType * GifFile, GifByteType **GifExtension), (GifFile, GifExtension))
TTEOK_LAZY(tteok_gif_library, int, DGifExtensionToGCB,
           (const size_t GifExtensionLength, const GifByteType *GifExtension, GraphicsControlBlock *GCB),
           (GifExtensionLength, GifExtension, GCB))
TTEOK_LAZY(tteok_gif_library, const char *, GifErrorString, (int ErrorCode), (ErrorCode))

#pragma GCC visibility pop
