"""Games found on the LAN by themselves: a host advertises its table over mDNS/DNS-SD
(python-zeroconf, service ``_uno-tui._tcp``), and the join screen lists what it hears.

A record says what a player needs to choose a table: the host's name, the edition, seats
and seats free, whether it takes a password, whether the game has started, and the host's
key (its certificate's fingerprint), which a join from the list pins. It is best
effort: a network without multicast costs the host nothing but this record (one log line).
``UNO_TUI_LAN_INTERFACE`` (or ``--lan-interface``) keeps every packet on one interface's
address; the tests use 127.0.0.1, so nothing they do leaves the machine.
"""
import asyncio
import contextlib
import logging
import socket
from dataclasses import dataclass

from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from .address import format_address
from .table.protocol import clean_text
from .table.spec import MAX_NAME

SERVICE = "_uno-tui._tcp.local."
MAX_GAMES = 50                   # a LAN that advertises more tables than this is not a sofa
LOOKUP_MS = 3000
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


@dataclass(frozen=True)
class FoundGame:
    """One table heard on the LAN."""
    instance: str
    host: str
    port: int
    name: str
    edition: str
    seats: int
    free: int
    password: bool
    playing: bool
    fingerprint: str | None = None       # the host's key (hex), if the record gave a well-formed one

    @property
    def address(self) -> str:
        return format_address(self.host, self.port)

    @classmethod
    def from_info(cls, info: AsyncServiceInfo) -> "FoundGame | None":
        """From a record anyone on the LAN may have sent: anything odd leaves the game out."""
        addresses = info.parsed_addresses(IPVersion.V4Only)
        text = {key.decode("utf-8", "replace"): (value or b"").decode("utf-8", "replace")
                for key, value in (info.properties or {}).items()}
        try:
            seats, free = int(text.get("seats", "")), int(text.get("free", ""))
        except ValueError:
            return None
        name = clean_text(text.get("name", ""), MAX_NAME)
        if not addresses or not info.port or not name or not 0 <= free <= seats <= 10:
            return None
        key = text.get("key", "").lower()
        fingerprint = key if len(key) == 64 and all(c in "0123456789abcdef" for c in key) else None
        return cls(info.name.removesuffix(f".{SERVICE}"), addresses[0], info.port, name, clean_text(text.get("edition", ""), 20), seats, free,
                   text.get("password") == "yes", text.get("state") == "playing", fingerprint)


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


class Finder:
    """Listens for tables on the LAN; ``on_change`` gets every game found, sorted, at each change."""

    def __init__(self, on_change, *, interface: str | None = None):
        self.on_change, self.interface = on_change, interface
        self.games: dict[str, FoundGame] = {}
        self.heard: set[str] = set()              # records announced and not withdrawn
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._lookups: set[asyncio.Task] = set()

    async def start(self) -> None:
        self._zc = _zeroconf(self.interface)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE, handlers=[self._heard])

    def _heard(self, zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            self.heard.discard(name)
            if self.games.pop(name, None) is not None:
                self._changed()
            return
        if name not in self.heard and len(self.heard) >= MAX_GAMES or len(self._lookups) >= MAX_GAMES:
            return                                # a flood of records: the first ones are kept
        self.heard.add(name)
        task = asyncio.get_running_loop().create_task(self._look_up(name))
        self._lookups.add(task)
        task.add_done_callback(self._lookups.discard)

    async def _look_up(self, name: str) -> None:
        info = AsyncServiceInfo(SERVICE, name)
        if not await info.async_request(self._zc.zeroconf, LOOKUP_MS):
            return
        game = FoundGame.from_info(info)
        if game is None or name not in self.heard:     # withdrawn while we asked
            return
        if self.games.get(name) != game:
            self.games[name] = game
            self._changed()

    def _changed(self) -> None:
        self.on_change(sorted(self.games.values(), key=lambda g: (g.playing, g.name.lower(), g.address)))

    async def close(self) -> None:
        for task in list(self._lookups):
            task.cancel()
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zc is not None:
            await self._zc.async_close()
