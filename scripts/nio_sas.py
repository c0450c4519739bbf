"""SAS emoji verification for the nio peer of tteok's tests (imported by nio-peer.py).

matrix-nio 0.26.0's `Sas` (over vodozemac) departs from the specification in three ways, so it
cannot verify with Element or any other client that follows it (matrix-nio issue #570, pull
request #573, both open when this was written):
  1. the commitment is a hex SHA-256 digest, not unpadded base64;
  2. `_generate_emoji` re-splits vodozemac's `emoji_indices` (already the seven indices) into
     bits, so nio shows other emoji than the other side;
  3. it announces `hkdf-hmac-sha256` but computes vodozemac's standard-base64 MAC, which is
     `hkdf-hmac-sha256.v2`.
`apply_fixes()` makes exactly pull request #573's corrections; nothing else of nio changes. The
peer is then what a correct client does, computed by vodozemac (not by libolm, which tteok uses).

verify(client, request) runs one verification and prints JSON lines:
  {"emoji": [[symbol, name], …]}  when the keys are exchanged (before answering),
  {"result": "verified" | "canceled", "code": …, "reason": …, "emoji": […]}  at the end.
Request fields: "role": "start" (nio starts, to "other_user"/"other_device") or "accept" (nio
waits for a request or start); "master_key": null | KEY (its MAC covers this master key too, as
Element's does); "confirm": true | false; "tamper": null | "commitment" | "mac"
(a hostile peer changes its accept's commitment or its MAC) | "unknown-transaction" (sends a
key for a transaction nobody started and reports the cancel that comes back).
"""
import asyncio
import base64
import json
import time
from hashlib import sha256
from uuid import uuid4

from nio import KeyVerificationCancel, ToDeviceMessage, UnknownToDeviceEvent
from nio.api import Api
from nio.crypto import sas as nio_sas

V2 = "hkdf-hmac-sha256.v2"
LEGACY = "hkdf-hmac-sha256"


def _b64_sha256(data):
    return base64.b64encode(sha256(data).digest()).decode().rstrip("=")


class _Macs:
    """vodozemac's EstablishedSas with the MAC encoding of the method agreed on."""

    def __init__(self, established, owner):
        self._established = established
        self._owner = owner

    def bytes(self, info):
        return self._established.bytes(info)

    def calculate_mac(self, text, info):
        if self._owner.chosen_mac_method == V2:
            return self._established.calculate_mac(text, info)
        return self._established.calculate_mac_invalid_base64(text, info)


def apply_fixes():
    Sas = nio_sas.Sas
    Sas._mac_v1 = [V2, LEGACY]
    original_from_start = Sas.from_key_verification_start.__func__

    def from_start(cls, own_user, own_device, own_fp_key, other_olm_device, event):
        obj = original_from_start(cls, own_user, own_device, own_fp_key, other_olm_device, event)
        canonical = Api.to_canonical_json(event.source["content"])
        obj.commitment = _b64_sha256(obj.pubkey.encode() + canonical.encode())
        return obj

    Sas.from_key_verification_start = classmethod(from_start)

    def check_commitment(self, key):
        return self.commitment == _b64_sha256(key.encode() + Api.to_canonical_json(self.start_verification().content).encode())

    Sas._check_commitment = check_commitment
    original_accept = Sas.accept_verification

    def accept_verification(self):
        message = original_accept(self)
        self.chosen_mac_method = V2 if V2 in self.mac_methods else LEGACY
        message.content["message_authentication_code"] = self.chosen_mac_method
        return message

    Sas.accept_verification = accept_verification

    def establish_sas(self, their_public_key):
        self.established_sas = _Macs(self.diffie_hellman(their_public_key), self)
        self.their_sas_key = their_public_key

    Sas.establish_sas = establish_sas

    def generate_emoji(self, extra_info):
        return [self.emoji[index] for index in self.established_sas.bytes(extra_info).emoji_indices]

    Sas._generate_emoji = generate_emoji


def include_master_key(master):
    """As Element does: the MAC message covers this account's master key too (cross-signing)."""
    original = nio_sas.Sas.get_mac

    def get_mac(self):
        message = original(self)
        info = (f"MATRIX_KEY_VERIFICATION_MAC{self.own_user}{self.own_device}"
                f"{self.other_olm_device.user_id}{self.other_olm_device.id}{self.transaction_id}")
        macs = message.content["mac"]
        macs[f"ed25519:{master}"] = self.established_sas.calculate_mac(master, info + f"ed25519:{master}")
        message.content["keys"] = self.established_sas.calculate_mac(",".join(sorted(macs)), info + "KEY_IDS")
        return message

    nio_sas.Sas.get_mac = get_mac


