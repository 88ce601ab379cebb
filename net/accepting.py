"""Taking connections off a listening socket by hand (the game's server and the browser page's
guard both do, to pace and cap them before asyncio builds anything for one)."""
import asyncio
import errno
import logging
import socket

#: accept() failing with these is the machine out of descriptors or memory, not one bad connection
SHORT_OF_RESOURCES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


async def accepted(listening: socket.socket, logger: logging.Logger, pause: float):
    """Each connection ``listening`` takes, as (socket, peer address), for ever: one that failed
    (reset, aborted) is skipped; out of descriptors, this says so once on ``logger`` and tries
    again every ``pause`` seconds, leaving the rest in the system's backlog meanwhile."""
    loop = asyncio.get_running_loop()
    short = False
    while True:
        try:
            sock, peer = await loop.sock_accept(listening)
        except OSError as e:
            if e.errno not in SHORT_OF_RESOURCES:
                continue
            if not short:
                logger.warning("not accepting connections for now: %s", e)
            short = True
            await asyncio.sleep(pause)
            continue
        short = False
        yield sock, peer
