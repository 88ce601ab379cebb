"""Hosting a LAN game: the lobby, the server, and the table once the host starts.

The host runs the only table. Each joining player is a TCP connection that
becomes a listener on that table; the host's own screens are one more client,
over an in-memory channel (HostChannel) that carries the same messages. The
table decides everything, so no peer can cheat or drift. The app that hosts
owns the session: closing it says goodbye to everyone and frees the port.
"""
import asyncio
import collections
import logging
from dataclasses import dataclass, field
from pathlib import Path

from net import Connection, RateLimit, new_token, proof, tokens_equal
from net.connection import TRY_AGAIN
from net.server import PER_ADDRESS, Server
from net.tls import server_context
from uno_tui.engine.rules import seating_problem
from uno_tui.history.record import Recorder
from uno_tui.play.address import DEFAULT_PORT, cannot_host, lan_interface, reachable_addresses
from uno_tui.play.solo import BOT_NAMES
from uno_tui.protocol.commands import ProtocolError, clean_text, command_id, parse_lobby_command, unique_name
from uno_tui.protocol.spec import HELLO, MAX_NAME
from uno_tui.storage import autosave
from uno_tui.storage.settings import GameSettings
from uno_tui.table import PROTOCOL_VERSION, Pacing, Seat, Table
from uno_tui.table.listener import RECENT_IDS

from .channel import HOST_ENDED, HostChannel, LocalPeer
from .saving import HostedSaving
from .tlskey import load_identity

logger = logging.getLogger(__name__)
UNKNOWN_TOKEN = "unknown seat token: this game does not know it"
MAX_SPECTATORS = 20
TOO_OFTEN = f"this seat reconnected too often: {TRY_AGAIN}"


@dataclass
class LobbySeat:
    name: str
    kind: str = "open"          # "host", "human", "bot" or "open"
    level: str = "normal"
    token: str | None = None
    conn: Connection | LocalPeer | None = None
    keeps_token: bool = True    # False: a browser tab, which cannot come back to the seat in the lobby
    address: str | None = None  # where its player last connected from (a reconnection's likely address)
    returns: RateLimit = field(default_factory=lambda: RateLimit(1.0, 5))    # reconnections with the token


