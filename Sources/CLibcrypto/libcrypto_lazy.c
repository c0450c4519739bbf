// The libcrypto functions MatrixCrypto calls, each opening libcrypto.so.3 on first use (see
// include/shim.h for why). Every definition is hidden: it serves this executable's own calls
// and never interposes on another library's calls into libcrypto (libcurl's TLS).
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// After the C library's headers: only what libcrypto's headers declare (and this file defines)
// is hidden.
#pragma GCC visibility push(hidden)
#include "shim.h"

static void *library;
static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void open_library(void) {
    library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
}

// The address of `name` in libcrypto. Without libcrypto (or a name it lacks) there is no way
// on: the message says what is missing, and the process ends.
static void *libcrypto_symbol(const char *name) {
    pthread_once(&opened, open_library);
    void *symbol = library ? dlsym(library, name) : NULL;
    if (!symbol) {
        const char *why = dlerror();
        fprintf(stderr, "tteok: end-to-end encryption needs OpenSSL 3's libcrypto.so.3 (%s): %s\n", name,
                why ? why : "not found");
        abort();
    }
    return symbol;
}

// One function: its symbol is looked up once and kept (a pointer, read and written atomically).
#define TTEOK_LAZY(result, name, parameters, arguments)                                           \
    result name parameters {                                                                       \
        static void *kept;                                                                         \
        void *symbol = __atomic_load_n(&kept, __ATOMIC_ACQUIRE);                                   \
        if (!symbol) {                                                                             \
            symbol = libcrypto_symbol(#name);                                                      \
            __atomic_store_n(&kept, symbol, __ATOMIC_RELEASE);                                     \
        }                                                                                          \
        return ((result(*) parameters)symbol) arguments;                                           \
    }

TTEOK_LAZY(EVP_MD *, EVP_MD_fetch, (OSSL_LIB_CTX * ctx, const char *algorithm, const char *properties),
           (ctx, algorithm, properties))
TTEOK_LAZY(EVP_MD_CTX *, EVP_MD_CTX_new, (void), ())
TTEOK_LAZY(void, EVP_MD_CTX_free, (EVP_MD_CTX * ctx), (ctx))
TTEOK_LAZY(int, EVP_DigestInit_ex2, (EVP_MD_CTX * ctx, const EVP_MD *type, const OSSL_PARAM params[]), (ctx, type, params))
TTEOK_LAZY(int, EVP_DigestUpdate, (EVP_MD_CTX * ctx, const void *data, size_t count), (ctx, data, count))
TTEOK_LAZY(int, EVP_DigestFinal_ex, (EVP_MD_CTX * ctx, unsigned char *md, unsigned int *size), (ctx, md, size))
TTEOK_LAZY(int, CRYPTO_memcmp, (const void *left, const void *right, size_t length), (left, right, length))
TTEOK_LAZY(int, PKCS5_PBKDF2_HMAC,
           (const char *pass, int passlen, const unsigned char *salt, int saltlen, int iter, const EVP_MD *digest,
            int keylen, unsigned char *out),
           (pass, passlen, salt, saltlen, iter, digest, keylen, out))
TTEOK_LAZY(const EVP_MD *, EVP_sha512, (void), ())
TTEOK_LAZY(EVP_CIPHER_CTX *, EVP_CIPHER_CTX_new, (void), ())
TTEOK_LAZY(void, EVP_CIPHER_CTX_free, (EVP_CIPHER_CTX * ctx), (ctx))
TTEOK_LAZY(int, EVP_EncryptInit_ex,
           (EVP_CIPHER_CTX * ctx, const EVP_CIPHER *cipher, ENGINE *impl, const unsigned char *key,
            const unsigned char *iv),
           (ctx, cipher, impl, key, iv))
TTEOK_LAZY(const EVP_CIPHER *, EVP_aes_256_ctr, (void), ())
TTEOK_LAZY(int, EVP_EncryptUpdate, (EVP_CIPHER_CTX * ctx, unsigned char *out, int *outl, const unsigned char *in, int inl),
           (ctx, out, outl, in, inl))
TTEOK_LAZY(int, EVP_EncryptFinal_ex, (EVP_CIPHER_CTX * ctx, unsigned char *out, int *outl), (ctx, out, outl))
TTEOK_LAZY(EVP_CIPHER *, EVP_CIPHER_fetch, (OSSL_LIB_CTX * ctx, const char *algorithm, const char *properties),
           (ctx, algorithm, properties))
TTEOK_LAZY(int, EVP_DecryptInit_ex2,
           (EVP_CIPHER_CTX * ctx, const EVP_CIPHER *cipher, const unsigned char *key, const unsigned char *iv,
            const OSSL_PARAM params[]),
           (ctx, cipher, key, iv, params))
TTEOK_LAZY(int, EVP_DecryptUpdate, (EVP_CIPHER_CTX * ctx, unsigned char *out, int *outl, const unsigned char *in, int inl),
           (ctx, out, outl, in, inl))
TTEOK_LAZY(int, EVP_DecryptFinal_ex, (EVP_CIPHER_CTX * ctx, unsigned char *out, int *outl), (ctx, out, outl))

#pragma GCC visibility pop
