"""Soak: one host, 9 honest players, calm and hostile windows alternated on the same game.

    python bench/soak.py [--seconds S] [--rounds R] [--attacks all|tls-flood|handshakes-4|handshakes-16]

The host runs headless in its own process (its log goes to a file, so it can
never block on a full pipe), with its default limits except `--per-address`,
raised so the attackers, all on 127.0.0.1 here, are held back only by the caps
a many-address attacker would meet, and `--grace 0 --bot-delay 0`, so a bot
plays the attacker's seat at once whenever its player is not connected (a
player can always hold up their own turn; the soak measures the others). The honest players join from this process
and play the same game throughout, each deciding with a bot and pacing itself
to half the host's message rate (as a person's client is far below it). After
a warm-up, calm and hostile windows alternate (so both see the same game at
the same stages); in a hostile one every attack in bench/attacks.py runs at
once, from a process of their own at the lowest CPU priority (a real attacker
uses another machine's CPU), coming back whenever dropped: garbage and
oversized frames, decode-cost frames at the rate, a 256 KiB bomb, trickling
bytes, floods, a spectator that never reads, spectators joining and leaving as
fast as they can, 200-connection hello storms, 30 spectators (the host takes
20), and the tenth seat's own player reconnecting with its token over and over.

`--attacks` runs one set of attacks instead of all (bench/attacks.py SETS): one address
handshaking TLS as fast as it goes (8 at a time), or TLS handshakes begun and never finished
from 4 or 16 addresses (127.0.0.2 and up), as many as the host lets an address have; then, in
calm and hostile windows alike, a newcomer from an address nobody plays at joins as a watcher
every 0.5 s, and the tenth seat's token takes its seat back every 2 s (from the players'
address), each timed from the connect to the welcome (not let in within 10 s: failed).

A run fails, and says so, when the table stalls (no command answered for 5 s),
an honest player is dropped or told to slow down, or the host dies. Printed per
window: commands answered, hands completed, honest command-to-all-peers
latency (p50, p99), the host's CPU (of one core), peak RSS and open files, how much its log
grew, how often it saved the game (the save file's changes seen, sampled every 0.1 s); then the
attacks made, the connections the host closed or refused by cause, and the
hostile/calm p99 over all windows.
"""
import argparse
import asyncio
import collections
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from attacks import RATE, SETS, attack  # noqa: E402
from loopback import LOOPBACK, Peer, cpu_seconds, free_port, pct, start, start_host, wait_port  # noqa: E402
from probes import NEWCOMER, Probe, open_files, saved_at, size  # noqa: E402

from uno_tui.play.join import connect

PEERS = 9                     # honest players; a tenth seat is the attacker's, reconnecting
STALL = 5.0


class Honest(Peer):
    """A peer that never sends faster than half the host's rate, and notes being told to slow down."""

    def __init__(self, channel, seed):
        super().__init__(channel, seed)
        self.last_send = 0.0
        self.slowed = 0

    async def send(self, command: dict) -> int:
        wait = self.last_send + 2 / RATE - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        self.last_send = time.perf_counter()
        return await super().send(command)

    async def step(self) -> dict:
        msg = await super().step()
        if msg.get("type") == "error" and msg.get("id") is None:
            self.slowed += 1
        return msg


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(rf"{field}:\s+(\d+)", f.read()).group(1))


class Window:
    """One measured stretch of the game: what was answered in it, and the host's memory."""

    def __init__(self, name: str, players: list[Honest], host_pid: int, log: str):
        self.name, self.players, self.host_pid, self.log = name, players, host_pid, log
        self.cpu = cpu_seconds(host_pid)
        self.start = time.perf_counter()
        self.hands0 = players[0].hands
        self.peak_rss = self.peak_files = 0
        self.log_size = size(log)
        self.saves: set[float] = set()
        self.latencies: list[float] = []

    def close(self) -> None:
        self.end = time.perf_counter()
        self.log_grew = size(self.log) - self.log_size
        self.cpu = (cpu_seconds(self.host_pid) - self.cpu) / (self.end - self.start)
        self.hands = self.players[0].hands - self.hands0
        self.latencies = []
        for p in self.players:
            for cid, version in p.acked.items():
                if self.start <= p.sent[cid] < self.end:
                    arrivals = [q.got.get(version) for q in self.players]
                    if all(a is not None for a in arrivals):
                        self.latencies.append(max(arrivals) - p.sent[cid])


