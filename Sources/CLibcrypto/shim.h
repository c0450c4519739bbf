#ifndef TTEOK_CLIBCRYPTO_SHIM_H
#define TTEOK_CLIBCRYPTO_SHIM_H
// OpenSSL 3 libcrypto (Debian libssl-dev, security-supported): the symmetric primitives Matrix
// needs beside libolm — AES-256-CTR, HMAC-SHA-256, SHA-256, PBKDF2-HMAC-SHA-512 — for secret
// storage, key export files and verification. Only MatrixCrypto imports it.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>
#endif
