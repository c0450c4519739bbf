"""In-room SAS emoji verification for the nio peer of tteok's tests (imported by nio-peer.py).

matrix-nio 0.26 has no in-room verification, so this is a hand-written client of the
specification's in-room flow: the request is an `m.room.message` (msgtype
`m.key.verification.request`, `to` the other user) whose event id is the transaction id; every
later step is a room event with `m.relates_to: {rel_type: m.reference, event_id: REQUEST}`, sent
through nio's `room_send` (Megolm-encrypted in an encrypted room, plaintext in another). The SAS itself is python-olm's
`olm.Sas` (curve25519-hkdf-sha256, sha256, hkdf-hmac-sha256.v2, emoji), written from the
specification, independently of tteok's Swift. Canonical JSON and the commitment are shared with
nio_sas.py.

verify_in_room(client, room, request) prints JSON lines:
  {"listening": true}                        ("accept", "meddle") once a request sent from now on will be seen,
  {"request_id": "$…"}                      once the request (sent or seen) is known,
  {"stray": {"code": …, "reason": …}}        for "wrong-transport", the to-device answer to it,
  {"emoji": [[symbol, name], …]}              when the keys are exchanged,
  {"result": "verified" | "canceled" | "timeout", "code": …, "reason": …, "emoji": […]}  at the end.
Request fields: "role": "start" (the peer asks "other_user" in the room) | "accept" (waits for a
request to the peer) | "meddle" (a third member: references the first request it sees with a
`start` and a `key`, and reports the to-device cancel that comes back); "confirm": true | false;
"tamper": null | "start-before-ready" (answers a request with `start`, no `ready`) | "done-early"
(says `done` right after `ready`) | "wrong-transport" (first sends a to-device `key` naming the
in-room transaction, reports the answer, then verifies normally); "timeout" (seconds, 90).
"""
import json
import time

from nio import ToDeviceMessage
from nio.api import Api
from nio.crypto.sas import Sas as NioSas
from olm.sas import Sas

from nio_sas import V2, _b64_sha256

REQUEST = "m.key.verification.request"
METHOD = "m.sas.v1"


