"""`uno-tui` (a solo game), `uno-tui host`, `uno-tui join HOST[:PORT]`."""
import argparse
import asyncio
import gc
import logging
import os
import socket
import sys

from uno_tui.play.address import (
    DEFAULT_PORT,
    DEFAULT_SSH_PORT,
    DEFAULT_WEB_PORT,
    INTERFACE_ENV,
    cannot_host,
    format_address,
    parse_address,
)

from . import history as history_commands

PASSWORD_ENV = "UNO_TUI_PASSWORD"


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def build_parser() -> argparse.ArgumentParser:
    from net.server import PER_ADDRESS
    from uno_tui.engine import PRESETS
    from uno_tui.protocol.limits import MAX_PLAYERS, MIN_PLAYERS
    parser = argparse.ArgumentParser(prog="uno-tui", description="UNO in a full-screen terminal. "
                                     "With no command: a game against computer players.")
    sub = parser.add_subparsers(dest="command", metavar="{host,join,web,forget,history,replay,export}")
    host = sub.add_parser("host", help="host a LAN game")
    host.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    host.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: all)")
    host.add_argument("--name", default=None, help="your name at the table")
    secret = host.add_mutually_exclusive_group()
    secret.add_argument("--password", default=None, help="players must give this password to join "
                        f"(others on this machine can see it: prefer --password-file or {PASSWORD_ENV})")
    secret.add_argument("--password-file", default=None, metavar="FILE",
                        help="the password is this file's first line")
    host.add_argument("--edition", choices=PRESETS, default=None, help="the rules (default: your last set-up)")
    host.add_argument("--seats", type=_positive, default=None, help=f"seats at the table, {MIN_PLAYERS}-{MAX_PLAYERS} (default 4)")
    host.add_argument("--headless", action="store_true", help="no UI: log, and start when enough have joined")
    host.add_argument("--resume", nargs="?", type=_positive, const=1, default=None, metavar="N",
                      help="carry on a saved hosted game (after Keep for later, a crash or a closed terminal): "
                           "the newest, or the Nth of --list")
    host.add_argument("--list", action="store_true", help="list the saved hosted games, newest first, and exit")
    host.add_argument("--players", type=_positive, default=None,
                      help="headless: start when this many players have joined (default: all seats)")
    host.add_argument("--rate", type=_positive, default=30,
                      help="messages a second each connection may send (default 30; more are refused)")
    host.add_argument("--bot-delay", type=float, default=None, metavar="SECONDS",
                      help="headless: how long bots think before they play (default 0.9; 0 for bot tests)")
    host.add_argument("--grace", type=float, default=None, metavar="SECONDS",
                      help="headless: how long a dropped player's seat waits before a bot plays it (default 20)")
    host.add_argument("--turn-clock", type=float, default=None, metavar="SECONDS",
                      help="headless: how long a player has for a decision before a bot makes it "
                           "(default: the set-up's, 60; 0 for none)")
    host.add_argument("--per-address", type=_positive, default=PER_ADDRESS, metavar="N",
                      help=f"connections one address may hold (default {PER_ADDRESS}; more behind a shared address)")
    host.add_argument("--web", type=_port, nargs="?", const=DEFAULT_WEB_PORT, default=None, metavar="PORT",
                      help=f"also serve a page friends join from in a browser (default port {DEFAULT_WEB_PORT})")
    host.add_argument("--ssh", type=_port, nargs="?", const=DEFAULT_SSH_PORT, default=None, metavar="PORT",
                      help=f"also serve the table over ssh: friends join with ssh -p PORT NAME@HOST "
                           f"(default port {DEFAULT_SSH_PORT})")
    host.add_argument("--no-advertise", action="store_true", help="do not list this table on the LAN")
    host.add_argument("--internet", action="store_true",
                      help="ask the router (UPnP) to let friends on other networks in while the table is open, "
                           "and show the join code they use")
    host.add_argument("--seed", type=int, default=None, help="headless: deal the same games every time "
                      "(tests, benchmarks, a bug to reproduce)")
    _lan_interface(host)
    join = sub.add_parser("join", help="join a LAN game (with no address: the games found on the LAN)")
    join.add_argument("address", metavar="HOST[:PORT]|CODE", nargs="?", default=None,
                      help="the host's address, or the join code its lobby shows (uno://…)")
    join.add_argument("--name", default=None, help="your name at the table")
    secret = join.add_mutually_exclusive_group()
    secret.add_argument("--password", default=None, help=f"the host's password (or --password-file, {PASSWORD_ENV})")
    secret.add_argument("--password-file", default=None, metavar="FILE",
                        help="the password is this file's first line")
    join.add_argument("--spectate", action="store_true", help="watch without a seat")
    guest = join.add_mutually_exclusive_group()
    guest.add_argument("--browser", action="store_true",
                       help="what the page of host --web runs: ask the name first, keep no seat token, "
                            "and end when the player leaves the table")
    guest.add_argument("--ssh", action="store_true",
                       help="what an ssh session of host --ssh runs: this table only, joined at once as --name")
    _lan_interface(join)
    web = sub.add_parser("web", help="play in a browser on this machine (solo, host or join)")
    web.add_argument("--port", type=_port, default=DEFAULT_WEB_PORT, help=f"default {DEFAULT_WEB_PORT}")
    history_commands.add_commands(sub)
    forget = sub.add_parser("forget", help="forget the key trusted for a host (after its key changed)")
    forget.add_argument("address", metavar="HOST[:PORT]")
    for command in (host, join, web, forget):   # a mistake found after parsing is told with its command's usage
        command.set_defaults(command_parser=command)
    return parser


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value < 65536:
        raise argparse.ArgumentTypeError("a port is from 0 to 65535")
    return value


