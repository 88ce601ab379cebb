"""`uno-tui` (a solo game), `uno-tui host`, `uno-tui join HOST[:PORT]`."""
import argparse
import sys


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="uno-tui", description="UNO in a full-screen terminal.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("play", help="a solo game against computer players (the default)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from .app import UnoApp
    UnoApp().run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