class Flow:
    """One in-room verification as the peer sees it."""

    def __init__(self, client, room, request):
        self.client, self.room, self.request = client, room, request
        self.sas = Sas()
        self.txn = None
        self.other_user = request.get("other_user")
        self.other_device = None
        self.we_started = False
        self.start_content = None
        self.their_commitment = None
        self.their_key = None
        self.their_mac = None
        self.sent_mac = False
        self.shown = None
        self.stray_answered = False
        self.since = int(time.time() * 1000) - 1000

    async def send(self, kind, content, relate=True):
        if relate:
            content = dict(content, **{"m.relates_to": {"rel_type": "m.reference", "event_id": self.txn}})
        sent = await self.client.room_send(self.room, kind, content, ignore_unverified_devices=True)
        if not hasattr(sent, "event_id"):
            raise RuntimeError(f"sending {kind} failed: {sent}")
        return sent.event_id, content

    async def ask(self):
        self.txn, _ = await self.send("m.room.message", {
            "msgtype": REQUEST, "body": "a verification request", "from_device": self.client.device_id,
            "methods": [METHOD], "to": self.other_user}, relate=False)
        _print({"request_id": self.txn})

    async def start(self):
        _, self.start_content = await self.send("m.key.verification.start", {
            "from_device": self.client.device_id, "method": METHOD, "key_agreement_protocols": ["curve25519-hkdf-sha256"],
            "hashes": ["sha256"], "message_authentication_codes": [V2], "short_authentication_string": ["emoji", "decimal"]})
        self.we_started = True

    def sas_info(self):
        us = f"{self.client.user_id}|{self.client.device_id}|{self.sas.pubkey}"
        them = f"{self.other_user}|{self.other_device}|{self.their_key}"
        return "MATRIX_KEY_VERIFICATION_SAS|" + (f"{us}|{them}" if self.we_started else f"{them}|{us}") + f"|{self.txn}"

    def emoji(self):
        value = int.from_bytes(self.sas.generate_bytes(self.sas_info(), 6), "big") >> 6
        return [list(NioSas.emoji[(value >> (36 - 6 * i)) & 63]) for i in range(7)]

    def mac_info(self, first_user, first_device, second_user, second_device):
        return f"MATRIX_KEY_VERIFICATION_MAC{first_user}{first_device}{second_user}{second_device}{self.txn}"

    def own_mac(self):
        info = self.mac_info(self.client.user_id, self.client.device_id, self.other_user, self.other_device)
        key_id = f"ed25519:{self.client.device_id}"
        return {"mac": {key_id: self.sas.calculate_mac_fixed_base64(self.client.olm.account.identity_keys["ed25519"], info + key_id)},
                "keys": self.sas.calculate_mac_fixed_base64(key_id, info + "KEY_IDS")}

    def their_mac_checks(self):
        info = self.mac_info(self.other_user, self.other_device, self.client.user_id, self.client.device_id)
        device = self.client.device_store[self.other_user][self.other_device]
        key_id = f"ed25519:{self.other_device}"
        macs = self.their_mac.get("mac", {})
        return (self.their_mac.get("keys") == self.sas.calculate_mac_fixed_base64(",".join(sorted(macs)), info + "KEY_IDS")
                and macs.get(key_id) == self.sas.calculate_mac_fixed_base64(device.ed25519, info + key_id))

    async def on_event(self, kind, sender, content):
        """One room event of this verification from the other side; a result when it ended."""
        if kind == "m.key.verification.cancel":
            return _result("canceled", content.get("code"), content.get("reason"), self.shown)
        if kind == "m.key.verification.ready" and self.other_device is None:
            self.other_device = content["from_device"]
            await self.start()
        elif kind == "m.key.verification.start" and not self.we_started:
            canonical = Api.to_canonical_json(content)
            await self.send("m.key.verification.accept", {
                "method": METHOD, "key_agreement_protocol": "curve25519-hkdf-sha256", "hash": "sha256",
                "message_authentication_code": V2, "short_authentication_string": ["emoji", "decimal"],
                "commitment": _b64_sha256((self.sas.pubkey + canonical).encode())})
        elif kind == "m.key.verification.accept" and self.we_started:
            self.their_commitment = content["commitment"]
            await self.send("m.key.verification.key", {"key": self.sas.pubkey})
        elif kind == "m.key.verification.key":
            self.their_key = content["key"]
            if self.we_started:
                canonical = Api.to_canonical_json(self.start_content)
                if _b64_sha256((self.their_key + canonical).encode()) != self.their_commitment:
                    await self.send("m.key.verification.cancel", {"code": "m.mismatched_commitment", "reason": "commitment"})
                    return _result("canceled", "m.mismatched_commitment", "the key does not match the commitment", self.shown)
            else:
                await self.send("m.key.verification.key", {"key": self.sas.pubkey})
            self.sas.set_their_pubkey(self.their_key)
            self.shown = self.emoji()
            _print({"emoji": self.shown})
            if not self.request.get("confirm", True):
                await self.send("m.key.verification.cancel", {"code": "m.mismatched_sas", "reason": "the emoji did not match"})
                return _result("canceled", "m.mismatched_sas", "the peer said no", self.shown)
            await self.send("m.key.verification.mac", self.own_mac())
            self.sent_mac = True
        elif kind == "m.key.verification.mac":
            self.their_mac = content
        if self.their_mac is not None and self.sent_mac:
            if not self.their_mac_checks():
                await self.send("m.key.verification.cancel", {"code": "m.key_mismatch", "reason": "the MAC does not check out"})
                return _result("canceled", "m.key_mismatch", "the other side's MAC does not check out", self.shown)
            await self.send("m.key.verification.done", {})
            return _result("verified", emoji=self.shown)
        return None


