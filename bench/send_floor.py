"""What Python's socket.send alone costs a host per command here, with its peers asleep: bench/net.py's floor.

    python bench/send_floor.py [--peers 10] [--processes 5] [--size 400] [--rounds 3000]

One round is what a host does for each command: one ``socket.send`` of ``size``
bytes to each of ``peers`` loopback connections, in seat order, seat i read by
process i % ``processes`` (as bench/net.py spreads its peers), with Nagle off (as
asyncio's connections have it). The readers are asleep waiting for data, as a
table's peers are between moves: a send on loopback delivers the bytes and
wakes the reader inside the sender's system call, so most of the cost is the
kernel's (a send to a reader already awake costs a few us). The sender then
sleeps 1 ms, not timed, so the readers go back to sleep. Timed: the sends, less
what an empty round's two CPU readings cost. Prints JSON: rounds, size, and us
of CPU (user and system together: this kernel splits them by timer ticks, too
coarse for a ~100 us round) a round.
"""
import argparse
import json
import os
import resource
import selectors
import socket
import time


def reader(listener: socket.socket, count: int) -> None:
    """In a child process: accept ``count`` connections, answer each with one byte once all are
    registered, then read every one until it closes."""
    selector = selectors.DefaultSelector()
    conns = [listener.accept()[0] for _ in range(count)]
    for conn in conns:
        selector.register(conn, selectors.EVENT_READ)
    for conn in conns:
        conn.send(b"!")
    while conns:
        for key, _ in selector.select():
            if not key.fileobj.recv(1 << 16):
                selector.unregister(key.fileobj)
                conns.remove(key.fileobj)


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def measure(peers: int, processes: int, size: int, rounds: int) -> dict:
    listeners = [socket.create_server(("127.0.0.1", 0)) for _ in range(processes)]
    children = []
    for k, listener in enumerate(listeners):  # every reader forked before any connection exists
        pid = os.fork()
        if pid == 0:
            try:
                reader(listener, len(range(k, peers, processes)))
            finally:
                os._exit(0)
        children.append(pid)
    addresses = [listener.getsockname() for listener in listeners]
    for listener in listeners:
        listener.close()
    conns = [socket.create_connection(addresses[seat % processes]) for seat in range(peers)]
    for conn in conns:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        conn.recv(1)                          # its reader is registered and waiting
    data = b"x" * size
    spent = empty = 0.0
    for _ in range(rounds):
        before = cpu()
        empty += cpu() - before
        before = cpu()
        for conn in conns:
            conn.send(data)
        spent += cpu() - before
        time.sleep(0.001)
    for conn in conns:
        conn.close()
    for pid in children:
        os.waitpid(pid, 0)
    return {"rounds": rounds, "size": size, "us": (spent - empty) / rounds * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, default=10)
    parser.add_argument("--processes", type=int, default=5)
    parser.add_argument("--size", type=int, default=400,
                        help="bytes a send (bench/net.py's updates averaged 395 on its peers)")
    parser.add_argument("--rounds", type=int, default=3000)
    args = parser.parse_args()
    print(json.dumps(measure(args.peers, args.processes, args.size, args.rounds)))


if __name__ == "__main__":
    main()
