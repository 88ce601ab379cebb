"""A bot at the other end of a channel: it plays a seat from exactly the messages a
person's client gets (used by tests, benchmarks, and anyone wanting a bot over the LAN)."""
from uno_tui.bots import Bot
from uno_tui.protocol.commands import merge_view

from .model import command_ids


class BotClient:
    def __init__(self, channel, bot: Bot, *, auto_ready: bool = False):
        self.channel, self.bot, self.auto_ready = channel, bot, auto_ready
        self.view: dict | None = None
        self.ids = command_ids()
        self.waiting: int | None = None          # a command sent and not yet answered
        self.retried: dict | None = None         # the view a refused move was last thought again on

    async def send(self, command: dict) -> int:
        cid = next(self.ids)
        await self.channel.send({"id": cid, **command})
        return cid

    async def step(self) -> dict:
        """Take one message; if the bot has something to do now, do it (one command at a time)."""
        msg = await self.channel.recv()
        kind = msg.get("type")
        if kind == "error" and msg.get("id") == self.waiting:
            # refused: the game moved on, so think again from where it is; but once only per view, as
            # a move refused for another reason would be chosen and refused again without end
            self.waiting = None
            if self.view is not None and not self.view["over"] and self.retried is not self.view:
                self.retried = self.view
                await self._decide(self.view)
        if kind not in ("update", "snapshot"):
            return msg
        if msg.get("ack") is not None and msg["ack"] == self.waiting:
            self.waiting = None
        self.view = view = merge_view(self.view, msg["view"])
        self.bot.observe(view, msg.get("events", []))
        if view["over"]:
            if self.auto_ready and view["seat"] is not None and view["seat"] not in view["table"]["ready"] \
                    and self.waiting is None:
                self.waiting = await self.send({"type": "ready"})
        elif self.waiting is None:
            await self._decide(view)
        return msg

    async def _decide(self, view: dict) -> None:
        action = self.bot.decide(view)
        if action is not None:
            self.waiting = await self.send({"type": "action", "action": action})

    async def play_until(self, done, limit: int = 100_000) -> None:
        for _ in range(limit):
            if done():
                return
            await self.step()
        raise RuntimeError("the game did not get there")
