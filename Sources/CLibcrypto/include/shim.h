#ifndef TTEOK_CLIBCRYPTO_SHIM_H
#define TTEOK_CLIBCRYPTO_SHIM_H
// OpenSSL 3 libcrypto (Debian libssl-dev, security-supported): the symmetric primitives Matrix
// needs beside libolm — AES-256-CTR, HMAC-SHA-256, SHA-256, PBKDF2-HMAC-SHA-512 — for secret
// storage, key export files and verification. Only MatrixCrypto imports it.
//
// Not linked: the functions below are defined in libcrypto_lazy.c, which opens libcrypto.so.3
// with dlopen on the first call. Loading libcrypto at exec (17,000 relocations, 4.5 MB mapped)
// cost every start of tteok about 1.4 ms of CPU, the embedded community's too, which never
// uses it (issue 20's exec row).
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>
#endif
