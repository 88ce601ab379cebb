"""A game this machine runs: hosted (the lobby, the server, and the table once the host starts)
or solo (the same session with no server: it starts at once, and nobody else ever joins).

The host runs the only table. Each joining player is a TCP connection that
becomes a listener on that table; the host's own screens are one more client,
over an in-memory channel (HostChannel) that carries the same messages. The
table decides everything, so no peer can cheat or drift. The app that hosts
owns the session: closing it says goodbye to everyone, frees the port and
keeps (or deletes) the save: one lifecycle and one autosave for both kinds.
"""
import asyncio
import logging
from pathlib import Path

from net import Connection
from net.server import PER_ADDRESS, Server
from net.tls import server_context
from uno_tui.engine.rules import seating_problem
from uno_tui.history.record import Recorder
from uno_tui.play.address import DEFAULT_PORT, cannot_host, lan_interface, reachable_addresses
from uno_tui.protocol.commands import ProtocolError, clean_text
from uno_tui.protocol.limits import MAX_NAME
from uno_tui.storage import autosave
from uno_tui.storage.settings import GameSettings
from uno_tui.table import PROTOCOL_VERSION, Pacing, Seat, Table

from . import saving
from .admission import Admission
from .channel import HOST_ENDED, HostChannel, LocalPeer
from .lobby import Lobby, LobbySeat
from .tlskey import load_identity

logger = logging.getLogger(__name__)
BOT_NAMES = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo"]     # the bots' seats, in order


