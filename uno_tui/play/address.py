"""Where a host is: HOST or HOST:PORT, the ports a host listens on by default, why it could not, and
this machine's addresses to give friends; the environment's say in hosting and joining."""
import errno
import os

DEFAULT_PORT = 7531
DEFAULT_WEB_PORT = 7532          # `uno-tui host --web` and `uno-tui web`
DEFAULT_SSH_PORT = 7533          # `uno-tui host --ssh`
INTERFACE_ENV = "UNO_TUI_LAN_INTERFACE"       # the one interface LAN discovery may use (tests: 127.0.0.1)
PASSWORD_ENV = "UNO_TUI_PASSWORD"             # the table's password, when no option gives it (an ssh session's)


def parse_address(text: str) -> tuple[str, int]:
    """HOST or HOST:PORT (IPv6 in brackets: [::1]:7531)."""
    if not text:
        raise ValueError("give the host's address, e.g. 192.168.1.20 or 192.168.1.20:7531")
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    try:
        port = int(port)
    except ValueError:
        raise ValueError(f"{port!r} is not a port number") from None
    if not host:
        raise ValueError(f"{text!r} is not HOST or HOST:PORT")
    if not 0 < port < 65536:
        raise ValueError(f"port {port} is out of range: a port is from 1 to 65535")
    return host, port


def format_address(host: str, port: int) -> str:
    """HOST:PORT as parse_address reads it back (an IPv6 address in brackets: [::1]:7531)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def cannot_host(port: int, error: OSError, option: str = "--port") -> str:
    """Why the server could not start, as a person would say it (``option`` chooses the port)."""
    if error.errno == errno.EADDRINUSE:
        return f"Port {port} is already in use (another game hosted here?): choose another with {option}."
    if error.errno == errno.EACCES:
        return f"Port {port} is not open to you: choose one above 1023 with {option}."
    return f"Cannot host on port {port}: {error.strerror or error}."


def lan_interface() -> str | None:
    """The one address LAN discovery is bound to (``--lan-interface`` sets the environment), or
    None for all (here, not in discovery.py: asking costs no zeroconf import)."""
    return os.environ.get(INTERFACE_ENV) or None


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses to give to friends, loopback aside (read from its interfaces,
    nothing is sent; its own name often resolves to 127.0.1.1 only)."""
    import ifaddr
    found = [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(ip.ip, str) and not ip.ip.startswith("127.")]
    return list(dict.fromkeys(found)) or ["127.0.0.1"]


def reachable_addresses(interface: str | None, bind: str) -> list[str]:
    """Where friends reach a table hosted here: the one interface LAN discovery is bound to, the
    address the server is bound to, or else every IPv4 address of this machine but loopback (what
    the host shows is what it advertises)."""
    return [interface] if interface else [bind] if bind not in ("0.0.0.0", "") else local_addresses()
