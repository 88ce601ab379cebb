"""A minimal uno-tui client, written from docs/protocol.md alone: it joins a host, plays one
hand by always sending the first legal action (a play when it has one), and exits when the
hand is over. Standard library and msgpack only.

    python examples/bot_client.py HOST:PORT [NAME]
"""
import socket
import struct
import sys
import time

import msgpack


_last_send = [0.0]


def send(sock, message):
    """One frame; never more than 20 a second (the host drops what goes past 30)."""
    time.sleep(max(0.0, _last_send[0] + 0.05 - time.monotonic()))
    _last_send[0] = time.monotonic()
    body = msgpack.packb(message)
    sock.sendall(struct.pack(">I", len(body)) + body)


def receive(sock):
    def exactly(n):
        data = b""
        while len(data) < n:
            chunk = sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("the host hung up")
            data += chunk
        return data
    (length,) = struct.unpack(">I", exactly(4))
    return msgpack.unpackb(exactly(length))


def choose(view):
    """A play if there is one (saying UNO with it when it leaves one card), else the first offer."""
    legal = view["legal"]
    plays = [a for a in legal if a["kind"] in ("play", "play_drawn")]
    action = dict(plays[0] if plays else legal[0])
    if plays and len(view["hand"]) == 2:
        action["uno"] = True
    return action


def main(address, name="Example"):
    host, port = address.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=60)
    send(sock, {"type": "hello", "version": 1, "name": name})
    welcome = receive(sock)
    if welcome["type"] != "welcome":
        sys.exit(f"refused: {welcome.get('reason')}")
    seat, next_id, waiting = welcome["seat"], 1, None
    while True:
        msg = receive(sock)
        if msg["type"] == "ping":
            send(sock, {"type": "pong"})
        elif msg["type"] == "bye":
            sys.exit(f"the host ended the game: {msg['reason']}")
        elif msg["type"] == "error":
            print(f"refused: {msg['reason']}")
            if msg.get("id") == waiting:
                waiting = None        # the table moved on: think again on the next update
        elif msg["type"] in ("snapshot", "update"):
            if msg["type"] == "update" and msg["ack"] == waiting:
                waiting = None
            if any(e["type"] == "hand_over" for e in msg.get("events", [])):
                winner = next(e["seat"] for e in msg["events"] if e["type"] == "hand_over")
                print(f"hand over: seat {winner} won; I was seat {seat}")
                return
            view = msg["view"]
            if view["legal"] and view["decider"] == seat and waiting is None:
                waiting, next_id = next_id, next_id + 1
                send(sock, {"type": "action", "id": waiting, "action": choose(view)})


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(*sys.argv[1:3])
