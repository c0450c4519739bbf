"""An independent Matrix client for tteok's tests: matrix-nio with real Megolm encryption.

Run with the venv of scripts/nio-venv.sh. One JSON request on standard input (so the password
never appears in a process listing), one JSON answer on standard output:

  {"server": URL, "user": "@peer:localhost", "password": …, "store": DIR,
   "action": "create-encrypted-room", "invite": ["@tteok:localhost"], "name": "…", "direct": false,
   "texts": ["secret 1", …]}
      → {"room_id": "!…", "event_ids": ["$…", …]}
  {… "action": "send-encrypted", "room_id": "!…", "texts": [...]}
      → {"event_ids": [...]}
  {… "action": "send-key-later", "room_id": "!…", "texts": [...], "go_file": PATH}
      → {"event_ids": [...]}   at once; then, once PATH exists (the test's signal):
      → {"shared": ["@user:…/DEVICE", …]}
      The texts are encrypted with a new Megolm session whose key (from index 0) goes to the
      room's other devices only after the signal: a message that arrives before its key.

  {… "action": "read", "room_id": "!…", "mode": "live" | "history", "expect": N, "device_id": "NIOPEER"}
      → {"texts": ["…", …], "undecryptable": N}
      live: the timelines of incremental syncs (from the stored sync token) until N texts came;
      history: every m.room.message of the room by /messages, oldest first (decrypted by nio).
      `device_id` (any action) picks another device of the same user: a new device.
  {… "action": "upload-keys"}
      → {}   nio's device and one-time keys are on the server (someone can encrypt for it).
  {… "action": "verify", "role": "start" | "accept", "other_user": …, "other_device": …, "confirm": true, "tamper": null}
      → JSON lines: {"emoji": [[symbol, name], …]}, then {"result": "verified" | "canceled", …}
      SAS emoji verification with matrix-nio, with matrix-nio 0.26's SAS bugs corrected (see scripts/nio_sas.py).
  {… "action": "verify-in-room", "room_id": "!…", "role": "start" | "accept" | "meddle", "other_user": …, "confirm": true, "tamper": null}
      → JSON lines as "verify", in-room (the request a room message, each step an event referencing it):
      matrix-nio 0.26 has none, so scripts/nio_sas_room.py writes it over python-olm's olm.Sas.
      `"plain": true` for a room without encryption (its events then travel in the clear).
  {… "action": "check-cross-signing", "check_user": …, "check_device": …}
      → {"master": KEY, "self_signing_by_master": bool, "device_by_self_signing": bool, …}
      another account's published cross-signing keys, checked with python-olm (scripts/nio_cross_signing.py).
  {… "action": "publish-cross-signing", "seeds": null | {"master": b64, …}}
      → {"master": KEY, "seeds": {…}}   nio's account gets cross-signing keys (new ones, uploaded with
      the password, the master key signed by this device) or signs this device with given ones.
  {… "action": "check-secret-storage", "recovery_key": … | "passphrase": …}
      → {"key_checks": bool, "master": KEY, "backup_key": KEY, "backup": KEY, "published": {…}, …}
      the user's own secret storage read with the recovery key or passphrase (scripts/nio_secret_storage.py).
  `"join": true` (with a room_id) first accepts the invite to the room, waiting for it to arrive.
  {… "action": "export-keys", "file": PATH, "passphrase": …}
      → {}   nio's Megolm sessions in the standard key export file (nio's export_keys).
  `"import_file": PATH, "import_passphrase": …` (any action) first imports a key export file
      (nio's import_keys), e.g. before a "read" in history mode.

  {… "action": "relations", "room_id": "!…", "steps": [STEP, …]}
      → {"event_ids": [one per step]}

The room is created with `m.room.encryption` (m.megolm.v1.aes-sha2) in its initial state, as
Element does for direct conversations; texts are sent as `m.room.encrypted` events.

  {… "action": "events", "room_id": "!…", "limit": 50}
      → {"events": [the room's newest events as nio gets them, oldest first, raw]}

"relations" sends events into a room the peer has joined, as other clients write them (encrypted
when the room is).
A STEP's target ("to", "of", "root", "target") is the index of an earlier step or an event id:
  {"type": "text"|"emote"|"notice", "body": …, "formatted_body": … (optional, HTML)}
  {"type": "reply", "to": T, "body": …, "fallback": true|false, "quote_sender": …, "quote_body": …}
      with the fallback, body starts with "> <sender> quoted" and formatted_body with <mx-reply>
  {"type": "edit", "of": T, "body": …, "formatted_body": …}   m.replace with m.new_content (formatted when given) and a "* " body
  {"type": "react", "to": T, "key": "👍"}       m.reaction, m.annotation
  {"type": "redact", "target": T}               m.room.redaction
  {"type": "thread", "root": T, "body": …}      m.thread with the m.in_reply_to fallback
  {"type": "media", …, "encrypt": true, "tamper": false}   an encrypted attachment (`file`); tamper breaks its hash

  {… "action": "typing", "room_id": "!…", "typing": true|false, "timeout_ms": 30000}
      → {} once the server took nio's typing notice (start or stop)

  {… "action": "watch-typing", "room_id": "!…", "watch_user": "@…", "want": true|false, "seconds": 60}
      → {"seen": true|false, "typing_users": [...]} — syncs until watch_user's typing in the room is
      `want` (as nio reads m.typing) or the seconds pass

  {… "action": "attachments", "room_id": "!…", "limit": 50}
      → {"attachments": [{"event_id", "msgtype", "body", "encrypted", "info", "data": base64}, …]}
      every attachment among the newest events, downloaded (and decrypted) by nio.

  {… "action": "create-space", "name": …, "invite": [...], "children": ["!…", …]}
      → {"room_id": "!…"}   a space (nio's room_create(space=True)) listing each child by m.space.child
  {… "action": "rename", "displayname": …}
      → {}   nio's set_displayname: the user's name changes in every room they are in
  {… "action": "space-child", "room_id": SPACE, "child": "!…", "listed": true|false}
      → {}   lists the child in the space (via the peer's server), or removes it (empty content)
"""
import asyncio
import base64
import io
import json
import os
import sys
import time
from uuid import uuid4

