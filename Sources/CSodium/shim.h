#ifndef TTEOK_CSODIUM_SHIM_H
#define TTEOK_CSODIUM_SHIM_H
// libsodium (Debian libsodium-dev, security-supported): only its Ed25519 signature check, which
// is twice as fast here as libolm's or OpenSSL's (49 against 108 and 113 µs). Every Megolm
// message carries one, so it bounds how fast history decrypts. Only MatrixCrypto imports it.
#include <sodium/core.h>
#include <sodium/crypto_sign_ed25519.h>
#endif
