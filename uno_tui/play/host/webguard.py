"""The connection limits of the browser page's server (web.py), as the game port has its own
(net/server.py): what a stranger on the LAN can make the host spend through the page is capped.

- Connections taken at most ARRIVALS a second (the rest wait in the system's backlog), and
  held in all and per address: over the per-address cap a connection is closed as it
  arrives; over the cap in all, the oldest connection that is not in a request (no request
  yet, or an idle keep-alive) makes room, so half-finished requests cannot shut honest
  browsers out, and never hold more of the host's open files than the cap.
- Time: a request's head must come whole within REQUEST_TIMEOUT of the connection (or of the
  last answer on it); a request may have no body (the page only GETs), so no body is awaited.
- Size: the request line, headers and query string are capped (aiohttp's and MAX_QUERY).
- Refusals and malformed requests are counted and logged one line per reason every LOG_EVERY
  seconds, instead of a line (or a traceback) each.
- Origin: a websocket may come only from a page of the address the connection arrived at (the
  address the host serves, not what the Host header claims), or, on loopback, localhost.
"""
import asyncio
import collections
import ipaddress
import logging
import resource
import socket

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from net.accepting import accepted
from net.connection import RateLimit
from uno_tui.play.address import format_address

logger = logging.getLogger(__name__)
#: a share of the open-file limit, beside the game port's quarter (net/server.py): the host's
#: saves, log and tab processes' pipes always have descriptors left
MAX_CONNECTIONS = min(64, resource.getrlimit(resource.RLIMIT_NOFILE)[0] // 8)
PER_ADDRESS = 16                 # a browser opens 6 at most to a page; a few devices share an address
REQUEST_TIMEOUT = 10.0
MAX_QUERY = 256
LOG_EVERY = 5.0
ARRIVALS = 50                    # connections taken a second (a page's load is a handful)
BACKLOG = 128


class Refusals:
    """What was refused, by reason, logged one line a reason now and then (a flood of bad
    requests must not grow the log by a line each)."""

    def __init__(self):
        self.counts: collections.Counter = collections.Counter()
        self.total: collections.Counter = collections.Counter()        # over the server's life (tests)

    def add(self, reason: str) -> None:
        self.counts[reason] += 1
        self.total[reason] += 1

    def log(self) -> None:
        for reason, n in self.counts.items():
            logger.info("browser page: refused %d: %s", n, reason)
        self.counts.clear()


class _CountMalformed(logging.Filter):
    """On the logger of the page's HTTP handlers: a malformed request is counted, not logged with
    its traceback (an error of ours in a handler still is)."""

    def __init__(self, refusals: Refusals):
        super().__init__()
        self.refusals = refusals

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            self.refusals.add(f"malformed HTTP requests ({type(error).__name__})")
            return False
        return True


class Gate(asyncio.Protocol):
    """A connection's first stop: admitted by the guard, then handed to aiohttp's handler."""

    def __init__(self, guard: "Guard", make):
        self.guard, self.make = guard, make
        self.inner = self.transport = self.address = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        if not peer or not self.guard.admit(self, peer[0]):
            transport.abort()
            return
        self.address = peer[0]
        self.inner = self.make()
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self):
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc) -> None:
        if self.inner is not None:
            self.guard.gone(self)
            self.inner.connection_lost(exc)
            self.inner = None


