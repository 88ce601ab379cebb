"""Tables forged by hand on the LAN (loopback): records multicast unasked, with the TTL and the
names an attacker likes, for the discovery attack tests and bench/lanflood.py."""
import socket

from zeroconf import DNSAddress, DNSOutgoing, DNSPointer, DNSService, DNSText
from zeroconf.asyncio import AsyncZeroconf
from zeroconf.const import (
    _CLASS_IN,
    _CLASS_IN_UNIQUE,
    _FLAGS_AA,
    _FLAGS_QR_RESPONSE,
    _TYPE_A,
    _TYPE_PTR,
    _TYPE_SRV,
    _TYPE_TXT,
)

from tests.helpers.network import LOOPBACK
from uno_tui.play.discovery import SERVICE


class Forger:
    """Sends a table's records by hand (unasked, with the TTL it likes), on loopback only."""

    def __init__(self):
        self.zc = AsyncZeroconf(interfaces=[LOOPBACK])

    def announce(self, instance: str, port: int, *, ttl: int = 4500, address: str = LOOPBACK, **fields) -> None:
        full, server = f"{instance}.{SERVICE}", "forger.local."
        record = {"name": "Ann", "edition": "classic", "seats": "4", "free": "3", "password": "yes",
                  "state": "lobby", **fields}
        text = b"".join(bytes([len(kv)]) + kv for kv in (f"{k}={v}".encode() for k, v in record.items()))
        out = DNSOutgoing(_FLAGS_QR_RESPONSE | _FLAGS_AA)
        for answer in (DNSPointer(SERVICE, _TYPE_PTR, _CLASS_IN, ttl, full),
                       DNSService(full, _TYPE_SRV, _CLASS_IN_UNIQUE, ttl, 0, 0, port, server),
                       DNSText(full, _TYPE_TXT, _CLASS_IN_UNIQUE, ttl, text),
                       DNSAddress(server, _TYPE_A, _CLASS_IN_UNIQUE, ttl, socket.inet_aton(address))):
            out.add_answer_at_time(answer, 0)
        self.zc.zeroconf.async_send(out)

    async def close(self):
        await self.zc.async_close()
