"""A network namespace of its own for a test: only ``lo``, which also holds an address that stands
for a router's address on the internet. Processes started in it (``within`` + a command) can
multicast and connect to that address, and no packet of theirs can reach any other interface."""
import shutil
import subprocess
import time

INTERNET = "203.0.113.7"        # TEST-NET-3: the fake router's "external" address, on lo here


class Namespace:
    def __init__(self):
        setup = f"ip link set lo up && ip addr add {INTERNET}/32 dev lo && echo ready && exec sleep 3600"
        self.holder = subprocess.Popen(["unshare", "--net", "sh", "-c", setup], stdout=subprocess.PIPE, text=True)
        if self.holder.stdout.readline().strip() != "ready":
            self.close()
            raise RuntimeError("could not make a network namespace (unshare --net, as root)")
        #: the command prefix that runs a command in the namespace
        self.within = [shutil.which("nsenter"), f"--net=/proc/{self.holder.pid}/ns/net", "--"]

    def start(self, *command: str, **popen) -> subprocess.Popen:
        return subprocess.Popen([*self.within, *command], **popen)

    def close(self) -> None:
        self.holder.kill()
        self.holder.wait()


def wait_for_line(path, text: str, timeout: float = 15.0) -> str:
    """Until the file at ``path`` has a line containing ``text`` (a process's log); fails with the file."""
    deadline = time.monotonic() + timeout
    while True:
        lines = path.read_text().splitlines() if path.exists() else []
        found = next((line for line in lines if text in line), None)
        if found is not None:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} not in {path} after {timeout} s:\n" + "\n".join(lines))
        time.sleep(0.05)
