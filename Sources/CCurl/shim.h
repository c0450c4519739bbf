#ifndef TTEOK_CCURL_SHIM_H
#define TTEOK_CCURL_SHIM_H
// libcurl, opened at run time (dlopen) by the Matrix backend's transport and never linked:
// the embedded community then does not load curl and the TLS, Kerberos and LDAP libraries it
// pulls in (several megabytes of resident memory; tteok-bench). No curl headers are needed:
// the few options and codes used are libcurl's stable ABI numbers, set in CurlTransport.swift.
//
// These helpers are stateless: Swift keeps the symbols and passes them in. curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call; these call them through a correctly
// typed variadic pointer.
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

typedef size_t (*tteok_curl_write_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*tteok_curl_progress_callback)(void *context, int64_t down_total, int64_t down_now,
                                            int64_t up_total, int64_t up_now);
typedef int (*tteok_curl_variadic)(void *easy, int option, ...);

// RTLD_DEEPBIND (glibc): curl's ~30 libraries look their symbols up among themselves first,
// not through tteok's ~20 libraries before them — half the load's CPU was those lookups (perf;
// ~1 ms of 5 in a C program with tteok's libraries). None of curl's own libraries defines a
// symbol that tteok or its libraries define too, so no symbol binds differently.
#if defined(__GLIBC__) && !defined(RTLD_DEEPBIND)
#define TTEOK_RTLD_DEEPBIND 0x00008 /* bits/dlfcn.h, without _GNU_SOURCE */
#elif defined(__GLIBC__)
#define TTEOK_RTLD_DEEPBIND RTLD_DEEPBIND
#else
#define TTEOK_RTLD_DEEPBIND 0
#endif

static inline void *tteok_curl_open(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL | TTEOK_RTLD_DEEPBIND);
    return library ? library : dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL | TTEOK_RTLD_DEEPBIND);
}

static inline void *tteok_curl_symbol(void *library, const char *name) { return dlsym(library, name); }

static inline int tteok_curl_setopt_long(void *setopt, void *easy, int option, long value) {
    return ((tteok_curl_variadic)setopt)(easy, option, value);
}

static inline int tteok_curl_setopt_pointer(void *setopt, void *easy, int option, const void *value) {
    return ((tteok_curl_variadic)setopt)(easy, option, value);
}

static inline int tteok_curl_setopt_offset(void *setopt, void *easy, int option, int64_t value) {
    return ((tteok_curl_variadic)setopt)(easy, option, (long long)value);
}

static inline int tteok_curl_setopt_write(void *setopt, void *easy, int option, tteok_curl_write_callback value) {
    return ((tteok_curl_variadic)setopt)(easy, option, value);
}

static inline int tteok_curl_setopt_progress(void *setopt, void *easy, int option, tteok_curl_progress_callback value) {
    return ((tteok_curl_variadic)setopt)(easy, option, value);
}

static inline int tteok_curl_getinfo_long(void *getinfo, void *easy, int info, long *value) {
    return ((tteok_curl_variadic)getinfo)(easy, info, value);
}
#endif
