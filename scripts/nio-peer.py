"""An independent Matrix client for tteok's tests: matrix-nio with real Megolm encryption.

Run with the venv of scripts/nio-venv.sh. One JSON request on standard input (so the password
never appears in a process listing), one JSON answer on standard output:

  {"server": URL, "user": "@peer:localhost", "password": …, "store": DIR,
   "action": "create-encrypted-room", "invite": ["@tteok:localhost"], "name": "…", "direct": false,
   "texts": ["secret 1", …]}
      → {"room_id": "!…", "event_ids": ["$…", …]}
  {… "action": "send-encrypted", "room_id": "!…", "texts": [...]}
      → {"event_ids": [...]}

The room is created with `m.room.encryption` (m.megolm.v1.aes-sha2) in its initial state, as
Element does for direct conversations; texts are sent as `m.room.encrypted` events.
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
        answer["event_ids"] = await send(client, room, request.get("texts", []))
        print(json.dumps(answer))
    finally:
        await client.close()


async def send(client, room, texts):
    """Sends each text encrypted; nio needs the room (and its members) from a sync first."""
    for _ in range(20):
        await client.sync(timeout=1000, full_state=True)
        if room in client.rooms:
            break
    if room not in client.rooms:
        raise RuntimeError(f"{room} never arrived in sync")
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


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.stdin.read())))
