#ifndef TTEOK_COLM_SHIM_H
#define TTEOK_COLM_SHIM_H
// libolm 3.2 (Debian libolm-dev): Olm and Megolm, SAS, and PK for key backup.
// Deprecated upstream in favour of vodozemac; see README "Safety" and MatrixCrypto.
#include <olm/olm.h>
#include <olm/sas.h>
#include <olm/pk.h>
#endif
