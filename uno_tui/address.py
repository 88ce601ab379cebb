"""Where a host is: HOST or HOST:PORT, and the port a host listens on by default."""
DEFAULT_PORT = 7531


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
    if not host or not 0 < port < 65536:
        raise ValueError(f"{text!r} is not HOST or HOST:PORT")
    return host, port