def _ipv4(text: str) -> str:
    try:
        socket.inet_aton(text)
    except OSError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an IPv4 address (the interface's, e.g. 192.168.1.20)") \
            from None
    return text


def _lan_interface(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lan-interface", type=_ipv4, default=None, metavar="ADDRESS",
                        help=f"find and advertise games only through the interface with this address "
                             f"(or {INTERFACE_ENV}; default: every interface)")


def _password(parser: argparse.ArgumentParser, args) -> str | None:
    """From --password or --password-file (one or the other), else the environment (None: no
    password; with --resume, the saved game's)."""
    password = args.password
    if args.password_file is not None:
        try:
            with open(args.password_file, encoding="utf-8") as f:
                password = f.readline().rstrip("\r\n")
        except (OSError, UnicodeDecodeError) as e:
            parser.error(f"cannot read the password file {args.password_file}: {e}")
        if not password:
            parser.error(f"the password file {args.password_file} has an empty first line")
    if password is None and not getattr(args, "browser", False):   # a browser tab has the host's environment
        password = os.environ.get(PASSWORD_ENV) or None
    from uno_tui.protocol.limits import MAX_PASSWORD
    if password is not None and len(password) > MAX_PASSWORD:
        parser.error(f"a password may have up to {MAX_PASSWORD} characters")
    return password


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:                  # a solo game: the start screen on at once (the rest loads when used)
        gc.disable()              # start-up makes what lives on: nothing to collect (UnoApp turns it on again)
        from uno_tui.ui.app import UnoApp
        UnoApp().run()
        return 0
    parser = build_parser()
    args = parser.parse_args(argv)
    command = getattr(args, "command_parser", parser)
    from uno_tui.storage.settings import lan_name, load_settings
    settings = load_settings()
    if args.command in ("host", "join"):
        args.password = _password(command, args)
        if args.lan_interface:
            os.environ[INTERFACE_ENV] = args.lan_interface     # what the app and its browser tabs look through
    if args.command == "forget":
        return forget_host(command, args.address)
    if args.command in history_commands.COMMANDS:
        return history_commands.run(args)
    if args.command == "web":
        try:
            return asyncio.run(serve_web(args.port))
        except KeyboardInterrupt:
            return 0
    if args.command == "join":
        address, pin = (None, None), None
        if (args.browser or args.ssh) and args.address is None:
            command.error(f"--{'browser' if args.browser else 'ssh'} needs the host's address")
        if args.ssh and not args.name:
            command.error("--ssh needs --name")
        if args.address is not None:
            from uno_tui.play.joincode import is_join_code, parse_join_code
            try:
                if is_join_code(args.address):
                    *address, pin = parse_join_code(args.address)
                else:
                    address = parse_address(args.address)
            except ValueError as e:
                command.error(str(e))
        from uno_tui.ui.app import UnoApp
        name = "" if args.browser else args.name or lan_name(settings)
        UnoApp(join=(*address, name, args.password, args.spectate, pin), browser=args.browser, ssh=args.ssh).run()
        return 0
    if args.command == "host":
        from uno_tui.protocol.limits import MAX_PLAYERS, MIN_PLAYERS
        if args.seats is not None and not MIN_PLAYERS <= args.seats <= MAX_PLAYERS:
            command.error(f"--seats must be from {MIN_PLAYERS} to {MAX_PLAYERS}")
        if args.web is not None and args.web == args.port != 0:
            command.error("--web needs a port of its own (not the game's)")
        if args.ssh is not None and args.ssh in (args.port, args.web) and args.ssh != 0:
            command.error("--ssh needs a port of its own (not the game's nor the page's)")
        if args.edition:
            settings.edition = args.edition
        seats = args.seats or len(settings.bots) + 1
        name = args.name or lan_name(settings)
        from uno_tui.storage.places import data_dir, saved_hosted
        saved = saved_hosted()
        if args.list:
            from uno_tui.play.host.saving import numbered
            print("\n".join(numbered()) if saved else f"No saved hosted games (in {data_dir()}).")
            return 0
        if args.resume:
            if not saved:
                command.error(f"no hosted game to resume (none is saved in {data_dir()})")
            if args.resume > len(saved):
                command.error(f"--resume {args.resume}: {len(saved)} hosted game{'s are' if len(saved) > 1 else ' is'}"
                              " saved (uno-tui host --list)")
            args.resume = saved[args.resume - 1]
        if args.headless:
            return asyncio.run(headless_host(settings, args, seats))
        from uno_tui.ui.app import UnoApp
        UnoApp(host=dict(settings=settings, host_name=name, players=seats, password=args.password,
                         bind=args.bind, port=args.port, rate=args.rate, burst=args.rate, per_address=args.per_address,
                         resume=args.resume, advertise=not args.no_advertise, web=args.web,
                         ssh=args.ssh, internet=args.internet)).run()
        return 0
    from uno_tui.ui.app import UnoApp
    UnoApp().run()
    return 0


def forget_host(parser: argparse.ArgumentParser, text: str) -> int:
    """`uno-tui forget HOST[:PORT]`: the next join to it asks about its key again."""
    from uno_tui.play.pins import forget
    try:
        where = format_address(*parse_address(text))
    except ValueError as e:
        parser.error(str(e))
    if not forget(where):
        print(f"uno-tui: no key is kept for {where}", file=sys.stderr)
        return 1
    print(f"Forgot the key of {where}: the next join asks about its key again.")
    return 0


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

