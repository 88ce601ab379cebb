"""The commands that serve without the UI: `uno-tui host --headless` (a table that logs, and starts
when enough players have joined) and `uno-tui web` (the app in this machine's browser)."""
import asyncio
import gc
import logging
import sys

from uno_tui.play.address import cannot_host, format_address


async def headless_host(settings, args, seats: int) -> int:
    """Host without a UI: log, start when enough players joined, play until interrupted."""
    from uno_tui.play.host.session import HostSession
    from uno_tui.storage.places import saved_hosted
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    log = logging.getLogger("uno-tui.host")
    need = min(args.players or seats, seats)
    pacing = settings.pacing(hosted=True)
    if args.bot_delay is not None:
        pacing.bot_delay = max(0.0, args.bot_delay)
    if args.grace is not None:
        pacing.grace = max(0.0, args.grace)
    if args.turn_clock is not None:
        pacing.turn_timeout = max(0.0, args.turn_clock) or None
    if args.resume:
        from uno_tui.storage.autosave import SaveError
        try:
            session = HostSession.resume(password=args.password, rate=args.rate, burst=args.rate,
                                         per_address=args.per_address, pacing=pacing, path=args.resume)
        except SaveError as e:
            print(f"uno-tui: {e}", file=sys.stderr)
            return 1
    else:
        session = HostSession(settings, players=seats, headless=True, password=args.password, rate=args.rate,
                              burst=args.rate, per_address=args.per_address, pacing=pacing, seed=args.seed)
    try:
        port = await session.serve(args.bind, args.port, advertise=not args.no_advertise, web=args.web,
                                   ssh=args.ssh, internet=args.internet)
    except OSError as e:
        print(f"uno-tui: {session.cannot_serve(e, args.port, args.web, args.ssh)}", file=sys.stderr)
        await session.close()
        return 1
    except asyncio.CancelledError:               # Ctrl+C while the router was still being asked
        await session.close()
        return 0
    gc.freeze()                       # what start-up made lives on: the collector need not walk it again
    addresses = session.addresses
    log.info("hosting %s for %d seats on %s; starting when %d joined",
             settings.edition, seats, ", ".join(format_address(a, port) for a in addresses), need)
    from uno_tui.play.host.invite import invitation, one_per_code
    for line in one_per_code(invitation(session)):
        log.log(logging.WARNING if line.kind == "warning" else logging.INFO, "%s", line.text)
    for note in session.notes():
        log.info("%s", note)
    if args.resume:
        from uno_tui.play.host.saving import numbered
        for line in numbered() if len(saved_hosted()) > 1 else ():
            log.info("saved: %s", line)
    session.on_change = lambda: log.info("lobby: %s", ", ".join(s.name or "(open)" for s in session.seats))
    try:
        if session.table is None:
            while session.joined() < need:
                await asyncio.sleep(0.2)
            session.start()
            log.info("game started")
        else:
            log.info("resumed the saved game: players reconnect to their seats")
        while True:
            await asyncio.sleep(3600)
    except asyncio.CancelledError:
        pass
    finally:
        await session.close()
    return 0


async def serve_web(port: int) -> int:
    """`uno-tui web`: the whole app, one process per tab, to this machine only, until Ctrl+C."""
    from uno_tui.play.host.web import WebServer, app_command
    server = WebServer(app_command(), "127.0.0.1", port, title="uno-tui")
    try:
        port = await server.start()
    except OSError as e:
        print(f"uno-tui: {cannot_host(port, e)}", file=sys.stderr)
        return 1
    print(f"uno-tui in your browser: http://127.0.0.1:{port}  (Ctrl+C stops)", flush=True)
    try:
        await asyncio.Event().wait()
    except asyncio.CancelledError:
        pass
    finally:
        await server.close()
    return 0
