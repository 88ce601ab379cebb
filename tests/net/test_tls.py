"""TLS and pinning end to end, real sockets on 127.0.0.1: no plain text, joins by code, by LAN
record (tests/net/test_discovery.py) and by typed address (asked once, then silent), a changed host
key refused with the one command that forgets it, a man in the middle refused, and a forged
table that learns no password and no seat token."""
import asyncio
import os
import stat

import msgpack
import pytest

from net.tls import peer_fingerprint, server_context
from tests.helpers.network import LOOPBACK, TIMEOUT, frame, tls_open
from uno_tui import cli
from uno_tui.play import pins
from uno_tui.play.host import tlskey as hostkey
from uno_tui.play.host.session import HostSession
from uno_tui.play.join import JoinError, connect, saved_token
from uno_tui.play.joincode import join_code, parse_join_code, spaced
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing

HELLO = {"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Eve", "spectate": True}


async def hosted(port=0, **kw):
    session = HostSession(GameSettings(bots=["normal"]), players=3, headless=True,
                          pacing=Pacing(bot_delay=60, grace=60), **kw)
    return session, await session.serve(LOOPBACK, port)


def another_identity(tmp_path, monkeypatch):
    """A key and certificate of another machine (an attacker's): made in another data dir."""
    with monkeypatch.context() as m:
        m.setenv("UNO_TUI_DATA_DIR", str(tmp_path / "elsewhere"))
        return hostkey.load_identity()


class Recorder:
    """A TLS server on loopback with its own certificate that keeps every message it is sent:
    ``relay_to`` a port makes it a man in the middle (what it reads goes on to the real host,
    and back); without, a forged table that challenges for a password it does not know."""

    def __init__(self, identity, relay_to=None):
        self.context, self.relay_to, self.heard = server_context(identity), relay_to, []

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, LOOPBACK, 0, ssl=self.context)
        return self.server.sockets[0].getsockname()[1]

    async def _read(self, reader):
        header = await reader.readexactly(4)
        msg = msgpack.unpackb(await reader.readexactly(int.from_bytes(header, "big")))
        self.heard.append(msg)
        return msg

    async def _serve(self, reader, writer):
        try:
            if self.relay_to is None:
                await self._read(reader)
                writer.write(frame({"type": "challenge", "nonce": "1" * 32, "proof": "2" * 64}))
                await self._read(reader)
            else:
                up_reader, up_writer = await tls_open(self.relay_to)

                async def pump(src, dst, record):
                    while True:
                        if record:
                            dst.write(frame(await self._read(src)))
                        else:
                            dst.write(await src.read(65536) or b"")
                            if src.at_eof():
                                return
                await asyncio.gather(pump(reader, up_writer, True), pump(up_reader, writer, False))
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def close(self):
        self.server.close()


async def test_a_plain_tcp_client_gets_nothing_but_a_closed_socket():
    session, port = await hosted()
    try:
        reader, writer = await asyncio.open_connection(LOOPBACK, port)
        writer.write(frame(HELLO))                      # a hello in clear, as protocol 1 spoke
        assert await asyncio.wait_for(reader.read(65536), TIMEOUT) == b""    # nothing: closed
        assert session.spectators == {}
        ch = await connect(LOOPBACK, port, "Ann", fingerprint=session.fingerprint)   # TLS still works
        ch.close()
    finally:
        await session.close()


async def test_the_host_key_is_made_once_and_readable_by_its_owner_only():
    path, fingerprint = hostkey.load_identity()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert hostkey.load_identity() == (path, fingerprint) and len(fingerprint) == 64
    session, port = await hosted()
    try:
        assert session.fingerprint == fingerprint
        _, writer = await tls_open(port)
        assert peer_fingerprint(writer) == fingerprint  # the certificate it presents is that one
        writer.close()
    finally:
        await session.close()


def test_a_join_code_says_where_and_which_key_and_bad_ones_say_why():
    fingerprint = "0f" * 32
    code = join_code("192.168.1.20", 7531, fingerprint)
    assert code.startswith("uno://192.168.1.20:7531/#k=") and len(code.split("k=")[1]) == 43
    assert parse_join_code(code) == ("192.168.1.20", 7531, fingerprint)
    assert parse_join_code(join_code("::1", 9, fingerprint)) == ("::1", 9, fingerprint)
    assert spaced(fingerprint) == "0F0F 0F0F 0F0F 0F0F 0F0F 0F0F 0F0F 0F0F"
    for bad, why in (("uno://h:1/", "no key"), ("uno://h:1/#k=abc", "damaged"), ("http://h:1/#k=", "starts with"),
                     ("uno://h:99999/#k=" + "A" * 43, "out of range")):
        with pytest.raises(ValueError, match=why):
            parse_join_code(bad)