class HostSession:
    """One game run here, from its lobby to its end: who is let in (admission.py), the lobby
    (lobby.py), the table once started, its save (saving.py), and how friends reach it."""

    def __init__(self, settings: GameSettings, *, solo: bool = False, host_name: str = "Host",
                 players: int | None = None, headless: bool = False, password: str | None = None, seed=None,
                 pacing: Pacing | None = None, on_change=None, rate: float = 30.0, burst: int = 30,
                 per_address: int = PER_ADDRESS, dealer: int | None = None):
        """``solo``: a game for the host's screen alone, never served, saved as the solo game
        (which Resume carries on); ``seed`` and ``dealer`` fix the game (tests and benchmarks)."""
        self.settings, self.password, self.seed, self.pacing, self.dealer = settings, password, seed, pacing, dealer
        self.solo = solo
        self.host_name = clean_text(host_name, MAX_NAME) or "Host"
        count = players or len(settings.bots) + 1
        self.seats = [] if headless else [LobbySeat(self.host_name, "host", conn=LocalPeer())]
        levels = iter(settings.bots)                  # the set-up's levels for the seats bots will take
        self.seats += [LobbySeat("", level=next(levels, "normal")) for _ in range(count - len(self.seats))]
        self.local = None if headless else HostChannel(self)
        self.table: Table | None = None
        self.spectators: dict = {}                # connection -> the name it gave
        self.listeners: dict = {}                 # connection -> its table listener, once started
        self.on_change = on_change or (lambda: None)
        self.fingerprint: str | None = None       # the TLS key players pin (tlskey.py), once it serves
        self.admission = Admission(self)
        self.lobby = Lobby(self)
        self.server: Server | None = None         # once it serves (a solo game never does)
        self.limits = {"rate": rate, "burst": burst, "per_address": per_address}   # the server's, per address
        self.port: int | None = None
        self.closed = False
        self.password_note: str | None = None     # a resumed game: which password it takes now
        self.kept_port: int | None = None         # a resumed game: the port it was hosted on
        self.set_aside: Path | None = None        # where the unfinished game this one replaces was kept
        self.autosave = saving.saver(self)
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
        identity, self.fingerprint = load_identity()      # made here: a solo game writes no key
        self.server = Server(self.admission.admit, self.handle, self._gone, context=server_context(identity),
                             reserved=self.admission.seated_address, **self.limits)
        await self.admission.make_key(self.password)        # scrypt, once, off the loop (net/proof.py)
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
                                 guest=True, seats=self.lobby.seats_free, sessions=guests)
            self.web_port = await self.web.start()
        if ssh is not None:
            from .ssh import SshServer
            self.ssh = SshServer(lambda name: app_argv("join", code, "--ssh", f"--name={name}"), bind, ssh,
                                 password=lambda: self.password, public_host=self.addresses[0], sessions=guests)
            self.ssh_port = await self.ssh.start()
        if advertise:
            from uno_tui.play.discovery import Advertiser
            self.advertiser = Advertiser(self.host_name, self.port, self.addresses, interface=lan_interface())
            self.advertise()
        if self.table is not None:
            self.carry_on()
        else:
            self.lobby.changed()
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
        await self.admission.make_key(password)
        self.password = password
        self.advertise()

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
        port is free once this returns), and write the save (on disk once this returns); or, not
        to ``keep`` it (the host ended the game), delete it. A solo game is always kept, and a
        match that is over never is: it has nothing to carry on."""
        if self.closed:
            return
        self.closed = True                       # from here, leaving players change nothing at the table
        settle = self.autosave.wait
        if self.table is not None:
            self.table.close()
            if (keep or self.solo) and not self.table.match.over:
                self.autosave.write_now()
            else:
                settle = self.autosave.discard
        for conn in self.connections():
            conn.close(reason, farewell={"type": "bye", "reason": reason})
        await asyncio.gather(asyncio.to_thread(settle),
                             *(extra.close() for extra in (self.server, self.advertiser, self.web, self.ssh,
                                                           self.portmap) if extra is not None))

    # ------------------------------------------------------------------ players
    def welcome(self, conn: Connection, seat: int | None) -> int | None:
        """Admission let ``conn`` in (at ``seat``; None: to watch): it gets the lobby, or the table."""
        token = self.seats[seat].token if seat is not None else None
        conn.send({"type": "welcome", "version": PROTOCOL_VERSION, "seat": seat, "token": token,
                   "host": self.host_name})
        if self.table is None:
            if seat is None:                     # a spectator changes nothing the others see
                conn.send({**self.lobby.view(), "you": None})
            else:
                self.lobby.changed()
        else:
            self.listeners[conn] = self._connect(conn, seat)
        return seat

    def _connect(self, conn, seat: int | None):
        return self.table.connect(seat, conn.send, name=self.spectators.get(conn), wire=isinstance(conn, Connection))

    def handle(self, conn, seat: int | None, msg) -> None:
        """A message from a player or spectator (the host's own screen too), pings aside."""
        listener = self.listeners.get(conn)
        if listener is None:
            self.lobby.message(conn, seat, msg)
        else:
            self.table.handle(listener, msg)

    def _gone(self, conn: Connection) -> None:
        listener = self.listeners.pop(conn, None)
        if listener is not None and not self.closed:
            self.table.disconnect(listener)
        self.spectators.pop(conn, None)
        self.lobby.forget(conn)
        for seat in self.seats:
            if seat.conn is conn:
                seat.conn = None                 # in the lobby the seat keeps its token until the start,
                if self.table is None and not self.closed:
                    if not seat.keeps_token:     # unless nobody can come back with it
                        seat.name, seat.kind, seat.token, seat.keeps_token = "", "open", None, True
                    self.lobby.changed()

    # ------------------------------------------------------------------ the game
    def advertise(self) -> None:
        """The LAN's record of the table as it is now (a host that advertises)."""
        if self.advertiser is not None:
            from uno_tui.play.discovery import listing
            self.advertiser.show(listing(self.lobby.view(), self.password is not None, self.table is not None,
                                         self.fingerprint))

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
        if not self.solo:              # (a new solo game replaces the saved one: the player was asked)
            self.set_aside = autosave.set_aside("hosted")     # this game is saved from now: keep the last one
        if self.set_aside is not None:
            logger.warning("the unfinished game hosted before was kept as %s", self.set_aside)
        self.table = Table(self.settings.rules(), seats, seed=self.seed, dealer=self.dealer,
                           pacing=self.pacing or self.settings.pacing(hosted=not self.solo), recorder=Recorder(self.kind))
        self.table.on_change = self.autosave.changed
        for i, seat in enumerate(self.table.seats):   # ids used in the lobby stay used at the table
            seat.recent.extend(self.lobby.ids(i))
        self.table.start(deck, hand_size)
        for i, s in enumerate(self.seats):
            if s.conn is not None:
                self.listeners[s.conn] = self._connect(s.conn, i)
            elif s.kind in ("host", "human"):
                self.table.mark_away(i)
        for conn in self.spectators:
            self.listeners[conn] = self._connect(conn, None)
        self.advertise()
        self.on_change()

    @property
    def kind(self) -> str:
        """"solo" or "hosted": its save's slot and its record's kind."""
        return "solo" if self.solo else "hosted"

    def carry_on(self) -> None:
        """A resumed game goes on: the host's own screen takes seat 0 back, and every other
        player is away until they return (after the grace, a bot plays for them)."""
        for i, seat in enumerate(self.seats):
            if seat.kind == "human":
                self.table.mark_away(i)
        if self.local is not None:
            self.listeners[self.local.peer] = self.table.connect(0, self.local.peer.send)
        self.table.resume()

    def notes(self) -> list[str]:
        return saving.notes(self)

    resume = classmethod(saving.resume)       # HostSession.resume(...): a saved game, started again
