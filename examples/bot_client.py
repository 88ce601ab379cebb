"""A minimal uno-tui client, written from docs/protocol.md alone: it joins a host, plays one
hand by always sending the first legal action (a play when it has one), and exits when the
hand is over. Standard library and msgpack only.

    python examples/bot_client.py 'uno://HOST:PORT/#k=KEY' [NAME] [PASSWORD]

The join code's key is the SHA-256 of the host's certificate: the connection is TLS, and the
certificate it presents must have that fingerprint (it is self-signed, so that is the only check)
before anything is sent. A password is never sent: the host proves it knows it, then we do.
"""
import base64
import hashlib
import hmac
import secrets
import socket
import ssl
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


def parse_code(code):
    """uno://HOST:PORT/#k=KEY: (host, port, the fingerprint's 32 bytes)."""
    where, _, key = code.removeprefix("uno://").partition("/#k=")
    host, port = where.rsplit(":", 1)
    return host.strip("[]"), int(port), base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))


def connect(host, port, fingerprint):
    """TLS 1.3, the certificate checked by its pinned fingerprint (no authority signs it)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    sock = context.wrap_socket(socket.create_connection((host, port), timeout=60))
    if not hmac.compare_digest(hashlib.sha256(sock.getpeercert(binary_form=True)).digest(), fingerprint):
        sock.close()
        sys.exit("refused: the host's key is not the one in the join code (someone may be imitating it)")
    return sock


def proof(key, side, client_nonce, host_nonce):
    return hmac.new(key, f"uno-tui {side}|{client_nonce}|{host_nonce}".encode(), hashlib.sha256).hexdigest()


def main(code, name="Example", password=None):
    host, port, fingerprint = parse_code(code)
    sock = connect(host, port, fingerprint)
    nonce = secrets.token_hex(16)
    send(sock, {"type": "hello", "version": 2, "name": name, "nonce": nonce})
    welcome = receive(sock)
    if welcome["type"] == "challenge":           # the table takes a password: the host proves it first
        if password is None:
            sys.exit("refused: this table needs a password")
        key = hashlib.scrypt(password.encode(), salt=b"uno-tui|" + fingerprint, n=2 ** 14, r=8, p=1, dklen=32)
        if not hmac.compare_digest(proof(key, "host", nonce, welcome["nonce"]), welcome["proof"]):
            sys.exit("refused: the host could not prove it knows the password (wrong password, or not the table)")
        send(sock, {"type": "proof", "proof": proof(key, "client", nonce, welcome["nonce"])})
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
    main(*sys.argv[1:4])