async def test_a_join_by_code_pins_the_key_and_a_code_with_another_key_is_refused(tmp_path, monkeypatch):
    session, port = await hosted()
    try:
        host, at, key = parse_join_code(join_code(LOOPBACK, port, session.fingerprint))
        ch = await connect(host, at, "Ann", fingerprint=key)
        assert ch.welcome["seat"] is not None and pins.known(f"{LOOPBACK}:{port}") == session.fingerprint
        ch.close()
        _, other = another_identity(tmp_path, monkeypatch)
        with pytest.raises(JoinError, match="is not the table you chose.*Nothing was sent to it"):
            await connect(LOOPBACK, port, "Bob", fingerprint=other)
        assert [s.name for s in session.seats if s.kind == "human"] == ["Ann"]
    finally:
        await session.close()


async def test_a_typed_address_asks_once_then_checks_silently_and_a_no_joins_nothing():
    session, port = await hosted()
    asked = []

    async def ask(address, fingerprint):
        asked.append((address, fingerprint))
        return len(asked) > 1                       # "no" the first time, "yes" the second

    try:
        with pytest.raises(JoinError, match="was not trusted"):
            await connect(LOOPBACK, port, "Ann", ask=ask)
        assert session.joined() == 0 and pins.known(f"{LOOPBACK}:{port}") is None
        first = await connect(LOOPBACK, port, "Ann", ask=ask)
        assert asked == [(f"{LOOPBACK}:{port}", session.fingerprint)] * 2
        first.close()
        second = await connect(LOOPBACK, port, "Bob", ask=ask)    # known now: not asked again
        assert len(asked) == 2 and second.welcome["seat"] is not None
        second.close()
    finally:
        await session.close()


async def test_a_host_whose_key_changed_is_refused_with_the_command_that_forgets_it(capsys):
    session, port = await hosted()
    ch = await connect(LOOPBACK, port, "Ann", fingerprint=session.fingerprint)
    ch.close()
    await session.close()
    hostkey.identity_path().unlink()                 # the host's key is gone: a new one is made
    session, port = await hosted(port)
    try:
        where = f"{LOOPBACK}:{port}"
        with pytest.raises(JoinError) as refused:
            await connect(LOOPBACK, port, "Ann", ask=lambda *_: pytest.fail("a changed key is not asked about"))
        assert "has a different key from the one you trusted before" in refused.value.reason
        assert refused.value.reason.endswith(f"uno-tui forget {where}")
        assert cli.main(["forget", where]) == 0 and "Forgot the key" in capsys.readouterr().out
        assert cli.main(["forget", where]) == 1                  # nothing left to forget: said so

        async def yes(*_):
            return True
        (await connect(LOOPBACK, port, "Ann", ask=yes)).close()   # asked again, and trusted
        assert pins.known(where) == session.fingerprint
    finally:
        await session.close()


async def test_a_man_in_the_middle_with_his_own_certificate_learns_nothing(tmp_path, monkeypatch):
    session, port = await hosted(password="sesame")
    mitm = Recorder(another_identity(tmp_path, monkeypatch)[0], relay_to=port)
    proxy = await mitm.start()
    try:
        pins.remember(f"{LOOPBACK}:{proxy}", session.fingerprint)   # the player trusted the host at that address
        with pytest.raises(JoinError, match="has a different key"):
            await connect(LOOPBACK, proxy, "Ann", password="sesame")
        assert mitm.heard == []                                     # refused before the hello

        pins.forget(f"{LOOPBACK}:{proxy}")

        async def yes(*_):                                          # a player who trusts any key
            return True
        with pytest.raises(JoinError, match="wrong password, or this is not the real table"):
            await connect(LOOPBACK, proxy, "Ann", password="sesame", ask=yes)
        # the real host's proof, relayed, was made for its own certificate, not the proxy's: the
        # client sent no proof, and nothing it sent holds the password
        assert [m["type"] for m in mitm.heard] == ["hello"]
        assert "sesame" not in repr(mitm.heard) and session.joined() == 0
    finally:
        await mitm.close()
        await session.close()


async def test_a_forged_table_learns_no_password_and_no_seat_token_and_the_joiner_is_told_why(tmp_path, monkeypatch):
    session, port = await hosted(password="sesame")
    forged = Recorder(another_identity(tmp_path, monkeypatch)[0])
    fake = await forged.start()
    try:
        ch = await connect(LOOPBACK, port, "Ann", password="sesame", fingerprint=session.fingerprint)
        token = ch.welcome["token"]
        ch.close()
        # the forged table's own record, with its own key (anyone on the LAN may send one)
        _, key = another_identity(tmp_path, monkeypatch)
        with pytest.raises(JoinError) as refused:
            await connect(LOOPBACK, fake, "Ann", password="sesame", fingerprint=key)
        assert "not the real table" in refused.value.reason and "nothing made from it was sent" in refused.value.reason
        assert [m["type"] for m in forged.heard] == ["hello"]
        assert "token" not in forged.heard[0] and "sesame" not in repr(forged.heard) and token not in repr(forged.heard)
        assert saved_token(f"{LOOPBACK}:{port}/Ann", session.fingerprint) == token   # kept for the real host only
    finally:
        await forged.close()
        await session.close()
