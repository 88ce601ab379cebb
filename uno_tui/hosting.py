"""Hosting a LAN game: the lobby, the server, and the table once the host starts.

The host runs the only table. Each joining player is a TCP connection that
becomes a listener on that table, exactly as the host's own in-memory
channel is; the table decides everything, so no peer can cheat or drift.
"""
import asyncio
import logging
import socket
from dataclasses import asdict, dataclass

import msgpack

from net import Connection, FrameError, RateLimit, decode, new_token, tokens_equal

from .savefile import SaveFile
from .settings import GameSettings, data_dir
from .solo import BOT_NAMES
from .table import PROTOCOL_VERSION, LocalChannel, Pacing, Seat, Table
from .table.protocol import MAX_CHAT, clean_text

logger = logging.getLogger(__name__)
DEFAULT_PORT = 7531
HELLO_TIMEOUT = 5.0
PING_INTERVAL = 5.0
SAVE_DELAY = 0.25           # the game is saved this long after a change: a burst of moves costs one save
LOG_SAVE_DELAY = 1.0        # the log (words only, most of the bytes) at most this often
MAX_NAME = 24
UNKNOWN_TOKEN = "unknown seat token: this game does not know it"


@dataclass
class LobbySeat:
    name: str
    kind: str = "open"          # "host", "human", "bot" or "open"
    level: str = "normal"
    token: str | None = None
    conn: Connection | None = None