async def watch(host, players: list[Honest], window_of, seconds_total: float) -> str | None:
    """Every 0.1 s: the host's memory, open files and saves into the current window, and whether
    the table stalls."""
    last_acks, last_progress = -1, time.perf_counter()
    end = time.perf_counter() + seconds_total
    while time.perf_counter() < end:
        await asyncio.sleep(0.1)
        if host.poll() is not None:
            return "the host died"
        window = window_of()
        if window is not None:
            window.peak_rss = max(window.peak_rss, rss_kib(host.pid))
            window.peak_files = max(window.peak_files, open_files(host.pid))
            window.saves.add(saved_at(os.path.join(host.data, "hosted-game.msgpack")))
        acks = sum(len(p.acked) for p in players)
        now = time.perf_counter()
        if acks != last_acks:
            last_acks, last_progress = acks, now
        elif now - last_progress > STALL:
            return f"the table stalled: no command answered for {STALL:g} s"
        slowed = sum(p.slowed for p in players)
        if slowed:
            return f"honest players were told to slow down {slowed} times"
    return None


async def soak(seconds: float, warmup: float, rounds: int, kinds: str) -> int:
    port = free_port()
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False)
    host = start_host(port, PEERS + 1, "--per-address", "1000", "--grace", "0", "--bot-delay", "0", output=log)
    windows: list[Window] = []
    attacks: list[str] = []
    failure = None
    try:
        await wait_port(port)
        players = [Honest(await connect(LOOPBACK, port, f"P{i}", fingerprint=host.key), i) for i in range(PEERS)]
        stormer = await connect(LOOPBACK, port, "Flaky", fingerprint=host.key)   # its seat's token goes to the attacker
        token = stormer.welcome["token"]
        while (await stormer.recv()).get("type") != "snapshot":     # the game has started
            pass
        stormer.close()
        first = [p.channel.conn for p in players]
        stop = asyncio.Event()
        tasks = [asyncio.create_task(p.run(stop, lambda: False)) for p in players]
        probes = [] if kinds == "all" else [          # (all: its spectators fill the host, its stormer has the token)
            Probe(port, {"type": "hello", "name": "Newcomer", "spectate": True}, NEWCOMER, 0.5),
            Probe(port, {"type": "hello", "name": "Flaky", "token": token}, LOOPBACK, 2.0)]
        tasks += [asyncio.create_task(probe.run(stop)) for probe in probes]
        current = [None]
        watcher = asyncio.create_task(watch(host, players, lambda: current[0], warmup + 2 * rounds * seconds))
        await asyncio.wait([watcher], timeout=warmup)
        for name in ["calm", "hostile"] * rounds:
            if watcher.done():
                break
            attackers = start([__file__, "--attack", str(port), "--seconds", str(seconds), "--token", token,
                               "--attacks", kinds]) if name == "hostile" else None
            current[0] = Window(name, players, host.pid, log.name)
            windows.append(current[0])
            await asyncio.wait([watcher], timeout=seconds)
            current[0].close()
            if attackers is not None:    # it stops by itself at the window's end, and says what it did
                attacks.append(await asyncio.to_thread(said, attackers))
        failure = watcher.result() if watcher.done() else None
        watcher.cancel()
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        dropped = [p for p, conn in zip(players, first) if p.channel.conn is not conn or p.channel.status != "connected"]
        if dropped and failure is None:
            failure = f"{len(dropped)} honest players were dropped"
        peak = rss_kib(host.pid, "VmHWM") if host.poll() is None else 0
        for p in players:
            p.channel.close()
    finally:
        host.terminate()
        host.wait(10)
    report(seconds, rounds, kinds, windows, probes, peak, causes(log.name), attacks)
    if failure or len(windows) < 2 * rounds:
        print(f"FAILED: {failure or 'the run ended early'}")
        return 1
    return 0


