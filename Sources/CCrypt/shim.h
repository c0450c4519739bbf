#ifndef TTEOK_CCRYPT_SHIM_H
#define TTEOK_CCRYPT_SHIM_H
#include <crypt.h>
#endif
