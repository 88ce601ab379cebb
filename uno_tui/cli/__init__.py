"""`uno-tui` (a solo game), `uno-tui host`, `uno-tui join HOST[:PORT]`: what each command runs
(parser.py has the words of the command line)."""
import argparse
import asyncio
import gc
import os
import sys

from uno_tui.play.address import INTERFACE_ENV, format_address, parse_address

from . import history as history_commands
from .parser import build_parser, read_password
from .serving import headless_host, serve_web


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
        args.password = read_password(command, args)
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
