"""`uno-tui history`, `uno-tui replay FILE` and `uno-tui export MATCH`: past matches from the
command line (the history screen and a replay open in the app; a list and exports print)."""
import argparse
import sys
from pathlib import Path

COMMANDS = ("history", "replay", "export")


def add_commands(sub) -> None:
    history = sub.add_parser("history", help="past matches and players' figures")
    history.add_argument("--player", default=None, help="only the matches this player sat in")
    history.add_argument("--edition", default=None, help="only the matches of this edition")
    history.add_argument("--list", action="store_true", help="print the list instead of opening it")
    replay = sub.add_parser("replay", help="replay a recorded match, step by step")
    replay.add_argument("record", metavar="FILE", type=Path, help="a match record (.unorec), yours or a friend's")
    export = sub.add_parser("export", help="write a match's record (or the match in words) to a file")
    export.add_argument("match", metavar="N|FILE", help="the match's number in `uno-tui history --list` "
                                                        "(1: the newest) or its record file")
    export.add_argument("--text", action="store_true", help="the match in words, one line per event")
    export.add_argument("--to", type=Path, default=Path.cwd(), metavar="PATH",
                        help="the file to write, or a folder to write it in (default: here)")
    for command in (history, replay, export):
        command.set_defaults(command_parser=command)


def run(args: argparse.Namespace) -> int:
    if args.command == "replay":
        from uno_tui.history.record import RecordError, read_record
        from uno_tui.ui.screens.replay import replay_channel
        try:
            replay_channel(read_record(args.record))    # said here, before the screen opens
        except RecordError as e:
            print(f"uno-tui: {e}", file=sys.stderr)
            return 1
        from uno_tui.ui.app import UnoApp
        from uno_tui.ui.screens.replay import open_replay
        UnoApp(then=lambda app: open_replay(app, args.record)).run()
        return 0
    if args.command == "history" and not args.list:
        from uno_tui.ui.app import UnoApp
        from uno_tui.ui.screens.history import HistoryScreen
        UnoApp(then=lambda app: app.push_screen(HistoryScreen(args.player, args.edition))).run()
        return 0
    from uno_tui.history.index import History
    index = History()
    try:
        index.refresh()
        matches = index.matches(getattr(args, "player", None), getattr(args, "edition", None))
        if args.command == "history":
            for number, match in enumerate(matches, start=1):
                print(listed(number, match))
            if not matches:
                print("No match recorded yet." if not (args.player or args.edition) else "No match fits.")
            return 0
        return _export(args, index, matches)
    finally:
        index.close()


def listed(number: int, match) -> str:
    import time
    if match.problem:
        return f"{number:3}  {match.id}  damaged: {match.problem}"
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(match.began))
    winners = " and ".join(match.winners) or "(not over)"
    return (f"{number:3}  {when}  {match.edition:8} {', '.join(match.players)}  won by {winners}  "
            f"scores {' '.join(map(str, match.scores))}  {match.hands} hands")


def _export(args, index, matches) -> int:
    from uno_tui.history.export import export
    from uno_tui.history.record import RecordError
    if args.match.isdigit():
        number = int(args.match)
        if not 1 <= number <= len(matches):
            args.command_parser.error(f"there is no match {number} (`uno-tui history --list` shows {len(matches)})")
        record = index.directory / matches[number - 1].id
    else:
        record = Path(args.match)
    try:
        print(export(record, args.to, text=args.text))
    except (RecordError, OSError) as e:
        print(f"uno-tui: {e}", file=sys.stderr)
        return 1
    return 0
