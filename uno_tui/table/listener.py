"""One receiver of a table's messages (a seat's player, a bot, a spectator), and how updates
held back for a paced spectator are merged into one."""
import asyncio
import collections

from uno_tui.protocol.limits import RECENT_IDS

from .packing import SEQ, Packed, map_header, pack


class Listener:
    """One receiver of updates: a seat's player, a bot, or a spectator (seat None, with a name).

    With ``pace`` (spectators), updates that nobody acknowledges are held for that long and
    merged, so one watcher costs the host at most 1/pace sends a second however fast the
    table plays; anything else sent meanwhile goes out after what is held, in order.
    """

    def __init__(self, seat: int | None, deliver, name: str = "", pace: float = 0.0, wire: bool = False):
        self.seat, self.name, self.pace = seat, name, pace
        self.deliver = deliver
        self.wire = wire        # deliver sends over the network: it takes an update packed already
        self.seq = 0
        self.recent = collections.deque(maxlen=RECENT_IDS)
        self.closed = False
        self.table_sent: dict | None = None     # the table part this listener last got
        self._held: dict | None = None

    def send(self, msg: dict) -> None:
        if self.closed:
            return
        if self.pace and msg["type"] == "update" and msg["ack"] is None:
            if self._held is None:
                self._held = msg
                asyncio.get_running_loop().call_later(self.pace, self.flush)
            else:
                self._held = merged(self._held, msg)
            return
        if self._held is not None:
            self.flush()
        self._deliver(msg)

    def flush(self) -> None:
        """Send the update held back, if any."""
        held, self._held = self._held, None
        if held is not None and not self.closed:
            self._deliver(held)

    def send_packed(self, count: int, packed: bytes) -> None:
        """Send an update packed already but for its sequence number (``packed``: its first ``count``
        items): for a wire listener that is not paced, which nobody reads as a dict."""
        if not self.closed:
            self.seq += 1
            self.deliver(Packed(map_header(count + 1) + packed + SEQ + pack(self.seq)))

    def _deliver(self, msg: dict) -> None:
        self.seq += 1
        msg["seq"] = self.seq
        self.deliver(msg)


def merged(first: dict, then: dict) -> dict:
    """Two updates as one: what happened in both, in order, and the latest view (whose table
    part holds what changed in either)."""
    view = then["view"]
    if "table" in first["view"]:
        view = {**view, "table": {**first["view"]["table"], **view.get("table", {})}}
    return {**then, "view": view, "events": first["events"] + then["events"], "log": first["log"] + then["log"]}