from nio import (AsyncClient, AsyncClientConfig, JoinResponse, LoginResponse, MegolmEvent, ProfileSetDisplayNameResponse, RoomCreateResponse, RoomPutStateResponse, RoomMessagesResponse,
                 RoomMessageText, RoomSendResponse, RoomTypingResponse, SyncResponse, ToDeviceResponse)
from nio.api import Api
from nio.crypto import OutboundGroupSession, decrypt_attachment

import nio_cross_signing
import nio_sas
import nio_sas_room
import nio_secret_storage


async def main(request):
    os.makedirs(request["store"], exist_ok=True)
    client = AsyncClient(request["server"], request["user"], device_id=request.get("device_id", "NIOPEER"), store_path=request["store"],
                         config=AsyncClientConfig(encryption_enabled=True, store_sync_tokens=True))
    try:
        login = await client.login(request["password"], device_name="nio peer")
        if not isinstance(login, LoginResponse):
            raise RuntimeError(f"login failed: {login}")
        if client.should_upload_keys:
            await client.keys_upload()
        answer = {}
        if request.get("import_file"):
            await client.import_keys(request["import_file"], request["import_passphrase"])
        if request["action"] == "export-keys":
            await client.sync(timeout=0)
            await client.export_keys(request["file"], request["passphrase"])
            print(json.dumps(answer))
            return
        if request["action"] == "create-encrypted-room":
            created = await client.room_create(
                name=request.get("name"), invite=request.get("invite", []), is_direct=request.get("direct", False),
                initial_state=[{"type": "m.room.encryption", "state_key": "",
                                "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
            if not isinstance(created, RoomCreateResponse):
                raise RuntimeError(f"createRoom failed: {created}")
            answer["room_id"] = room = created.room_id
        elif request["action"] == "create-space":
            created = await client.room_create(name=request.get("name"), invite=request.get("invite", []), space=True)
            if not isinstance(created, RoomCreateResponse):
                raise RuntimeError(f"createRoom failed: {created}")
            answer["room_id"] = room = created.room_id
            for child in request.get("children", []):
                await put_space_child(client, room, child, True)
            print(json.dumps(answer))
            return
        elif request["action"] == "rename":
            renamed = await client.set_displayname(request["displayname"])
            if not isinstance(renamed, ProfileSetDisplayNameResponse):
                raise RuntimeError(f"set_displayname failed: {renamed}")
            print(json.dumps(answer))
            return
        elif request["action"] == "upload-keys":
            print(json.dumps(answer))
            return
        elif request["action"] == "verify":
            await nio_sas.verify(client, request)
            return
        elif request["action"] == "check-secret-storage":
            print(json.dumps(await nio_secret_storage.check(client, request)))
            return
        elif request["action"] == "publish-cross-signing":
            print(json.dumps(await nio_cross_signing.publish(client, request)))
            return
        elif request["action"] == "check-cross-signing":
            print(json.dumps(await nio_cross_signing.check(client, request)))
            return
        else:
            room = request["room_id"]
        if request.get("join"):
            await join(client, room)
        if request["action"] == "verify-in-room":
            await nio_sas_room.verify_in_room(client, room, request, synced_plain if request.get("plain") else synced)
            return
        if request["action"] == "read":
            print(json.dumps(await read(client, room, request.get("mode", "live"), request.get("expect", 0))))
            return
        if request["action"] == "send-key-later":
            await send_key_later(client, room, request.get("texts", []), request["go_file"])
            return
        if request["action"] == "relations":
            answer["event_ids"] = await relations(client, room, request["steps"])
        elif request["action"] == "space-child":
            await put_space_child(client, room, request["child"], request["listed"])
        elif request["action"] == "events":
            answer["events"] = await events(client, room, request.get("limit", 50))
        elif request["action"] == "decrypted-events":
            answer["events"] = await decrypted_events(client, room, request.get("limit", 50))
        elif request["action"] == "attachments":
            answer["attachments"] = await attachments(client, room, request.get("limit", 50))
        elif request["action"] == "typing":
            typed = await client.room_typing(room, typing_state=request["typing"], timeout=request.get("timeout_ms", 30000))
            if not isinstance(typed, RoomTypingResponse):
                raise RuntimeError(f"typing failed: {typed}")
        elif request["action"] == "watch-typing":
            answer.update(await watch_typing(client, room, request["watch_user"], request["want"], request.get("seconds", 60)))
        else:
            answer["event_ids"] = await send(client, room, request.get("texts", []))
        print(json.dumps(answer))
    finally:
        await client.close()


async def put_space_child(client, space, child, listed):
    """Lists `child` in `space` (m.space.child with a via), or removes it (an empty content)."""
    server = client.user_id.split(":", 1)[1]
    content = {"via": [server]} if listed else {}
    put = await client.room_put_state(space, "m.space.child", content, state_key=child)
    if not isinstance(put, RoomPutStateResponse):
        raise RuntimeError(f"m.space.child failed: {put}")


async def join(client, room):
    """Accepts the invite to `room` once a sync brings it."""
    deadline = time.monotonic() + 60
    while room not in client.invited_rooms and room not in client.rooms:
        if time.monotonic() > deadline:
            raise RuntimeError(f"no invite to {room} arrived")
        await client.sync(timeout=1000)
    if room not in client.rooms:
        joined = await client.join(room)
        if not isinstance(joined, JoinResponse):
            raise RuntimeError(f"join failed: {joined}")


async def synced(client, room):
    """nio needs the room (and its members) from a sync, and the members' current devices."""
    for _ in range(20):
        await client.sync(timeout=1000, full_state=True)
        if room in client.rooms:
            break
    if room not in client.rooms:
        raise RuntimeError(f"{room} never arrived in sync")
    if not client.rooms[room].encrypted:
        raise RuntimeError(f"{room} is not encrypted for nio")
    if client.should_query_keys:
        await client.keys_query()


async def send_key_later(client, room, texts, go_file):
    await synced(client, room)
    missing = client.get_missing_sessions(room)
    if missing:
        await client.keys_claim(missing)
    session = OutboundGroupSession()
    key = {"algorithm": "m.megolm.v1.aes-sha2", "room_id": room, "session_id": session.id,
           "session_key": session.session_key}  # taken before the first message: index 0
    session.shared = True  # nio encrypts only with a shared session; the key goes out below
    client.olm.outbound_group_sessions[room] = session
    ids = []
    for text in texts:
        content = client.olm.group_encrypt(room, {"type": "m.room.message", "content": {"msgtype": "m.text", "body": text}})
        sent = await client._send(RoomSendResponse, *Api.room_send(client.access_token, room, "m.room.encrypted", content, uuid4()),
                                  response_data=(room,))
        if not isinstance(sent, RoomSendResponse):
            raise RuntimeError(f"send failed: {sent}")
        ids.append(sent.event_id)
    print(json.dumps({"event_ids": ids}), flush=True)
    deadline = time.monotonic() + 120
    while not os.path.exists(go_file):
        if time.monotonic() > deadline:
            raise RuntimeError("the test never said to share the key")
        await asyncio.sleep(0.05)
    messages, shared = {}, []
    for user in client.rooms[room].users:
        for device in client.device_store.active_user_devices(user):
            olm_session = client.olm.session_store.get(device.curve25519)
            if device.id == client.device_id or olm_session is None:
                continue
            messages.setdefault(user, {})[device.id] = client.olm._olm_encrypt(olm_session, device, "m.room_key", key)
            shared.append(f"{user}/{device.id}")
    answer = await client._send(ToDeviceResponse, *Api.to_device(client.access_token, "m.room.encrypted", {"messages": messages}, uuid4()),
                                 response_data=(None,))
    if not isinstance(answer, ToDeviceResponse):
        raise RuntimeError(f"sharing the key failed: {answer}")
    print(json.dumps({"shared": shared}), flush=True)


def collect(events, texts, counts):
    for event in events:
        if isinstance(event, RoomMessageText):
            texts.append(event.body)
        elif isinstance(event, MegolmEvent):
            counts["undecryptable"] += 1


async def read(client, room, mode, expect):
    texts, counts = [], {"undecryptable": 0}
    if mode == "live":
        deadline = time.monotonic() + 60
        while len(texts) < expect and time.monotonic() < deadline:
            answer = await client.sync(timeout=1000)
            if isinstance(answer, SyncResponse) and room in answer.rooms.join:
                collect(answer.rooms.join[room].timeline.events, texts, counts)
        return {"texts": texts, **counts}
    await synced(client, room)
    await client.sync(timeout=0)  # room keys that came with the first answer are in; now page back
    token = client.next_batch
    while True:
        page = await client.room_messages(room, start=token, limit=100)
        if not isinstance(page, RoomMessagesResponse):
            raise RuntimeError(f"/messages failed: {page}")
        batch = []
        collect(page.chunk, batch, counts)
        texts.extend(batch)
        if not page.chunk or not page.end or page.end == token:
            break
        token = page.end
    texts.reverse()
    return {"texts": texts, **counts}


async def send(client, room, texts):
    """Sends each text encrypted (nio shares the room key with the members' devices first)."""
    await synced(client, room)
    ids = []
    for text in texts:
        sent = await client.room_send(room, "m.room.message", {"msgtype": "m.text", "body": text},
                                      ignore_unverified_devices=True)
        if not isinstance(sent, RoomSendResponse):
            raise RuntimeError(f"send failed: {sent}")
        ids.append(sent.event_id)
    return ids


async def watch_typing(client, room, user, want, seconds):
    """Syncs until nio's room says `user` is (or is not) typing, as `want` asks."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await client.sync(timeout=1000)
        users = client.rooms[room].typing_users if room in client.rooms else []
        if (user in users) == want:
            return {"seen": True, "typing_users": users}
    users = client.rooms[room].typing_users if room in client.rooms else []
    return {"seen": False, "typing_users": users}


async def synced_plain(client, room):
    """nio sends only into rooms it knows from a sync (any room, encrypted or not)."""
    for _ in range(20):
        await client.sync(timeout=1000, full_state=True)
        if room in client.rooms:
            return
    raise RuntimeError(f"{room} never arrived in sync")


async def events(client, room, limit):
    """The room's newest events as the server gives them to nio (oldest first), raw."""
    await synced_plain(client, room)
    page = await client.room_messages(room, start=client.next_batch, limit=limit)
    if not hasattr(page, "chunk"):
        raise RuntimeError(f"messages failed: {page}")
    return [event.source for event in reversed(page.chunk)]


async def decrypted_events(client, room, limit):
    """The room's newest events as nio decrypts them (oldest first): each as its plaintext event
    (`type`, `content` with its `m.relates_to`) and `decrypted` true, or raw when nio cannot."""
    await synced(client, room)
    await client.sync(timeout=0)  # room keys that came with the first answer are in
    page = await client.room_messages(room, start=client.next_batch, limit=limit)
    if not isinstance(page, RoomMessagesResponse):
        raise RuntimeError(f"/messages failed: {page}")
    return [{**event.source, "decrypted": bool(getattr(event, "decrypted", False))} for event in reversed(page.chunk)]


async def attachments(client, room, limit):
    """Every attachment among the room's newest events, downloaded as nio does: an encrypted
    one (`file`) decrypted by nio's decrypt_attachment, which checks its hash."""
    found = []
    for event in await decrypted_events(client, room, limit):
        content = event.get("content", {})
        encrypted = content.get("file")
        url = encrypted["url"] if encrypted else content.get("url")
        if not url:
            continue
        downloaded = await client.download(url)
        if not hasattr(downloaded, "body"):
            raise RuntimeError(f"download failed: {downloaded}")
        data = downloaded.body
        if encrypted:
            data = decrypt_attachment(data, encrypted["key"]["k"], encrypted["hashes"]["sha256"], encrypted["iv"])
        found.append({"event_id": event.get("event_id"), "msgtype": content.get("msgtype"), "body": content.get("body"),
                      "encrypted": bool(encrypted), "info": content.get("info", {}), "data": base64.b64encode(data).decode()})
    return found


async def relations(client, room, steps):
    """Sends each step as another client would; returns the event ids in step order. In an
    encrypted room nio encrypts each (for the members' devices it knows: asked first)."""
    await synced_plain(client, room)
    if client.rooms[room].encrypted and client.should_query_keys:
        await client.keys_query()
    ids = []
    texts = {}

    def target(value):
        return ids[value] if isinstance(value, int) else value

    for step in steps:
        kind = step["type"]
        event_type = "m.room.message"
        if kind in ("text", "emote", "notice"):
            content = {"msgtype": "m." + kind, "body": step["body"]}
            if "formatted_body" in step:
                content.update({"format": "org.matrix.custom.html", "formatted_body": step["formatted_body"]})
        elif kind == "reply":
            parent = target(step["to"])
            content = {"msgtype": "m.text", "body": step["body"], "m.relates_to": {"m.in_reply_to": {"event_id": parent}}}
            if step.get("fallback"):
                quoted = step.get("quote_body", texts.get(parent, ""))
                sender = step.get("quote_sender", client.user_id)
                lines = quoted.split("\n")
                fallback = "\n".join([f"> <{sender}> {lines[0]}"] + [f"> {line}" for line in lines[1:]])
                content["body"] = f"{fallback}\n\n{step['body']}"
                content["format"] = "org.matrix.custom.html"
                content["formatted_body"] = (f"<mx-reply><blockquote>In reply to {sender}<br>{quoted}</blockquote></mx-reply>"
                                             f"{step['body']}")
        elif kind == "edit":
            new = {"msgtype": "m.text", "body": step["body"]}
            if "formatted_body" in step:
                new.update({"format": "org.matrix.custom.html", "formatted_body": step["formatted_body"]})
            content = {"msgtype": "m.text", "body": "* " + step["body"], "m.new_content": new,
                       "m.relates_to": {"rel_type": "m.replace", "event_id": target(step["of"])}}
        elif kind == "react":
            event_type = "m.reaction"
            content = {"m.relates_to": {"rel_type": "m.annotation", "event_id": target(step["to"]), "key": step["key"]}}
        elif kind == "thread":
            root = target(step["root"])
            content = {"msgtype": "m.text", "body": step["body"],
                       "m.relates_to": {"rel_type": "m.thread", "event_id": root, "is_falling_back": True,
                                        "m.in_reply_to": {"event_id": root}}}
        elif kind in ("media", "sticker"):
            data = base64.b64decode(step["data"])
            encrypt = step.get("encrypt", False)
            uploaded, keys = await client.upload(io.BytesIO(data), content_type=step["mimetype"], filename=step["name"], filesize=len(data),
                                                 encrypt=encrypt)
            if not hasattr(uploaded, "content_uri"):
                raise RuntimeError(f"upload failed: {uploaded}")
            content = {"body": step["name"], "info": {"mimetype": step["mimetype"], "size": len(data)}}
            if "caption" in step:  # spec v1.10: the name in filename, the body a caption
                content.update({"body": step["caption"], "filename": step["name"]})
            if encrypt:
                content["file"] = {"url": uploaded.content_uri, **keys}
                if step.get("tamper"):  # a hash that is not the ciphertext's: the bytes "changed on the way"
                    content["file"]["hashes"]["sha256"] = base64.b64encode(bytes(32)).decode().rstrip("=")
            else:
                content["url"] = uploaded.content_uri
            if kind == "sticker":
                event_type = "m.sticker"
            else:
                content["msgtype"] = step["msgtype"]
        elif kind == "location":
            content = {"msgtype": "m.location", "body": step["body"], "geo_uri": step["geo_uri"]}
        elif kind == "redact":
            redacted = await client.room_redact(room, target(step["target"]), reason="test")
            if not hasattr(redacted, "event_id"):
                raise RuntimeError(f"redact failed: {redacted}")
            ids.append(redacted.event_id)
            continue
        else:
            raise RuntimeError(f"unknown step {kind}")
        sent = await client.room_send(room, event_type, content, ignore_unverified_devices=True)
        if not isinstance(sent, RoomSendResponse):
            raise RuntimeError(f"send failed: {sent}")
        ids.append(sent.event_id)
        texts[sent.event_id] = step.get("body", step.get("name", ""))
    return ids


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.stdin.read())))
