"""TLS on the game port: the host's context from its key and certificate, and the client's.

A host's certificate is self-signed (no authority vouches for a friend's laptop), so the client's
context checks nothing by itself: the client pins the certificate's SHA-256 fingerprint instead,
as ssh pins a host key (uno_tui/play/pins.py), and says nothing before it has checked it. TLS 1.3 only:
every maintained TLS library speaks it, and it leaves no older cipher suite to choose from.
"""
import asyncio
import hashlib
import ssl


def server_context(identity) -> ssl.SSLContext:
    """``identity``: a PEM file holding the host's private key and its certificate."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.load_cert_chain(identity)
    return context


def client_context() -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.check_hostname = False           # the fingerprint is checked instead (peer_fingerprint)
    context.verify_mode = ssl.CERT_NONE
    return context


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256, in lower-case hex."""
    return hashlib.sha256(der).hexdigest()


def peer_fingerprint(writer) -> str | None:
    """The fingerprint of the certificate the other side of this TLS stream presented."""
    ssl_object = writer.get_extra_info("ssl_object")
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    return fingerprint(der) if der else None


async def accept(sock, context: ssl.SSLContext, timeout: float):
    """A stream pair over TLS on a socket the server accepted (asyncio.open_connection makes
    only the client's side)."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(loop=loop)
    protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
    transport, _ = await loop.connect_accepted_socket(lambda: protocol, sock, ssl=context,
                                                      ssl_handshake_timeout=timeout)
    return reader, asyncio.StreamWriter(transport, protocol, reader, loop)


def waiting(transport) -> int:
    """Bytes written to ``transport`` and not yet taken by the system. asyncio's TLS transport
    counts only what it has not yet encrypted; what it has waits in the TCP transport under it,
    which is counted here too (else a peer that never reads could make the host hold anything)."""
    inner = getattr(getattr(transport, "_ssl_protocol", None), "_transport", None)
    return transport.get_write_buffer_size() + (inner.get_write_buffer_size() if inner is not None else 0)
