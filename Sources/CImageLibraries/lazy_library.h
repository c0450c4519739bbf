#ifndef TTEOK_LAZY_LIBRARY_H
#define TTEOK_LAZY_LIBRARY_H
// How each image library is opened on first use and each of its functions found once (see
// include/image_libraries.h for why). Every file that includes this has `#pragma GCC visibility
// push(hidden)` after the C library's headers: its wrappers serve this executable's own calls
// and never interpose on another library's calls into the same names (glib's calls to itself,
// libcurl's own libraries).
#include <pthread.h>

/// One library, opened at most once.
typedef struct {
    /// The file dlopen is given: the soname Debian's package installs.
    const char *file;
    /// NULL before opening, and after opening failed.
    void *handle;
    /// dlerror's text when opening failed.
    char failure[256];
} tteok_lazy_library;

/// dlopen with RTLD_NOW | RTLD_LOCAL: everything bound at once, and nothing of the library
/// joins the global scope other libraries are searched in.
void tteok_lazy_library_load(tteok_lazy_library *library);

/// The address of `name` in `library`. Without the library (or a name it lacks) there is no way
/// on: the message says what is missing, and the process ends.
void *tteok_lazy_library_symbol(const tteok_lazy_library *library, const char *name);

/// Each library, opened on the first call (`pthread_once`) and the same afterwards.
const tteok_lazy_library *tteok_chafa_library(void);
const tteok_lazy_library *tteok_png_library(void);
const tteok_lazy_library *tteok_jpeg_library(void);
const tteok_lazy_library *tteok_gif_library(void);
const tteok_lazy_library *tteok_webp_library(void);

/// Defines `accessor`, one of the five above, for the library `file`.
#define TTEOK_LAZY_LIBRARY(accessor, file)                                                       \
    static tteok_lazy_library accessor##_state = {file, 0, {0}};                                 \
    static pthread_once_t accessor##_once = PTHREAD_ONCE_INIT;                                   \
    static void accessor##_load(void) { tteok_lazy_library_load(&accessor##_state); }            \
    const tteok_lazy_library *accessor(void) {                                                   \
        pthread_once(&accessor##_once, accessor##_load);                                         \
        return &accessor##_state;                                                                \
    }

/// The address of `name` in the library `accessor` opens, looked up on the first call and kept
/// in `*kept` (a pointer, read and written atomically: two threads may both look it up once).
static inline void *tteok_lazy_symbol(void **kept, const tteok_lazy_library *(*accessor)(void), const char *name) {
    void *symbol = __atomic_load_n(kept, __ATOMIC_ACQUIRE);
    if (!symbol) {
        symbol = tteok_lazy_library_symbol(accessor(), name);
        __atomic_store_n(kept, symbol, __ATOMIC_RELEASE);
    }
    return symbol;
}

/// Defines the library function `name`, with the signature its header declares (the compiler
/// checks the two agree), as a call through its address in the library `accessor` opens. The
/// name is in parentheses so that a header's function-like macro of the same name is not
/// expanded here.
#define TTEOK_LAZY(accessor, result, name, parameters, arguments)                                \
    result(name) parameters {                                                                    \
        static void *kept;                                                                       \
        return ((result(*) parameters)tteok_lazy_symbol(&kept, accessor, #name)) arguments;      \
    }
#endif