class HostSession(HostedSaving):
    def __init__(self, settings: GameSettings, *, host_name: str = "Host", players: int | None = None,
                 headless: bool = False, password: str | None = None, seed=None, pacing: Pacing | None = None,
                 on_change=None, rate: float = 30.0, burst: int = 30, per_address: int = PER_ADDRESS,
                 dealer: int | None = None):
        """``seed`` and ``dealer`` fix the game (tests and benchmarks), as for a solo Table."""
        self.settings, self.password, self.seed, self.pacing, self.dealer = settings, password, seed, pacing, dealer
        self.host_name = clean_text(host_name, MAX_NAME) or "Host"
        count = players or len(settings.bots) + 1
        self.seats = [] if headless else [LobbySeat(self.host_name, "host", conn=LocalPeer())]
        levels = iter(settings.bots)                  # the set-up's levels for the seats bots will take
        self.seats += [LobbySeat("", level=next(levels, "normal")) for _ in range(count - len(self.seats))]
        self.local = None if headless else HostChannel(self)
        self.table: Table | None = None
        self.spectators: dict = {}                # connection -> the name it gave
        self._lobby_ids: dict = {}                # seat (a spectator: its connection) -> its recent command ids
        self.listeners: dict = {}                 # connection -> its table listener, once started
        self.on_change = on_change or (lambda: None)
        identity, self.fingerprint = load_identity()     # the TLS key players pin (hostkey.py)
        self.server = Server(self._admit, self._message, self._gone, context=server_context(identity),
                             reserved=self._seated_address, rate=rate, burst=burst, per_address=per_address)
        self._password_key: tuple[str, bytes] | None = None   # (password, its proof key), made once
        self.port: int | None = None
        self.closed = False
        self.password_note: str | None = None     # a resumed game: which password it takes now
        self.kept_port: int | None = None         # a resumed game: the port it was hosted on
        self.set_aside: Path | None = None        # where the unfinished game this one replaces was kept
        self.autosave = self._saver()
        self.advertiser = None                    # the discovery.Advertiser of a host that advertises
        self.addresses: list[str] = []            # where friends reach the table, once it listens
        self.web = None                           # the web.WebServer of --web
        self.web_port: int | None = None
        self.portmap = None                       # the portmap.PortMap of a host reachable from the internet
        self.internet = None                      # its portmap.Mapping, while the router forwards the port
        self.internet_problem: str | None = None  # why the router does not, and what to do instead
        self.ssh = None                           # the sshserve.SshServer of --ssh
        self.ssh_port: int | None = None

    # ------------------------------------------------------------------ server
    async def serve(self, bind: str = "0.0.0.0", port: int = DEFAULT_PORT, *, advertise: bool = False,
                    web: int | None = None, ssh: int | None = None, internet: bool = False) -> int:
        """Listen; with ``advertise``, also tell the LAN about the table (discovery.py, on the
        interface UNO_TUI_LAN_INTERFACE names, if any); with ``web``, serve the page a browser joins
        from on that port (web.py, ``web_port`` once open); with ``ssh``, serve the table to ssh
        clients on that port (sshserve.py, ``ssh_port``); with ``internet``, ask the router to
        forward the port (reach_internet). ``addresses``: where friends on the LAN reach it."""
        if self.password is not None:            # scrypt, once, off the loop (net/proof.py)
            self._password_key = (self.password, await asyncio.to_thread(proof.password_key, self.password,
                                                                         self.fingerprint))
        self.port = await self.server.listen(bind, port)
        self.addresses = reachable_addresses(lan_interface(), bind)
        logger.info("hosting on %s:%s", bind, self.port)
        if web is not None or ssh is not None:      # guests' processes: the join client, one cap for all
            from uno_tui.play.joincode import join_code

            from .guests import MAX_SESSIONS, Slots, app_argv
            code = join_code("127.0.0.1" if bind in ("0.0.0.0", "") else bind, self.port, self.fingerprint)
            guests = Slots(MAX_SESSIONS)
        if web is not None:
            from .web import WebServer, app_command
            self.web = WebServer(app_command("join", code, "--browser"), bind, web, title=f"{self.host_name}'s table",
                                 guest=True, seats=self.seats_free, sessions=guests)
            self.web_port = await self.web.start()
        if ssh is not None:
            from .ssh import SshServer
            self.ssh = SshServer(lambda name: app_argv("join", code, "--ssh", f"--name={name}"), bind, ssh,
                                 password=lambda: self.password, public_host=self.addresses[0], sessions=guests)
            self.ssh_port = await self.ssh.start()
        if advertise:
            from uno_tui.play.discovery import Advertiser
            self.advertiser = Advertiser(self.host_name, self.port, self.addresses, interface=lan_interface())
            self._advertise()
        if self.table is not None:                   # a resumed game: everyone is away until they return
            for i, seat in enumerate(self.seats):
                if seat.kind in ("human", "host"):
                    self.table.mark_away(i)
            if self.local is not None:
                self.listeners[self.local.peer] = self.table.connect(0, self.local.peer.send)
            self.table.resume()
        else:
            self._lobby_changed()
        if internet:
            await self.reach_internet()
        return self.port

    async def reach_internet(self) -> None:
        """Ask the router to forward the table's port for as long as it is open (portmap.py):
        ``internet`` is the mapping, or ``internet_problem`` says why not and what to do instead."""
        from .portmap import PortMap, Unreachable
        if self.internet is not None or self.closed:
            return
        self.portmap = self.portmap or PortMap(self.port)
        try:
            mapping = await self.portmap.open()
        except Unreachable as e:
            self.internet, self.internet_problem = None, str(e)      # (invite.py says it)
            return
        if self.closed:                          # the host left while the router was asked
            await self.portmap.close()
            return
        self.internet, self.internet_problem = mapping, None

    async def set_password(self, password: str | None) -> None:
        """From now on joining takes this password (None: none); who is seated stays. Its proof
        key is made off the loop (scrypt, net/proof.py), and the LAN record says so."""
        key = None if password is None else await asyncio.to_thread(proof.password_key, password, self.fingerprint)
        self.password, self._password_key = password, None if password is None else (password, key)
        self._advertise()

    async def leave_internet(self) -> None:
        """The router forwards the port no more (the table stays open on the LAN)."""
        self.internet = self.internet_problem = None
        if self.portmap is not None:
            await self.portmap.close()

    def ssh_command(self) -> str:
        """What a friend types to join over ssh."""
        port = "" if self.ssh_port == 22 else f"-p {self.ssh_port} "
        return f"ssh {port}YOURNAME@{self.addresses[0]}"

    def cannot_serve(self, error: OSError, port: int, web: int | None, ssh: int | None = None) -> str:
        """Why serve() failed, naming what to change: the game's port, the page's, or the ssh port."""
        if self.port is None:
            return cannot_host(port, error)
        if web is not None and self.web_port is None:
            return cannot_host(web, error, "--web")
        return cannot_host(ssh, error, "--ssh")

    def connections(self) -> list:
        """Everyone who gets messages: seated players (the host's own screen too) and spectators."""
        return [s.conn for s in self.seats if s.conn is not None] + list(self.spectators)

    async def close(self, reason: str = HOST_ENDED, keep: bool = True) -> None:
        """End the game for everyone (each gets a ``bye`` with the reason), stop listening (the
        port is free once this returns), and write the save; or, not to ``keep`` it (the host
        ended the game), delete it."""
        if self.closed:
            return
        self.closed = True                       # from here, leaving players change nothing at the table
        if self.table is not None:
            self.table.close()
            if keep:
                self.autosave.write_now()
            else:
                await asyncio.to_thread(self.autosave.discard)
        for conn in self.connections():
            conn.close(reason, farewell={"type": "bye", "reason": reason})
        await asyncio.gather(self.server.close(), asyncio.to_thread(self.autosave.wait),
                             *(extra.close() for extra in (self.advertiser, self.web, self.ssh, self.portmap)
                               if extra is not None))

    # ------------------------------------------------------------------ admission
    def _reject(self, conn: Connection, reason: str) -> bool:
        conn.close(f"rejected: {reason}", farewell={"type": "reject", "reason": reason})
        return False

    def _seated_address(self, address: str) -> bool:
        """Is a player at the table from this address (so its handshakes may use the reserve)?"""
        return any(seat.address == address for seat in self.seats)

    async def _admit(self, conn: Connection, hello) -> int | None | bool:
        """Check the hello; seat the player (a number), take a spectator (None), or reject (False)."""
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return self._reject(conn, "the first message must be a hello")
        version = hello.get("version")
        if type(version) is not int or version != PROTOCOL_VERSION:
            return self._reject(conn, f"this host speaks protocol version {PROTOCOL_VERSION}, you speak "
                                      f"{repr(version)[:12]}: use the same uno-tui version as the host")
        problems = HELLO.problems(hello)
        if problems:
            return self._reject(conn, problems[0])
        name = hello.get("name")
        if not isinstance(name, str) or not clean_text(name, MAX_NAME):
            return self._reject(conn, "a player needs a name")
        name = clean_text(name, MAX_NAME)
        if self.password is not None and not await self._proven(conn, hello["nonce"]):
            return self._reject(conn, "wrong password")
        token = hello.get("token")
        for i, seat in enumerate(self.seats):       # a token takes its seat back, in the lobby too
            if seat.token is not None and tokens_equal(token, seat.token):
                if not seat.returns.allow():            # each return is told to everyone: not 100 a second
                    return self._reject(conn, TOO_OFTEN)
                if seat.conn is not None:
                    seat.conn.close("the player connected again elsewhere")
                seat.conn, seat.address = conn, conn.address
                return self._welcome(conn, i)
        if token is not None:
            return self._reject(conn, UNKNOWN_TOKEN)
        if self.table is None and not hello.get("spectate"):
            for i, seat in enumerate(self.seats):
                if seat.kind == "open":
                    seat.name, seat.kind, seat.token, seat.conn = unique_name(name, {s.name for s in self.seats}), "human", new_token(), conn
                    seat.address = conn.address
                    seat.keeps_token = hello.get("keep") is not False
                    return self._welcome(conn, i)
            return self._reject(conn, "the table is full")
        if len(self.spectators) >= MAX_SPECTATORS:
            return self._reject(conn, f"this table has room for {MAX_SPECTATORS} spectators, and has them")
        self.spectators[conn] = name
        return self._welcome(conn, None)

    async def _proven(self, conn: Connection, client_nonce: str) -> bool:
        """The password, proven without crossing (net/proof.py): the host proves it first, then
        the client answers (within the server's handshake deadline)."""
        if self._password_key is None or self._password_key[0] != self.password:
            self._password_key = (self.password, proof.password_key(self.password, self.fingerprint))
        key, host_nonce = self._password_key[1], proof.nonce()
        conn.send({"type": "challenge", "nonce": host_nonce,
                   "proof": proof.proof(key, "host", client_nonce, host_nonce)})
        answer = await conn.read()
        return (isinstance(answer, dict) and answer.get("type") == "proof"
                and proof.proven(key, "client", client_nonce, host_nonce, answer.get("proof")))

    def _welcome(self, conn: Connection, seat: int | None) -> int | None:
        token = self.seats[seat].token if seat is not None else None
        conn.send({"type": "welcome", "version": PROTOCOL_VERSION, "seat": seat, "token": token,
                   "host": self.host_name})
        if self.table is None:
            if seat is None:                     # a spectator changes nothing the others see
                conn.send({**self.lobby_view(), "you": None})
            else:
                self._lobby_changed()
        else:
            self.listeners[conn] = self._connect(conn, seat)
        return seat

    def _connect(self, conn, seat: int | None):
        return self.table.connect(seat, conn.send, name=self.spectators.get(conn), wire=isinstance(conn, Connection))

    def _message(self, conn, seat: int | None, msg) -> None:
        """A message from a player or spectator (the host's own screen too), pings aside."""
        listener = self.listeners.get(conn)
        if listener is None:
            self._lobby_message(conn, seat, msg)
        else:
            self.table.handle(listener, msg)

    def _lobby_message(self, conn, seat: int | None, msg) -> None:
        """Before the start: chat from anyone; the host's own screen also seats bots and starts."""
        try:
            msg = parse_lobby_command(msg)
            recent = self._lobby_ids.setdefault(seat if seat is not None else conn,
                                                collections.deque(maxlen=RECENT_IDS))
            if msg["id"] in recent:              # a repeat applies once (as at the table)
                return
            recent.append(msg["id"])
            kind = msg["type"]
            if kind in ("start", "seat") and not (seat == 0 and self.seats[0].kind == "host"):
                raise ProtocolError("only the host can do that")
            if kind == "chat":
                name = self.seats[seat].name if seat is not None else self.spectators.get(conn, "")
                line = {"type": "chat", "seat": seat, "name": name, "text": msg["text"],
                        "spectator": seat is None}
                for other in self.connections():
                    other.send(dict(line))
            elif kind == "seat":
                self.set_bot(msg["seat"], msg["level"])
            elif kind == "start":
                self.start()
        except ProtocolError as e:
            conn.send({"type": "error", "id": command_id(msg), "reason": e.reason})

    def _gone(self, conn: Connection) -> None:
        listener = self.listeners.pop(conn, None)
        if listener is not None and not self.closed:
            self.table.disconnect(listener)
        self.spectators.pop(conn, None)
        self._lobby_ids.pop(conn, None)
        for seat in self.seats:
            if seat.conn is conn:
                seat.conn = None                 # in the lobby the seat keeps its token until the start,
                if self.table is None and not self.closed:
                    if not seat.keeps_token:     # unless nobody can come back with it
                        seat.name, seat.kind, seat.token, seat.keeps_token = "", "open", None, True
                    self._lobby_changed()

    # ------------------------------------------------------------------ lobby
    def lobby_view(self) -> dict:
        return {"type": "lobby", "host": self.host_name, "port": self.port, "edition": self.settings.edition,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level,
                           "connected": s.kind in ("host", "bot") or s.conn is not None} for s in self.seats],
                # teams: each seat's team (seats alternate, partners opposite at 4)
                "teams": [i % 2 for i in range(len(self.seats))] if self.settings.house.get("teams") else None}

    def _lobby_changed(self) -> None:
        view = self.lobby_view()
        for i, seat in enumerate(self.seats):
            if seat.conn is not None:
                seat.conn.send({**view, "you": i})
        for conn in self.spectators:
            conn.send({**view, "you": None})
        self._advertise()
        self.on_change()

    def _advertise(self) -> None:
        if self.advertiser is not None:
            from uno_tui.play.discovery import listing
            self.advertiser.show(listing(self.lobby_view(), self.password is not None, self.table is not None,
                                         self.fingerprint))

    def set_bot(self, index: int, level: str | None) -> None:
        """Before the start: make a seat nobody sits at a bot of this level (None: open it again).
        A player who left the lobby loses their seat this way."""
        seat = self.seats[index] if 0 <= index < len(self.seats) else None
        if self.table is not None or seat is None or seat.conn is not None or seat.kind == "host":
            raise ProtocolError("that seat is taken")
        seat.kind, seat.level = ("bot", level) if level else ("open", "normal")
        seat.name, seat.token = "", None
        self._lobby_changed()

    def seats_free(self) -> str:
        """What the browser page says of the seats (a game under way takes watchers only)."""
        if self.table is not None:
            return f"a game of {len(self.seats)} under way: join to watch, or to come back to your seat"
        free = sum(seat.kind == "open" for seat in self.seats)
        return f"{free} of {len(self.seats)} seats free" if free else f"all {len(self.seats)} seats taken: join to watch"

    def joined(self) -> int:
        return sum(1 for s in self.seats if s.kind == "human" and s.conn is not None)

    def start(self, deck: list[str] | None = None, hand_size: int = 7) -> None:
        """Start the game: empty seats get bots, and players who left the lobby are away.
        ``deck`` rigs the first hand (see Table.start)."""
        if self.table is not None:
            raise ProtocolError("the game has started")
        wrong = seating_problem(self.settings.rules(), len(self.seats))
        if wrong:
            raise ProtocolError(wrong)
        seats = []
        bot_names = iter(BOT_NAMES)
        for s in self.seats:
            if s.kind in ("host", "human"):
                seats.append(Seat(s.name, "human"))
            else:
                s.kind, s.name = "bot", s.name or next(bot_names)
                seats.append(Seat(s.name, "bot", s.level))
        self.set_aside = autosave.set_aside("hosted")     # this game is saved from now: keep the last one
        if self.set_aside is not None:
            logger.warning("the unfinished game hosted before was kept as %s", self.set_aside)
        self.table = Table(self.settings.rules(), seats, seed=self.seed, pacing=self.pacing or self.settings.pacing(True),
                           dealer=self.dealer,
                           recorder=Recorder("hosted"))
        self.table.on_change = self.autosave.changed
        for i, seat in enumerate(self.table.seats):   # ids used in the lobby stay used at the table
            seat.recent.extend(self._lobby_ids.get(i, ()))
        self.table.start(deck, hand_size)
        for i, s in enumerate(self.seats):
            if s.conn is not None:
                self.listeners[s.conn] = self._connect(s.conn, i)
            elif s.kind in ("host", "human"):
                self.table.mark_away(i)
        for conn in self.spectators:
            self.listeners[conn] = self._connect(conn, None)
        self._advertise()
        self.on_change()