class Guard:
    """The caps of one page server, its refusals, and the middleware that applies the rest."""

    def __init__(self, *, max_connections: int = MAX_CONNECTIONS, per_address: int = PER_ADDRESS):
        self.max_connections, self.per_address = max_connections, per_address
        self.refusals = Refusals()
        self.open: collections.Counter = collections.Counter()       # address -> connections open
        self.idle: dict[Gate, None] = {}          # connections not in a request, oldest first
        self.gates: dict = {}                     # transport -> its gate
        self.http_log = logging.getLogger(f"{__name__}.http")
        self.http_log.addFilter(_CountMalformed(self.refusals))
        self._arrivals = RateLimit(ARRIVALS, ARRIVALS)
        self._sock: socket.socket | None = None
        self._tasks: list[asyncio.Task] = []

    def handler_options(self) -> dict:
        """aiohttp's own limits for the page's handlers (web.AppRunner's keywords)."""
        return dict(keepalive_timeout=REQUEST_TIMEOUT, logger=self.http_log, max_line_size=4096,
                    max_field_size=4096, max_headers=64, lingering_time=0.0)

    async def listen(self, server, host: str, port: int) -> int:
        """Listen on (host, port) for ``server`` (the runner's aiohttp server), through the gates;
        returns the port."""
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self._sock = socket.create_server((host, port), family=family, backlog=BACKLOG)
        self._sock.setblocking(False)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._accept(server)), loop.create_task(self._log_now_and_then())]
        return self._sock.getsockname()[1]

    async def close(self) -> None:
        """Stop listening (the port is free once this returns); the connections are the runner's."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._sock is not None:
            self._sock.close()
        self.refusals.log()

    async def _accept(self, server) -> None:
        """At most ARRIVALS connections taken a second: a storm of them waits in the system's
        backlog (or is turned away by the system), costing the game's loop nothing."""
        loop = asyncio.get_running_loop()
        async for sock, _ in accepted(self._sock, logger, 1.0):
            while not self._arrivals.allow():
                await asyncio.sleep(1 / ARRIVALS)
            try:
                await loop.connect_accepted_socket(lambda: Gate(self, server), sock)
            except OSError:
                sock.close()

    async def _log_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(LOG_EVERY)
            self.refusals.log()

    def admit(self, gate: Gate, address: str) -> bool:
        """Whether a new connection from ``address`` may stay (making room for it, if it can)."""
        if self.open[address] >= self.per_address:
            self.refusals.add("too many connections from one address")
            return False
        if sum(self.open.values()) >= self.max_connections:
            if not self.idle:
                self.refusals.add("too many connections")
                return False
            oldest = next(iter(self.idle))
            self.refusals.add("a connection with no request made room for a newer one")
            self.gone(oldest)
            oldest.transport.abort()
        self.open[address] += 1
        self.idle[gate] = None
        self.gates[gate.transport] = gate
        return True

    def gone(self, gate: Gate) -> None:
        if self.gates.pop(gate.transport, None) is None:
            return
        self.idle.pop(gate, None)
        self.open[gate.address] -= 1
        if not self.open[gate.address]:
            del self.open[gate.address]

    @web.middleware
    async def middleware(self, request: web.Request, handler):
        """Each request: while it is handled its connection is busy (never made room with); a
        query too long or a body is refused; a websocket must come from our own page."""
        gate = self.gates.get(request.transport)
        if gate is not None:
            self.idle.pop(gate, None)
        try:
            refused = self._refused(request)
            if refused is not None:
                status, reason = refused
                self.refusals.add(reason)
                response = web.Response(text=reason, status=status)
                response.force_close()
                return response
            return await handler(request)
        finally:
            if gate is not None and request.transport in self.gates:
                self.idle[gate] = None

    def _refused(self, request: web.Request) -> tuple[int, str] | None:
        if len(request.query_string) > MAX_QUERY:
            return 414, "a query string too long"
        if request.body_exists:
            return 413, "a request with a body (the page only reads)"
        if request.path == "/ws" and not own_origin(request):
            return 403, "a websocket from another site's page"
        return None


def own_origin(request: web.Request) -> bool:
    """Whether a request comes from one of our own pages: no Origin (not a browser, so no other
    site's page), or the Origin of the address it arrived at (on loopback, localhost too; this
    machine's own name, as a phone may know it)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    sockname = request.transport.get_extra_info("sockname") if request.transport else None
    if not sockname:
        return False
    ip, port = sockname[0], sockname[1]
    names = {ip, socket.gethostname(), f"{socket.gethostname()}.local"}
    if ipaddress.ip_address(ip).is_loopback:
        names |= {"localhost", "127.0.0.1", "::1"}
    ours = {f"{scheme}://{format_address(name, port)}" for name in names for scheme in ("http", "https")}
    if port == 80:
        ours |= {f"http://{'[' + name + ']' if ':' in name else name}" for name in names}
    return origin.lower() in {o.lower() for o in ours}
