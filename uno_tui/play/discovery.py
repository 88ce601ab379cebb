"""Games found on the LAN by themselves: a host advertises its table over mDNS/DNS-SD
(python-zeroconf, service ``_uno-tui._tcp``), and the join screen lists what it hears.

A record says what a player needs to choose a table: the host's name, the edition, seats
and seats free, whether it takes a password, whether the game has started, and the host's
key (its certificate's fingerprint), which a join from the list pins. It is best
effort: a network without multicast costs the host nothing but this record (one log line).
``UNO_TUI_LAN_INTERFACE`` (or ``--lan-interface``) keeps every packet on one interface's
address; the tests use 127.0.0.1, so nothing they do leaves the machine. What a heard record
is worth, and how far it is trusted, is lanrecord.py's.
"""
import asyncio
import contextlib
import logging
import socket
import time

from zeroconf import DNSOutgoing, DNSQuestion, InterfaceChoice, IPVersion, RecordUpdateListener, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from uno_tui.protocol.commands import clean_text
from uno_tui.protocol.limits import MAX_NAME

from . import pins
from .lanrecord import SERVICE, FoundGame, fair_name, is_pinned, judged, plain_name

#: DNS's numbers for a PTR record, the Internet class and a query (RFC 1035; zeroconf keeps its
#: own private)
TYPE_PTR, CLASS_IN, QUERY = 12, 1, 0x0000

MAX_GAMES = 50                   # a LAN that advertises more tables than this is not a sofa
LOOKUP_MS = 3000
REFRESH = 3.0                    # seconds between the finder's questions to every table
LIVE = 10.0                      # a table not heard for this long leaves the list
CHANGES_MERGED = 0.05            # seconds of changes told to the finder's owner as one
PINS_KEPT = 1.0                  # seconds the finder keeps the pins it read
logger = logging.getLogger(__name__)


def _zeroconf(interface: str | None) -> AsyncZeroconf:
    return AsyncZeroconf(interfaces=[interface] if interface else InterfaceChoice.All, ip_version=IPVersion.V4Only)


def listing(lobby: dict, password: bool, playing: bool, fingerprint: str) -> dict[str, str]:
    """A table's record, from its lobby view: what a player chooses a table by, and ``key``, the
    SHA-256 fingerprint of the host's certificate (hex), which a join from the list pins."""
    return {"name": lobby["host"], "edition": lobby["edition"], "seats": str(len(lobby["seats"])),
            "free": str(sum(seat["kind"] == "open" for seat in lobby["seats"])),
            "password": "yes" if password else "no", "state": "playing" if playing else "lobby",
            "key": fingerprint}


