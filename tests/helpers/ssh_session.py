"""A stand-in for the join client an ssh session runs (sshserve.py), light enough to start many:
it says its name, process id and terminal type, its terminal's size (again on each resize, as
the kernel tells it), and ends when its input does or on "q".

    python tests/helpers/ssh_session.py NAME"""
import os
import signal
import sys


def show(*_) -> None:
    size = os.get_terminal_size(0)
    print(f"size {size.columns}x{size.lines}", flush=True)


def main() -> None:
    print(f"name {sys.argv[1]} pid {os.getpid()} term {os.environ.get('TERM')}", flush=True)
    signal.signal(signal.SIGWINCH, show)
    show()
    while True:
        data = os.read(0, 1024)
        if not data or b"q" in data:
            return


if __name__ == "__main__":
    main()
