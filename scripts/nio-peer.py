"""An independent Matrix client for tteok's tests: matrix-nio with real Megolm encryption.

Run with the venv of scripts/nio-venv.sh. One JSON request on standard input (so the password
never appears in a process listing), one JSON answer on standard output:

  {"server": URL, "user": "@peer:localhost", "password": …, "store": DIR,
   "action": "create-encrypted-room", "invite": ["@tteok:localhost"], "name": "…", "direct": false,
   "texts": ["secret 1", …]}
      → {"room_id": "!…", "event_ids": ["$…", …]}
  {… "action": "send-encrypted", "room_id": "!…", "texts": [...]}
      → {"event_ids": [...]}

  {… "action": "relations", "room_id": "!…", "steps": [STEP, …]}
      → {"event_ids": [one per step]}

The room is created with `m.room.encryption` (m.megolm.v1.aes-sha2) in its initial state, as
Element does for direct conversations; texts are sent as `m.room.encrypted` events.

  {… "action": "events", "room_id": "!…", "limit": 50}
      → {"events": [the room's newest events as nio gets them, oldest first, raw]}

"relations" sends plaintext events into a room the peer has joined, as other clients write them.
A STEP's target ("to", "of", "root", "target") is the index of an earlier step or an event id:
  {"type": "text"|"emote"|"notice", "body": …, "formatted_body": … (optional, HTML)}
  {"type": "reply", "to": T, "body": …, "fallback": true|false, "quote_sender": …, "quote_body": …}
      with the fallback, body starts with "> <sender> quoted" and formatted_body with <mx-reply>
  {"type": "edit", "of": T, "body": …}          m.replace with m.new_content and a "* " body
  {"type": "react", "to": T, "key": "👍"}       m.reaction, m.annotation
  {"type": "redact", "target": T}               m.room.redaction
  {"type": "thread", "root": T, "body": …}      m.thread with the m.in_reply_to fallback
"""
import asyncio
import json
import os
import sys

from nio import AsyncClient, AsyncClientConfig, LoginResponse, RoomCreateResponse, RoomSendResponse


async def main(request):
    os.makedirs(request["store"], exist_ok=True)
    client = AsyncClient(request["server"], request["user"], device_id="NIOPEER", store_path=request["store"],
                         config=AsyncClientConfig(encryption_enabled=True, store_sync_tokens=True))
    try:
        login = await client.login(request["password"], device_name="nio peer")
        if not isinstance(login, LoginResponse):
            raise RuntimeError(f"login failed: {login}")
        if client.should_upload_keys:
            await client.keys_upload()
        answer = {}
        if request["action"] == "create-encrypted-room":
            created = await client.room_create(
                name=request.get("name"), invite=request.get("invite", []), is_direct=request.get("direct", False),
                initial_state=[{"type": "m.room.encryption", "state_key": "",
                                "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
            if not isinstance(created, RoomCreateResponse):
                raise RuntimeError(f"createRoom failed: {created}")
            answer["room_id"] = room = created.room_id
        else:
            room = request["room_id"]
        if request["action"] == "relations":
            answer["event_ids"] = await relations(client, room, request["steps"])
        elif request["action"] == "events":
            answer["events"] = await events(client, room, request.get("limit", 50))
        else:
            answer["event_ids"] = await send(client, room, request.get("texts", []))
        print(json.dumps(answer))
    finally:
        await client.close()


async def send(client, room, texts):
    """Sends each text encrypted; nio needs the room (and its members) from a sync first."""
    await synced(client, room)
    if not client.rooms[room].encrypted:
        raise RuntimeError(f"{room} is not encrypted for nio")
    ids = []
    for text in texts:
        sent = await client.room_send(room, "m.room.message", {"msgtype": "m.text", "body": text},
                                      ignore_unverified_devices=True)
        if not isinstance(sent, RoomSendResponse):
            raise RuntimeError(f"send failed: {sent}")
        ids.append(sent.event_id)
    return ids


async def synced(client, room):
    """nio sends only into rooms it knows from a sync."""
    for _ in range(20):
        await client.sync(timeout=1000, full_state=True)
        if room in client.rooms:
            return
    raise RuntimeError(f"{room} never arrived in sync")


async def events(client, room, limit):
    """The room's newest events as the server gives them to nio (oldest first), raw."""
    await synced(client, room)
    page = await client.room_messages(room, start=client.next_batch, limit=limit)
    if not hasattr(page, "chunk"):
        raise RuntimeError(f"messages failed: {page}")
    return [event.source for event in reversed(page.chunk)]


async def relations(client, room, steps):
    """Sends each step as another client would; returns the event ids in step order."""
    await synced(client, room)
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
        texts[sent.event_id] = step.get("body", "")
    return ids


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.stdin.read())))
