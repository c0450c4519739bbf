"""Checks another account's published cross-signing keys for tteok's tests (imported by
nio-peer.py), independently of tteok: /keys/query as nio's user, signatures checked with
python-olm's ed25519 and nio's canonical JSON.

check(client, request) → {"master": KEY or null, "master_by_signer": bool (signed by the user-signing key of
request["signer"], when the checking account is that signer), "self_signing_by_master": bool,
"user_signing_by_master": bool, "device_by_self_signing": bool, "master_by_device": bool}
for request["check_user"] and its device request["check_device"].
"""
import json
import urllib.request

import olm
from nio.api import Api


def _signed_by(obj, user, key, key_id=None):
    """Whether `obj` carries `user`'s valid signature by ed25519 `key` (under `key_id`, by default
    the key itself, as cross-signing keys are named; a device signs as ed25519:DEVICE)."""
    signature = obj.get("signatures", {}).get(user, {}).get(key_id or f"ed25519:{key}")
    if not signature:
        return False
    unsigned = {k: v for k, v in obj.items() if k not in ("signatures", "unsigned")}
    try:
        olm.ed25519_verify(key, Api.to_canonical_json(unsigned), signature)
        return True
    except olm.OlmVerifyError:
        return False


def _only_key(obj):
    keys = list((obj or {}).get("keys", {}).values())
    return keys[0] if len(keys) == 1 else None


async def check(client, request):
    user, device_id = request["check_user"], request["check_device"]
    signer = request.get("signer")
    wanted = {user: [], **({signer: []} if signer else {})}
    query = urllib.request.Request(f"{client.homeserver}/_matrix/client/v3/keys/query", method="POST",
                                   data=json.dumps({"device_keys": wanted}).encode(),
                                   headers={"Authorization": f"Bearer {client.access_token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(query) as answer:
        keys = json.loads(answer.read())
    master_obj = keys.get("master_keys", {}).get(user)
    self_obj = keys.get("self_signing_keys", {}).get(user)
    user_obj = keys.get("user_signing_keys", {}).get(user)  # only the user themself sees it
    device = keys.get("device_keys", {}).get(user, {}).get(device_id, {})
    master, self_signing = _only_key(master_obj), _only_key(self_obj)
    device_key = device.get("keys", {}).get(f"ed25519:{device_id}")
    signer_user_signing = _only_key(keys.get("user_signing_keys", {}).get(signer)) if signer else None
    return {
        "master_by_signer": bool(master_obj and signer_user_signing and _signed_by(master_obj, signer, signer_user_signing)),
        "master": master,
        "self_signing_by_master": bool(master and self_obj and _signed_by(self_obj, user, master)),
        "user_signing_by_master": bool(master and user_obj and _signed_by(user_obj, user, master)),
        "device_by_self_signing": bool(self_signing and _signed_by(device, user, self_signing)),
        "master_by_device": bool(master_obj and device_key and _signed_by(master_obj, user, device_key, f"ed25519:{device_id}")),
    }


def _post(client, path, body):
    request = urllib.request.Request(f"{client.homeserver}/_matrix/client/v3/{path}", method="POST", data=json.dumps(body).encode(),
                                     headers={"Authorization": f"Bearer {client.access_token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        if error.code == 401:
            return json.loads(error.read())
        raise


def _signed(obj, signing, user, key_id):
    unsigned = {k: v for k, v in obj.items() if k not in ("signatures", "unsigned")}
    signature = signing.sign(Api.to_canonical_json(unsigned))
    obj.setdefault("signatures", {}).setdefault(user, {})[key_id] = signature
    return obj


async def publish(client, request):
    """Gives nio's account cross-signing keys as Element would: new keys (uploaded with the
    password) or, with request["seeds"], the keys made before; then signs this device with the
    self-signing key and, for new keys, the master key with this device.
    → {"master": KEY, "seeds": {"master": b64, "self_signing": b64, "user_signing": b64}}"""
    import base64
    user = client.user_id
    given = request.get("seeds")
    seeds = {usage: base64.b64decode(given[usage]) if given else olm.PkSigning.generate_seed()
             for usage in ("master", "self_signing", "user_signing")}
    keys = {usage: olm.PkSigning(seed) for usage, seed in seeds.items()}
    objects = {usage: {"user_id": user, "usage": [usage], "keys": {f"ed25519:{key.public_key}": key.public_key}}
               for usage, key in keys.items()}
    master = keys["master"].public_key
    if not given:
        body = {"master_key": objects["master"],
                "self_signing_key": _signed(objects["self_signing"], keys["master"], user, f"ed25519:{master}"),
                "user_signing_key": _signed(objects["user_signing"], keys["master"], user, f"ed25519:{master}")}
        first = _post(client, "keys/device_signing/upload", body)
        if "session" in first:
            body["auth"] = {"type": "m.login.password", "session": first["session"], "password": request["password"],
                            "identifier": {"type": "m.id.user", "user": user}}
            _post(client, "keys/device_signing/upload", body)
    query = _post(client, "keys/query", {"device_keys": {user: [client.device_id]}})
    device = query["device_keys"][user][client.device_id]
    device = {k: v for k, v in device.items() if k not in ("signatures", "unsigned")}
    signatures = {client.device_id: _signed(device, keys["self_signing"], user, f"ed25519:{keys['self_signing'].public_key}")}
    if not given:
        master_obj = {"user_id": user, "usage": ["master"], "keys": {f"ed25519:{master}": master}}
        signatures[master] = _signed(master_obj, client.olm.account, user, f"ed25519:{client.device_id}")
    answer = _post(client, "keys/signatures/upload", {user: signatures})
    if answer.get("failures"):
        raise RuntimeError(f"signatures refused: {answer['failures']}")
    return {"master": master, "seeds": {usage: base64.b64encode(seed).decode() for usage, seed in seeds.items()}}
