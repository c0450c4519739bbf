"""Reads what tteok stored in an account's secret storage (m.secret_storage.v1.aes-hmac-sha2), for
tteok's tests (imported by nio-peer.py), independently of tteok: the recovery key decoded here,
HKDF and PBKDF2 from Python's hmac/hashlib, AES-CTR from pycryptodome, public keys from python-olm
(cross-signing seeds) and vodozemac (the backup's curve25519 key).

check(client, request) with request["recovery_key"] or request["passphrase"] →
{"default_key": ID, "key_checks": bool, "master"|"self_signing"|"user_signing": public key or null,
 "backup_key": the public key of the stored backup key or null, "backup": the server's public key,
 "backup_signed_by_master": bool, "published": {"master": …, "self_signing": …, "user_signing": …}}
"""
import base64
import hashlib
import hmac
import json
import urllib.parse
import urllib.request

import olm
import vodozemac
from Crypto.Cipher import AES
from nio.api import Api

from nio_cross_signing import _only_key

ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _b64(text):
    return base64.b64decode(text + "=" * (-len(text) % 4))


def _recovery_key(text):
    number = 0
    for character in text.replace(" ", ""):
        number = number * 58 + ALPHABET.index(character)
    raw = number.to_bytes(35, "big")
    parity = 0
    for byte in raw[:34]:
        parity ^= byte
    if raw[:2] != b"\x8b\x01" or parity != raw[34]:
        raise ValueError("not a recovery key")
    return raw[2:34]


def _keys(key, name):
    prk = hmac.new(b"\0" * 32, key, hashlib.sha256).digest()
    first = hmac.new(prk, name.encode() + b"\x01", hashlib.sha256).digest()
    second = hmac.new(prk, first + name.encode() + b"\x02", hashlib.sha256).digest()
    return first, second


def _decrypt(key, name, item):
    aes_key, mac_key = _keys(key, name)
    ciphertext = _b64(item["ciphertext"])
    if not hmac.compare_digest(hmac.new(mac_key, ciphertext, hashlib.sha256).digest(), _b64(item["mac"])):
        raise ValueError(f"bad MAC on {name!r}")
    return AES.new(aes_key, AES.MODE_CTR, nonce=b"", initial_value=_b64(item["iv"])).decrypt(ciphertext)


def _get(client, path, body=None):
    request = urllib.request.Request(f"{client.homeserver}/_matrix/client/v3/{path}", method="POST" if body else "GET",
                                     data=json.dumps(body).encode() if body else None,
                                     headers={"Authorization": f"Bearer {client.access_token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise


def _account_data(client, kind):
    return _get(client, f"user/{urllib.parse.quote(client.user_id)}/account_data/{urllib.parse.quote(kind)}")


async def check(client, request):
    key_id = _account_data(client, "m.secret_storage.default_key")["key"]
    description = _account_data(client, f"m.secret_storage.key.{key_id}")
    if request.get("passphrase") is not None:
        info = description["passphrase"]
        key = hashlib.pbkdf2_hmac("sha512", request["passphrase"].encode(), info["salt"].encode(), info["iterations"], info["bits"] // 8)
    else:
        key = _recovery_key(request["recovery_key"])
    aes_key, mac_key = _keys(key, "")
    zeros = AES.new(aes_key, AES.MODE_CTR, nonce=b"", initial_value=_b64(description["iv"])).encrypt(b"\0" * 32)
    answer = {"default_key": key_id, "algorithm": description["algorithm"],
              "key_checks": hmac.compare_digest(hmac.new(mac_key, zeros, hashlib.sha256).digest(), _b64(description["mac"]))}
    for usage in ("master", "self_signing", "user_signing"):
        stored = _account_data(client, f"m.cross_signing.{usage}")
        answer[usage] = olm.PkSigning(_b64(_decrypt(key, f"m.cross_signing.{usage}", stored["encrypted"][key_id]).decode())).public_key \
            if stored else None
    stored = _account_data(client, "m.megolm_backup.v1")
    answer["backup_key"] = vodozemac.Curve25519SecretKey.from_bytes(
        _b64(_decrypt(key, "m.megolm_backup.v1", stored["encrypted"][key_id]).decode())).public_key().to_base64() if stored else None
    version = _get(client, "room_keys/version")
    answer["backup"] = version["auth_data"]["public_key"] if version else None
    keys = _get(client, "keys/query", {"device_keys": {client.user_id: []}})
    answer["published"] = {usage: _only_key(keys.get(f"{usage}_keys", {}).get(client.user_id)) for usage in ("master", "self_signing", "user_signing")}
    master = answer["published"]["master"]
    signature = ((version or {}).get("auth_data", {}).get("signatures", {}).get(client.user_id, {}).get(f"ed25519:{master}"))
    answer["backup_signed_by_master"] = False
    if master and signature:
        unsigned = {k: v for k, v in version["auth_data"].items() if k not in ("signatures", "unsigned")}
        try:
            olm.ed25519_verify(master, Api.to_canonical_json(unsigned), signature)
            answer["backup_signed_by_master"] = True
        except olm.OlmVerifyError:
            pass
    return answer
