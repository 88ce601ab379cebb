"""The least CPU any Python host pays to send one command's updates on this machine: bench/net.py's floor.

    python bench/send_floor.py [--peers 10] [--processes 5] [--size 400] [--rounds 3000]

One round is what a host does for each command: one ``socket.send`` of ``size``
bytes to each of ``peers`` connections on loopback, whose readers (in
``processes`` processes of their own) are asleep waiting for data, as a table's
peers are between moves. A send on loopback delivers the bytes and wakes the
reader inside the sender's system call, so most of the cost is the kernel's.
The sender then sleeps 1 ms (not timed: CPU is read per round) so the readers
go back to sleep. Prints JSON: rounds, and user and system CPU in us a round.
"""
import argparse
import json
import os
import resource
import selectors
import socket
import time


def reader(listener: socket.socket, count: int, inherited: list[socket.socket]) -> None:
    """Accept ``count`` connections and read them until they all close (in a child process, which
    first closes its copies of the sender's ends of earlier readers' connections: they would keep
    those open)."""
    for conn in inherited:
        conn.close()
    conns = [listener.accept()[0] for _ in range(count)]
    selector = selectors.DefaultSelector()
    for conn in conns:
        selector.register(conn, selectors.EVENT_READ)
    while conns:
        for key, _ in selector.select():
            if not key.fileobj.recv(1 << 16):
                selector.unregister(key.fileobj)
                conns.remove(key.fileobj)
    os._exit(0)


def cpu() -> tuple[float, float]:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


def measure(peers: int, processes: int, size: int, rounds: int) -> dict:
    listener = socket.create_server(("127.0.0.1", 0))
    groups = [len(range(peers)[k::processes]) for k in range(processes)]
    children, conns = [], []
    for count in groups:
        pid = os.fork()
        if pid == 0:
            reader(listener, count, conns)
        children.append(pid)
        conns += [socket.create_connection(listener.getsockname()) for _ in range(count)]
    data = b"x" * size
    time.sleep(0.2)
    user = system = 0.0
    for _ in range(rounds):
        u0, s0 = cpu()
        for conn in conns:
            conn.send(data)
        u1, s1 = cpu()
        user, system = user + u1 - u0, system + s1 - s0
        time.sleep(0.001)
    for conn in conns:
        conn.close()
    for pid in children:
        os.waitpid(pid, 0)
    return {"rounds": rounds, "size": size, "user_us": user / rounds * 1e6, "system_us": system / rounds * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, default=10)
    parser.add_argument("--processes", type=int, default=5)
    parser.add_argument("--size", type=int, default=400, help="bytes a send (an update in bench/net.py averages ~400)")
    parser.add_argument("--rounds", type=int, default=3000)
    args = parser.parse_args()
    print(json.dumps(measure(args.peers, args.processes, args.size, args.rounds)))


if __name__ == "__main__":
    main()
