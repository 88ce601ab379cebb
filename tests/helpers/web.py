"""Page servers (uno_tui/play/host/web.py) on loopback for a test, all closed when it ends."""
import contextlib

from uno_tui.play.host.web import WebServer


@contextlib.asynccontextmanager
async def page_servers():
    """Yields ``start(command, bind="127.0.0.1", **options)``: a started WebServer whose tabs run
    ``command``."""
    made = []

    async def start(command: str, bind: str = "127.0.0.1", **options) -> WebServer:
        server = WebServer(command, bind, 0, title="t", **options)
        await server.start()
        made.append(server)
        return server
    try:
        yield start
    finally:
        for server in made:
            await server.close()