class HostSession:
    def __init__(self, settings: GameSettings, *, host_name: str = "Host", players: int | None = None,
                 headless: bool = False, password: str | None = None, seed=None, pacing: Pacing | None = None,
                 on_change=None, rate: float = 30.0, burst: int = 30):
        self.settings, self.password, self.seed, self.pacing = settings, password, seed, pacing
        self.host_name = clean_text(host_name, MAX_NAME) or "Host"
        count = players or len(settings.bots) + 1
        self.seats = [LobbySeat(self.host_name, "host")] if not headless else []
        self.seats += [LobbySeat("") for _ in range(count - len(self.seats))]
        self.table: Table | None = None
        self.local: LocalChannel | None = None
        self.spectators: list[Connection] = []
        self.listeners: dict = {}                 # connection -> its table listener, once started
        self.on_change = on_change or (lambda: None)
        self.rate, self.burst = rate, burst
        self.server: asyncio.Server | None = None
        self.port: int | None = None
        self._tasks: set[asyncio.Task] = set()
        self._save_file = SaveFile(saved_game_path())
        self._log_file = SaveFile(saved_log_path())
        self._save_timers: dict = {}              # write method -> its pending timer
        self.game_id = new_token()               # ties the log file to this game's save

    # ------------------------------------------------------------------ server
    async def serve(self, bind: str = "0.0.0.0", port: int = DEFAULT_PORT) -> int:
        self.server = await asyncio.start_server(self._accept, bind, port)
        self.port = self.server.sockets[0].getsockname()[1]
        self._spawn(self._heartbeat())
        logger.info("hosting on %s:%s", bind, self.port)
        return self.port

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(PING_INTERVAL)
            for conn in self.connections():
                conn.send({"type": "ping"})

    def connections(self) -> list[Connection]:
        return [s.conn for s in self.seats if s.conn is not None] + list(self.spectators)

    async def close(self, reason: str = "The host closed the game.") -> None:
        for conn in self.connections():
            conn.close(reason, farewell={"type": "bye", "reason": reason})
        if self.server is not None:
            self.server.close()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.table is not None:
            self.table.close()
        for write, timer in list(self._save_timers.items()):
            timer.cancel()
            self._write(write)
        await asyncio.to_thread(self._save_file.flush)
        await asyncio.to_thread(self._log_file.flush)

    # ------------------------------------------------------------------ one connection
    def _accept(self, reader, writer) -> None:
        """Each connection is a task of ours, so closing the host can cancel and await them all."""
        self._spawn(self._handle(reader, writer))

    async def _handle(self, reader, writer) -> None:
        conn = Connection(reader, writer, idle_timeout=3 * PING_INTERVAL)
        try:
            hello = await asyncio.wait_for(conn.read(), HELLO_TIMEOUT)
            seat = self._admit(conn, hello)
            if seat is False:
                return
            await self._serve(conn, seat)
        except FrameError as e:
            conn.close(f"bad frame: {e.reason}")
        except asyncio.TimeoutError:
            conn.close("silent or too slow")
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            conn.close("disconnected")
        except Exception:                    # noqa: BLE001 - one connection's trouble never stops the host
            logger.exception("closing %s after an unexpected error", conn.peer)
            conn.close("internal error")
        finally:
            self._gone(conn)
            conn.close("done")
            await conn.wait_closed()

    def _reject(self, conn: Connection, reason: str) -> bool:
        conn.close(f"rejected: {reason}", farewell={"type": "reject", "reason": reason})
        return False

    def _admit(self, conn: Connection, hello) -> int | None | bool:
        """Check the hello; seat the player (a number), take a spectator (None), or reject (False)."""
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return self._reject(conn, "the first message must be a hello")
        version = hello.get("version")
        if version != PROTOCOL_VERSION:
            return self._reject(conn, f"this host speaks protocol version {PROTOCOL_VERSION}, you speak "
                                      f"{str(version)[:10]}: use the same uno-tui version as the host")
        name = hello.get("name")
        if not isinstance(name, str) or not clean_text(name, MAX_NAME):
            return self._reject(conn, "a player needs a name")
        name = clean_text(name, MAX_NAME)
        if self.password is not None and not tokens_equal(hello.get("password"), self.password):
            return self._reject(conn, "wrong password")
        token = hello.get("token")
        for i, seat in enumerate(self.seats):       # a token takes its seat back
            if seat.token is not None and tokens_equal(token, seat.token):
                if seat.conn is not None:
                    seat.conn.close("the player connected again elsewhere")
                seat.conn = conn
                return self._welcome(conn, i)
        if token is not None:
            return self._reject(conn, UNKNOWN_TOKEN)
        if self.table is None and not hello.get("spectate"):
            for i, seat in enumerate(self.seats):
                if seat.kind == "open":
                    seat.name, seat.kind, seat.token, seat.conn = name, "human", new_token(), conn
                    return self._welcome(conn, i)
            if not hello.get("spectate"):
                return self._reject(conn, "the table is full")
        self.spectators.append(conn)
        return self._welcome(conn, None)

    def _welcome(self, conn: Connection, seat: int | None) -> int | None:
        token = self.seats[seat].token if seat is not None else None
        conn.send({"type": "welcome", "version": PROTOCOL_VERSION, "seat": seat, "token": token,
                   "host": self.host_name})
        if self.table is None:
            self._lobby_changed()
        return seat

    async def _serve(self, conn: Connection, seat: int | None) -> None:
        if self.table is not None:
            self.listeners[conn] = self.table.connect(seat, conn.send)
        limit = RateLimit(self.rate, self.burst)
        dropped = 0
        while not conn.closed:
            body = await conn.read_frame()
            if limit.allow():
                self._message(conn, seat, decode(body))
            else:                                # over the rate: dropped before it costs a decode
                dropped += 1
                if dropped > self.burst:
                    conn.close("flooding")
                elif dropped == 1:
                    conn.send({"type": "error", "id": None, "reason": "too many messages: slow down"})
            await asyncio.sleep(0)               # one frame at a time: a peer with a full buffer must not hold the loop

    def _message(self, conn: Connection, seat: int | None, msg) -> None:
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind != "pong":
            listener = self.listeners.get(conn)
            if listener is None:
                self._lobby_message(conn, seat, msg)
            else:
                self.table.handle(listener, msg)

    def _lobby_message(self, conn: Connection, seat, msg) -> None:
        if isinstance(msg, dict) and msg.get("type") == "chat" and seat is not None and isinstance(msg.get("text"), str):
            line = {"type": "chat", "seat": seat, "name": self.seats[seat].name,
                    "text": clean_text(msg["text"], MAX_CHAT)}
            for other in self.connections():
                other.send(line)
        else:
            conn.send({"type": "error", "id": msg.get("id") if isinstance(msg, dict) else None,
                       "reason": "the game has not started yet"})

    def _gone(self, conn: Connection) -> None:
        listener = self.listeners.pop(conn, None)
        if listener is not None:
            self.table.disconnect(listener)
        if conn in self.spectators:
            self.spectators.remove(conn)
        for seat in self.seats:
            if seat.conn is conn:
                seat.conn = None
                if self.table is None:               # left the lobby: the seat is free again
                    seat.name, seat.kind, seat.token = "", "open", None
                    self._lobby_changed()

    # ------------------------------------------------------------------ lobby
    def lobby_view(self) -> dict:
        return {"type": "lobby", "host": self.host_name, "port": self.port, "edition": self.settings.edition,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level,
                           "connected": s.kind in ("host", "bot") or s.conn is not None} for s in self.seats]}

    def _lobby_changed(self) -> None:
        view = self.lobby_view()
        for conn in self.connections():
            conn.send(dict(view))
        self.on_change()

    def set_bot(self, index: int, level: str | None) -> None:
        """Before the start: make an empty seat a bot of this level (None: open it again)."""
        seat = self.seats[index]
        if self.table is None and seat.kind in ("open", "bot"):
            seat.kind, seat.level = ("bot", level) if level else ("open", "normal")
            seat.name = "" if level is None else seat.name
            self._lobby_changed()

    def joined(self) -> int:
        return sum(1 for s in self.seats if s.kind == "human" and s.conn is not None)

    # ------------------------------------------------------------------ saving
    def save(self) -> None:
        """After every change (so `uno-tui host --resume` can carry on). The files are written off
        the loop, and a moment later: saving cost every player about a millisecond per move when
        bots played fast, and a burst of moves now costs one save. A crash loses at most the
        last SAVE_DELAY of play."""
        loop = asyncio.get_running_loop()
        for write, delay in ((self._save_game, SAVE_DELAY), (self._save_log, LOG_SAVE_DELAY)):
            if write not in self._save_timers:
                self._save_timers[write] = loop.call_later(delay, self._write, write)

    def _write(self, write) -> None:
        del self._save_timers[write]
        write()

    def _save_game(self) -> None:
        """The match, seats and tokens, in msgpack: a quarter of JSON's time."""
        state = {"game": self.game_id, "settings": asdict(self.settings), "host_name": self.host_name,
                 "password": self.password, "port": self.port,
                 "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "token": s.token} for s in self.seats],
                 "table": self.table.to_state()}
        self._save_file.put(msgpack.packb(state))

    def _save_log(self) -> None:
        """The log, tied to the game's save by its id."""
        self._log_file.put(msgpack.packb({"game": self.game_id, **self.table.log_state()}))

    @classmethod
    def resume(cls, *, pacing: Pacing | None = None, **options) -> "HostSession":
        """The saved game, started again: seats keep their tokens, so players reconnect to their hands."""
        state = msgpack.unpackb(saved_game_path().read_bytes(), strict_map_key=False)
        try:
            log = msgpack.unpackb(saved_log_path().read_bytes())
        except (OSError, ValueError):
            log = {}
        if not isinstance(log, dict) or log.get("game") != state["game"]:   # none yet for this game
            log = {}
        session = cls(GameSettings(**state["settings"]), host_name=state["host_name"],
                      players=len(state["seats"]), headless=state["seats"][0]["kind"] != "host",
                      password=state["password"], pacing=pacing, **options)
        session.game_id = state["game"]
        for seat, saved in zip(session.seats, state["seats"]):
            seat.name, seat.kind, seat.level, seat.token = saved["name"], saved["kind"], saved["level"], saved["token"]
        session.table = Table.from_state({**state["table"], **log}, pacing)
        session.table.on_change = session.save
        if session.seats[0].kind == "host":
            session.local = LocalChannel(session.table, 0)
        return session

    def start(self) -> LocalChannel | None:
        """Start the game: empty seats get bots. Returns the host's own channel (None if headless)."""
        seats = []
        bot_names = iter(BOT_NAMES)
        for s in self.seats:
            if s.kind in ("host", "human"):
                seats.append(Seat(s.name, "human"))
            else:
                s.kind, s.name = "bot", s.name or next(bot_names)
                seats.append(Seat(s.name, "bot", s.level))
        self.table = Table(self.settings.rules(), seats, seed=self.seed, pacing=self.pacing)
        self.table.on_change = self.save
        self.table.start()
        for i, s in enumerate(self.seats):
            if s.conn is not None:
                self.listeners[s.conn] = self.table.connect(i, s.conn.send)
        for conn in self.spectators:
            self.listeners[conn] = self.table.connect(None, conn.send)
        self.on_change()
        if self.seats and self.seats[0].kind == "host":
            self.local = LocalChannel(self.table, 0)
        return self.local


def saved_game_path():
    return data_dir() / "hosted-game.msgpack"


def saved_log_path():
    return data_dir() / "hosted-game-log.msgpack"


def local_addresses() -> list[str]:
    """This machine's addresses to give to friends (from its own name; nothing is sent anywhere)."""
    found = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = info[4][0]
            if address not in found and not address.startswith("127."):
                found.append(address)
    except OSError:
        pass
    return found or ["127.0.0.1"]
