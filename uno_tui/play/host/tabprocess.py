"""One browser tab's uno-tui process, spoken to as textual-serve speaks to it: Textual's web
driver (the TEXTUAL_DRIVER it is started with) reads and writes packets of a type byte, a 4-byte
length and a payload on the process's stdin and stdout.

In place of textual-serve's AppService, which starts its process in a private method and keeps
it in a private attribute: this one starts it with the tab's environment, without a shell, at a
lower priority, and the process is the caller's to wait for or end (webtab.py). The files an app
can deliver to a browser are not carried: uno-tui delivers none. What the process says on stderr
is logged once it has exited (textual-serve printed it)."""
import asyncio
import json
import logging
import os
import shlex
from importlib.metadata import version

from .guests import lower_priority

logger = logging.getLogger(__name__)
PRELUDE = b"__GANGLION__\n"        # the web driver's first line, before its packets
PRELUDE_LINES = 10                 # lines looked through for it (as textual-serve does)
DATA, META = b"D", b"M"            # the screen's bytes; a JSON message (the driver also sends b"P": deliveries)


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


class TabProcess:
    def __init__(self, command: str, env: dict[str, str], *, write_bytes, write_str, close):
        """``command``: the app's command line (split, not given to a shell); ``env``: the tab's
        own variables, over ours; ``write_bytes``/``write_str``/``close``: the tab's websocket."""
        self.command, self.env = command, env
        self.write_bytes, self.write_str, self.close = write_bytes, write_str, close
        self.process: asyncio.subprocess.Process | None = None
        self.relay: asyncio.Task | None = None

    def environment(self, width: int, height: int) -> dict[str, str]:
        """Ours, with Textual's web driver at the tab's size (as textual-serve sets them), then the tab's."""
        return {**os.environ, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "TEXTUAL_FPS": "60",
                "TEXTUAL_COLOR_SYSTEM": "truecolor", "TERM_PROGRAM": "textual",
                "TERM_PROGRAM_VERSION": version("textual-serve"), "COLUMNS": str(width), "ROWS": str(height),
                **self.env}

    async def start(self, width: int, height: int) -> None:
        pipe = asyncio.subprocess.PIPE
        self.process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=pipe, stdout=pipe, stderr=pipe, env=self.environment(width, height),
            preexec_fn=lower_priority)
        self.relay = asyncio.get_running_loop().create_task(self._relay())

    async def _relay(self) -> None:
        """The process's screen to the tab until its output ends; then what it said on stderr."""
        stdout, stderr = self.process.stdout, self.process.stderr
        said = asyncio.get_running_loop().create_task(stderr.read())
        try:
            for _ in range(PRELUDE_LINES):
                line = await stdout.readline()
                if not line or line == PRELUDE:
                    break
            while True:
                kind = await stdout.readexactly(1)
                payload = await stdout.readexactly(int.from_bytes(await stdout.readexactly(4), "big"))
                if kind == DATA:
                    await self.write_bytes(payload)
                elif kind == META:
                    await self._meta(json.loads(payload))
        except (asyncio.IncompleteReadError, ConnectionResetError):
            pass
        except asyncio.CancelledError:
            said.cancel()
            raise
        text = (await said).decode("utf-8", "replace").strip()
        if text:
            logger.warning("a browser tab's process said: %s", text)

    async def _meta(self, meta: dict) -> None:
        if meta.get("type") == "exit":
            await self.close()
        elif meta.get("type") == "open_url":
            await self.write_str(json.dumps(["open_url", {"url": meta.get("url"), "new_tab": meta.get("new_tab")}]))

    async def send_bytes(self, data: bytes) -> bool:
        """Keys and clicks to the process; False if it has gone."""
        return await self._send(packet(DATA, data))

    async def send_meta(self, meta: dict) -> bool:
        return await self._send(packet(META, json.dumps(meta).encode()))

    async def _send(self, data: bytes) -> bool:
        try:
            self.process.stdin.write(data)
            await self.process.stdin.drain()
        except (RuntimeError, OSError):
            return False
        return True

    async def set_terminal_size(self, width: int, height: int) -> None:
        await self.send_meta({"type": "resize", "width": width, "height": height})

    async def blur(self) -> None:
        await self.send_meta({"type": "blur"})

    async def focus(self) -> None:
        await self.send_meta({"type": "focus"})

    async def stop(self) -> None:
        """Tell the app to quit, and wait until its output has ended."""
        if self.relay is not None:
            await self.send_meta({"type": "quit"})
            await self.relay
            self.relay = None