def said(attackers) -> str:
    """What the attackers' process made (it runs at nice 19: on a loaded machine it may not get
    the CPU to finish in time, and is then ended)."""
    try:
        said = attackers.communicate(timeout=60)[0].strip().splitlines()
        return said[-1] if said else "(nothing)"       # (before it: asyncio's warnings, if any)
    except subprocess.TimeoutExpired:
        attackers.kill()
        return "(did not finish within 60 s of its window's end; ended)"


def causes(path: str) -> collections.Counter:
    found = collections.Counter()
    with open(path) as f:
        for line in f:
            m = re.search(r"closing \S+: (.*)$", line)
            if m:
                found[re.sub(r"\(.*\)|\d+", "#", m.group(1)).strip()] += 1
            m = re.search(r"refused (\d+) connections: (.*)$", line)
            if m:
                found[f"refused: {m.group(2)}"] += int(m.group(1))
            m = re.search(r"(\d+) connections left before their hello was answered", line)
            if m:
                found["left before their hello was answered"] += int(m.group(1))
    os.unlink(path)
    return found


def report(seconds: float, rounds: int, kinds: str, windows: list[Window], probes: list[Probe], peak: int,
           dropped: collections.Counter, attacks: list[str]) -> None:
    print(f"one host, {PEERS} honest players (each at most {RATE // 2} commands/s), one game throughout; "
          f"{rounds} rounds of {seconds:g} s calm then {seconds:g} s with {len(SETS[kinds])} hostile clients "
          f"at once ({kinds})")
    pooled = collections.defaultdict(list)
    for w in windows:
        pooled[w.name] += w.latencies
        if not w.latencies:
            print(f"  {w.name:8s} (nothing answered)")
            continue
        print(f"  {w.name:8s} commands answered {len(w.latencies):6d}  hands {w.hands:3d}  "
              f"p50 {pct(w.latencies, 0.5) * 1e3:6.2f} ms  p99 {pct(w.latencies, 0.99) * 1e3:6.2f} ms  "
              f"host CPU {w.cpu:4.0%}  peak RSS {w.peak_rss / 1024:5.1f} MiB  open files {w.peak_files:3d}  "
              f"log +{w.log_grew / 1024:.0f} KiB  saves {len(w.saves - {None})}")
        for probe, what in zip(probes, ("newcomers' joins", "seat token reconnects")):
            tries, took = probe.between(w.start, w.end)
            times = f": p50 {pct(took, 0.5) * 1e3:.0f} ms, p99 {pct(took, 0.99) * 1e3:.0f} ms" if took else ""
            print(f"           {what}: {len(took)} of {tries} let in{times}")
    print(f"host peak RSS over the whole run (VmHWM): {peak / 1024:.1f} MiB")
    for i, made in enumerate(attacks):
        print(f"attacks made in hostile window {i + 1} (connections, by kind): {made}")
    print("connections the host closed, by cause:")
    for cause, n in dropped.most_common():
        print(f"  {n:6d}  {cause}")
    calm, rough = pooled.get("calm"), pooled.get("hostile")
    if calm and rough:
        print(f"all windows pooled: calm p99 {pct(calm, 0.99) * 1e3:.2f} ms, hostile p99 {pct(rough, 0.99) * 1e3:.2f} ms"
              f" ({pct(rough, 0.99) / pct(calm, 0.99):.2f}x); commands answered {len(rough) / len(calm):.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30, help="each measured window (default 30)")
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--rounds", type=int, default=2, help="calm/hostile pairs, alternated (default 2)")
    parser.add_argument("--attacks", choices=sorted(SETS), default="all", help="which attacks (default all)")
    parser.add_argument("--attack", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--token", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        asyncio.run(attack(args.attack, args.seconds, args.token, args.attacks))
    else:
        sys.exit(asyncio.run(soak(args.seconds, args.warmup, args.rounds, args.attacks)))


if __name__ == "__main__":
    main()
