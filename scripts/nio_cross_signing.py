"""Checks another account's published cross-signing keys for tteok's tests (imported by
nio-peer.py), independently of tteok: /keys/query as nio's user, signatures checked with
python-olm's ed25519 and nio's canonical JSON.

check(client, request) → {"master": KEY or null, "self_signing_by_master": bool,
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
    query = urllib.request.Request(f"{client.homeserver}/_matrix/client/v3/keys/query", method="POST",
                                   data=json.dumps({"device_keys": {user: []}}).encode(),
                                   headers={"Authorization": f"Bearer {client.access_token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(query) as answer:
        keys = json.loads(answer.read())
    master_obj = keys.get("master_keys", {}).get(user)
    self_obj = keys.get("self_signing_keys", {}).get(user)
    user_obj = keys.get("user_signing_keys", {}).get(user)  # only the user themself sees it
    device = keys.get("device_keys", {}).get(user, {}).get(device_id, {})
    master, self_signing = _only_key(master_obj), _only_key(self_obj)
    device_key = device.get("keys", {}).get(f"ed25519:{device_id}")
    return {
        "master": master,
        "self_signing_by_master": bool(master and self_obj and _signed_by(self_obj, user, master)),
        "user_signing_by_master": bool(master and user_obj and _signed_by(user_obj, user, master)),
        "device_by_self_signing": bool(self_signing and _signed_by(device, user, self_signing)),
        "master_by_device": bool(master_obj and device_key and _signed_by(master_obj, user, device_key, f"ed25519:{device_id}")),
    }