async def verify_in_room(client, room, request, synced):
    """`synced(client, room)` is nio-peer's: the room, its members and their devices known."""
    flow = Flow(client, room, request)
    await synced(client, room)
    for user in client.rooms[room].users:  # every member's devices, also when none changed since the store's last run
        client.users_for_key_query.add(user)
    await client.keys_query()
    if request["role"] == "start":
        await flow.ask()
    else:
        _print({"listening": True})  # from the next sync on, a request is seen
    deadline = time.monotonic() + request.get("timeout", 90)
    while time.monotonic() < deadline:
        answer = await client.sync(timeout=500)
        for event in getattr(answer, "to_device_events", []):
            source = event.source
            if source.get("type") == "m.key.verification.cancel" and flow.txn and source["content"].get("transaction_id") == flow.txn:
                outcome = {"code": source["content"].get("code"), "reason": source["content"].get("reason")}
                if request["role"] == "meddle":
                    return _print(_result("canceled", **outcome))
                _print({"stray": outcome})
                flow.stray_answered = True
        joined = getattr(answer, "rooms", None)
        events = joined.join[room].timeline.events if joined and room in joined.join else []
        for event in events:
            result = await _take(flow, event.source, request)
            if result:
                return _print(result)
        if request.get("tamper") == "wrong-transport" and flow.stray_answered and flow.other_device is None:
            await _ready(flow)
            flow.stray_answered = False
    _print(_result("timeout", emoji=flow.shown))


async def _take(flow, source, request):
    """One timeline event: a request to answer, or a step of the flow."""
    kind, sender, content = source.get("type"), source.get("sender"), source.get("content", {})
    if sender == flow.client.user_id:
        return None
    if kind == "m.room.message" and content.get("msgtype") == REQUEST and flow.txn is None:
        if source.get("origin_server_ts", 0) < flow.since:
            return None  # an earlier test's request, from history
        if request["role"] == "meddle":
            flow.txn = source["event_id"]
            _print({"request_id": flow.txn})
            await flow.send("m.key.verification.start", {"from_device": flow.client.device_id, "method": METHOD,
                                                         "key_agreement_protocols": ["curve25519-hkdf-sha256"], "hashes": ["sha256"],
                                                         "message_authentication_codes": [V2], "short_authentication_string": ["emoji"]})
            await flow.send("m.key.verification.key", {"key": flow.sas.pubkey})
            return None
        if request["role"] != "accept" or content.get("to") != flow.client.user_id:
            return None
        flow.txn, flow.other_user = source["event_id"], sender
        _print({"request_id": flow.txn})
        flow.client.users_for_key_query.add(sender)
        await flow.client.keys_query()
        device = content["from_device"]
        tamper = request.get("tamper")
        if tamper == "start-before-ready":
            await flow.start()
        elif tamper == "wrong-transport":
            await flow.client.to_device(ToDeviceMessage("m.key.verification.key", sender, device,
                                                        {"transaction_id": flow.txn, "key": flow.sas.pubkey}))
        else:
            await _ready(flow)
            if tamper == "done-early":
                await flow.send("m.key.verification.done", {})
        return None
    if flow.txn is None or content.get("m.relates_to", {}).get("event_id") != flow.txn or request["role"] == "meddle":
        return None
    if sender != flow.other_user:
        return None
    if kind == "m.key.verification.start" and flow.other_device is None:
        flow.other_device = content.get("from_device")
    return await flow.on_event(kind, sender, content)


async def _ready(flow):
    """Answers the request `ready` (as the asked side); the asking side then starts."""
    await flow.send("m.key.verification.ready", {"from_device": flow.client.device_id, "methods": [METHOD]})


def _result(result, code=None, reason=None, emoji=None):
    return {"result": result, "code": code, "reason": reason, "emoji": emoji}


def _print(line):
    print(json.dumps(line), flush=True)
    return line