async def verify(client, request):
    apply_fixes()
    if request.get("master_key"):
        include_master_key(request["master_key"])
    other_user = request["other_user"]
    client.users_for_key_query.add(other_user)
    await client.keys_query()
    tamper = request.get("tamper")
    if tamper == "unknown-transaction":
        print(json.dumps(await unknown_transaction(client, other_user, request["other_device"])), flush=True)
        return
    _tampering(client, tamper)
    txn = None
    if request["role"] == "start":
        device = await _device(client, other_user, request.get("other_device"))
        started = await client.start_key_verification(device)
        if not hasattr(started, "transport_response") and type(started).__name__ != "ToDeviceResponse":
            raise RuntimeError(f"start failed: {started}")
        txn = next(iter(client.key_verifications))
    shown, answered = None, False
    deadline = time.monotonic() + request.get("timeout", 90)
    while time.monotonic() < deadline:
        answer = await client.sync(timeout=500)
        for event in getattr(answer, "to_device_events", []):
            if isinstance(event, UnknownToDeviceEvent) and event.type == "m.key.verification.request" and txn is None:
                txn = event.source["content"]["transaction_id"]
                await _ready(client, event)
            elif isinstance(event, KeyVerificationCancel) and event.transaction_id == txn:
                return _finish("canceled", event.code, event.reason, shown=shown)
        await client.send_to_device_messages()
        if txn is None:
            for candidate in client.key_verifications:
                txn = candidate
        sas = client.key_verifications.get(txn) if txn else None
        if sas is None:
            continue
        if not sas.we_started_it and sas.state == nio_sas.SasState.started:
            await client.accept_key_verification(txn)
        if sas.canceled:
            return _finish("canceled", sas.cancel_code, sas.cancel_reason, shown=shown)
        if sas.established_sas and shown is None:
            shown = [list(pair) for pair in sas.get_emoji()]
            print(json.dumps({"emoji": shown}), flush=True)
        if shown is not None and not answered:
            answered = True
            if request.get("confirm", True):
                await client.confirm_short_auth_string(txn)
            else:
                await client.cancel_key_verification(txn, reject=True)
                return _finish("canceled", sas.cancel_code, sas.cancel_reason, shown=shown)
        if sas.verified:
            if tamper:
                # A hostile peer's own side may end "verified"; wait for the other side's verdict.
                return _finish(*await _verdict(client, txn), shown=shown)
            # As Element does, and as nio does not: say done.
            await client.to_device(ToDeviceMessage("m.key.verification.done", other_user, sas.other_olm_device.id,
                                                   {"transaction_id": txn}))
            return _finish("verified", shown=shown)
    return _finish("timeout", shown=shown)


async def _verdict(client, txn):
    """The other side's cancel of `txn` if one comes within ten seconds, else verified."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        answer = await client.sync(timeout=500)
        for event in getattr(answer, "to_device_events", []):
            if isinstance(event, KeyVerificationCancel) and event.transaction_id == txn:
                return "canceled", event.code, event.reason
    return "verified", None, None


def _finish(result, code=None, reason=None, shown=None):
    print(json.dumps({"result": result, "emoji": shown, "code": code, "reason": reason}), flush=True)


async def _device(client, user, device_id):
    """`device_id` of `user` (or the user's only device), waiting for its keys to be published."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        devices = client.device_store.active_user_devices(user)
        for device in devices:
            if device_id is None or device.id == device_id:
                return device
        await asyncio.sleep(0.2)
        client.users_for_key_query.add(user)
        await client.keys_query()
    raise RuntimeError(f"{user} has no device {device_id} with published keys")


async def _ready(client, event):
    """nio 0.26 has no request/ready: the peer answers a request as Element does."""
    content = event.source["content"]
    client.users_for_key_query.add(event.sender)  # the asking device may be newer than our list
    await client.keys_query()
    await client.to_device(ToDeviceMessage("m.key.verification.ready", event.sender, content["from_device"], {
        "transaction_id": content["transaction_id"], "from_device": client.device_id, "methods": ["m.sas.v1"]}))


def _tampering(client, tamper):
    """A hostile peer: changes its own accept's commitment, or its MAC, on the way out."""
    if tamper not in ("commitment", "mac"):
        return
    original = client.to_device

    async def to_device(message, tx_id=None):
        if tamper == "commitment" and message.type == "m.key.verification.accept":
            message.content["commitment"] = _b64_sha256(b"not the key that will come")
        if tamper == "mac" and message.type == "m.key.verification.mac":
            message.content["mac"] = {key: _b64_sha256(b"forged") for key in message.content["mac"]}
        return await original(message, tx_id)

    client.to_device = to_device


async def unknown_transaction(client, other_user, other_device):
    """Sends a key for a transaction nobody started; returns the cancel that comes back."""
    txn = str(uuid4())
    await client.to_device(ToDeviceMessage("m.key.verification.key", other_user, other_device,
                                           {"transaction_id": txn, "key": _b64_sha256(b"stray")}))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answer = await client.sync(timeout=500)
        for event in getattr(answer, "to_device_events", []):
            if isinstance(event, KeyVerificationCancel) and event.transaction_id == txn:
                return {"result": "canceled", "code": event.code, "reason": event.reason}
    return {"result": "timeout"}