class Advertiser:
    """One table's record: registered once the host listens, updated as seats fill, withdrawn
    when the host closes. Changes that arrive while one is being sent are merged into the next."""

    def __init__(self, host_name: str, port: int, addresses: list[str], *, interface: str | None = None):
        """``addresses``: where friends reach the table (the host's, address.reachable_addresses)."""
        self.interface, self.port = interface, port
        self.addresses = [socket.inet_aton(address) for address in addresses]
        self.server = f"{socket.gethostname()}.local."
        # a DNS label is at most 63 bytes: cut there, never inside a character
        self.instance = f"{clean_text(host_name, MAX_NAME)}'s table on {socket.gethostname()}".encode()[:63].decode(
            errors="ignore")
        self.listing: dict[str, str] = {}
        self.registered: AsyncServiceInfo | None = None
        self._changed = asyncio.Event()
        self._zc: AsyncZeroconf | None = None
        self._task: asyncio.Task | None = None

    def show(self, record: dict[str, str]) -> None:
        """Advertise these fields (the first call starts advertising)."""
        self.listing = record
        self._changed.set()
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    def _info(self) -> AsyncServiceInfo:
        return AsyncServiceInfo(SERVICE, f"{self.instance}.{SERVICE}", port=self.port,
                                addresses=self.addresses, server=self.server, properties=self.listing)

    async def _run(self) -> None:
        try:
            self._zc = _zeroconf(self.interface)
            while True:
                await self._changed.wait()
                self._changed.clear()
                info = self._info()
                if self.registered is None:
                    await (await self._zc.async_register_service(info, allow_name_change=True))
                    self.instance = info.name.removesuffix(f".{SERVICE}")
                else:
                    await (await self._zc.async_update_service(info))
                self.registered = info
        except asyncio.CancelledError:
            raise
        except Exception as e:                       # no multicast here: the table is still reachable by address
            logger.warning("cannot advertise the table on the LAN: %s", e)

    async def close(self) -> None:
        """Withdraw the record (browsers drop the game at once) and free the sockets."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._zc is not None:
            with contextlib.suppress(Exception):
                if self.registered is not None:
                    await (await self._zc.async_unregister_service(self.registered))
                await self._zc.async_close()


class Finder(RecordUpdateListener):
    """Listens for tables on the LAN; ``on_change`` gets every game found, sorted, at each change.

    Anyone on the LAN may send records, so the list holds what was heard lately, not what came
    first: every REFRESH seconds it asks every table to answer again, a table not heard for
    LIVE seconds leaves the list (a flood's records, long as their TTL may be, are gone seconds
    after it stops), and past MAX_GAMES the table heard least lately makes room, never one whose
    key is pinned (that one stays visible through a flood). Each game is judged against the pins
    (``trust``): a record whose key is the one pinned for its address is "pinned"; one whose key
    differs from its address's pin, or that takes the name of a pinned table, is "suspect", and
    the join screen does not follow it. A name with control characters is dropped."""

    def __init__(self, on_change, *, interface: str | None = None):
        self.on_change, self.interface = on_change, interface
        self.games: dict[str, FoundGame] = {}
        self.heard: dict[str, float] = {}         # records announced and not withdrawn: when last heard
        self.dropped = 0                          # records left out for their name
        self.known_names: dict[str, set[str]] = {}    # the names of pinned tables heard since the start: their keys
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._lookups: dict[str, asyncio.Task] = {}
        self._refresher: asyncio.Task | None = None
        self._pins_read: tuple[float, dict[str, str]] = (-PINS_KEPT, {})
        self._judged_by: dict[str, str] = {}      # the pins the list was last judged by
        self._pending_change: asyncio.TimerHandle | None = None

    async def start(self) -> None:
        self._zc = _zeroconf(self.interface)
        self._zc.zeroconf.async_add_listener(self, DNSQuestion(SERVICE, TYPE_PTR, CLASS_IN))
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE, handlers=[self._heard])
        self._refresher = asyncio.get_running_loop().create_task(self._refresh())

    def async_update_records(self, zc, now: float, records) -> None:
        """Every record of ours that arrives, new or repeated (zeroconf tells its browser of new
        ones only): when each table was last heard."""
        for update in records:
            record = update.new
            if record.type == TYPE_PTR and record.name.lower() == SERVICE and not record.is_expired(now):
                self._hear(record.alias)

    def async_update_records_complete(self) -> None:
        pass

    async def _refresh(self) -> None:
        """Ask every table to answer (a query with no known answers), and forget the silent ones."""
        while True:
            query = DNSOutgoing(QUERY)
            query.add_question(DNSQuestion(SERVICE, TYPE_PTR, CLASS_IN))
            self._zc.zeroconf.async_send(query)
            await asyncio.sleep(REFRESH)
            silent_since = time.monotonic() - LIVE
            for name in [name for name, heard in self.heard.items() if heard < silent_since]:
                self._forget(name)
            if self._pins() != self._judged_by:          # a table joined meanwhile: judged again
                self._changed()

    def _hear(self, name: str, changed: bool = False) -> None:
        """Note a record heard now, and look it up if it is new here (or ``changed``): unless its
        name is dropped, or every place is a pinned table's."""
        new = name not in self.heard
        if new:
            if not fair_name(name):
                self.dropped += 1
                return
            if len(self.heard) >= MAX_GAMES and not self._make_room():
                return
        self.heard.pop(name, None)
        self.heard[name] = time.monotonic()       # (kept in order of hearing: the first is the stalest)
        if (new or changed) and name not in self._lookups:
            task = asyncio.get_running_loop().create_task(self._look_up(name))
            self._lookups[name] = task
            task.add_done_callback(lambda _: self._lookups.pop(name, None) if self._lookups.get(name) is task else None)

    def _make_room(self) -> bool:
        """Forget the table heard least lately whose key is not pinned (False: all are)."""
        pinned = self._pins()
        stalest = next((name for name in self.heard if not is_pinned(self.games.get(name), pinned)), None)
        if stalest is None:
            return False
        self._forget(stalest)
        return True

    def _forget(self, name: str) -> None:
        self.heard.pop(name, None)
        lookup = self._lookups.pop(name, None)
        if lookup is not None:
            lookup.cancel()
        if self.games.pop(name, None) is not None:
            self._changed()

    def _heard(self, zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            self._forget(name)
        else:
            self._hear(name, changed=True)

    async def _look_up(self, name: str) -> None:
        try:
            info = AsyncServiceInfo(SERVICE, name)
            if not await info.async_request(self._zc.zeroconf, LOOKUP_MS):
                return
            game = FoundGame.from_info(info)
        except asyncio.CancelledError:
            raise
        except Exception as e:                        # a record zeroconf itself cannot read: left out
            logger.debug("left out a LAN record: %s", e)
            self.dropped += 1
            return
        if game is None or name not in self.heard:     # withdrawn while we asked
            return
        if self.games.get(name) != game:
            self.games[name] = game
            self._changed()

    def _changed(self) -> None:
        """Tell the owner, once for the changes of one moment (a flood brings many at once)."""
        if self._pending_change is None:
            self._pending_change = asyncio.get_running_loop().call_later(CHANGES_MERGED, self._announce)

    def _announce(self) -> None:
        """Judge every game against the pins (read once), and give the owner the list."""
        self._pending_change = None
        self._judged_by = pins_now = self._pins()
        for game in self.games.values():
            if is_pinned(game, pins_now):
                self.known_names.setdefault(plain_name(game.instance), set()).add(game.fingerprint)
        games = [judged(game, pins_now.get(game.address), self.known_names) for game in self.games.values()]
        self.on_change(sorted(games, key=lambda g: (g.trust == "suspect", g.playing, g.name.lower(), g.address)))

    def _pins(self) -> dict[str, str]:
        """The pins, read again at most every PINS_KEPT seconds (a flood asks for them at every record)."""
        read, trusted = self._pins_read
        if time.monotonic() - read >= PINS_KEPT:
            self._pins_read = time.monotonic(), (trusted := pins.trusted())
        return trusted

    async def close(self) -> None:
        for task in [self._refresher, *self._lookups.values()]:
            if task is not None:
                task.cancel()
        if self._pending_change is not None:
            self._pending_change.cancel()
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zc is not None:
            self._zc.zeroconf.async_remove_listener(self)
            await self._zc.async_close()
