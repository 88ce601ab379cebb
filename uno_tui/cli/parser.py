"""The command line's words: `uno-tui`'s commands and their options, each checked as argparse reads
it, and the password an option, a file or the environment gives (__init__.py runs the command)."""
import argparse
import os
import socket

from uno_tui.play.address import DEFAULT_PORT, DEFAULT_SSH_PORT, DEFAULT_WEB_PORT, INTERFACE_ENV, PASSWORD_ENV

from . import history as history_commands


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


def read_password(parser: argparse.ArgumentParser, args) -> str | None:
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
