"""Reachable from the internet: the home router asked, with UPnP IGD, to forward the table's TCP
port to this machine, for as long as the table is open.

Why: a friend on another network cannot reach a host behind a home router unless the router
forwards the port, which most players do not know how to set up. Most home routers take the
request over UPnP (async-upnp-client speaks it: the SSDP search, the device description, the SOAP
calls). The mapping has a finite lease, renewed at half-life, and is removed when the host
leaves: a host that crashed leaves a mapping that expires by itself. When no mapping can make the
table reachable, ``Unreachable`` says why in one sentence, with what the player can do instead.

This is not the transport (net/): it only opens the door that friends' TLS connections come in by.
"""
import asyncio
import ipaddress
import logging
import os
import socket
from dataclasses import dataclass
from urllib.parse import urlparse

from uno_tui.play.address import format_address, lan_interface, reachable_addresses

logger = logging.getLogger(__name__)

ROUTER_ENV = "UNO_TUI_UPNP_ROUTER"   # HOST[:PORT]: ask this router directly, not by a multicast search
LEASE = 3600                         # seconds a mapping lasts unless renewed (renewed at half of it)
SEARCH = 3.0                         # seconds routers have to answer the search
CALL = 5                             # seconds a router has to answer one request
GATEWAY = "urn:schemas-upnp-org:device:InternetGatewayDevice:1"   # IGD:2 routers answer it too
CONNECTIONS = ("urn:schemas-upnp-org:service:WANIPConnection:2", "urn:schemas-upnp-org:service:WANIPConnection:1",
               "urn:schemas-upnp-org:service:WANPPPConnection:1")
CARRIER_NAT = ipaddress.ip_network("100.64.0.0/10")
PRIVATE = [ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16")]
DESCRIPTION = "uno-tui table"


class Unreachable(Exception):
    """Why the table cannot be reached from the internet, and what the player can do instead."""


@dataclass(frozen=True)
class Mapping:
    """The router forwards TCP ``port`` of ``external`` (its internet address) to ``internal``:``port``."""
    external: str
    port: int
    internal: str
    lease: int


def instead(port: int, internal: str) -> str:
    """What a player can do when the router will not forward the port."""
    return (f"forward TCP port {port} to this machine ({internal}) by hand in the router's settings "
            f"(friends then join your internet address: uno-tui join ADDRESS:{port}), or {by_vpn(port)}")


def by_vpn(port: int) -> str:
    """The way round any router: the join code holds this machine's LAN address, so friends on a
    VPN join by the address it gave this machine (its key is shown them to compare)."""
    return f"share a VPN such as Tailscale with your friends (they join your VPN address: uno-tui join ADDRESS:{port})"


def router_target() -> tuple[str, int] | None:
    """The router UNO_TUI_UPNP_ROUTER names (for a network that drops multicast), else None: search."""
    text = os.environ.get(ROUTER_ENV)
    if not text:
        return None
    host, _, port = text.rpartition(":") if ":" in text else (text, "", "1900")
    return host, int(port)


def facing(router: str) -> str:
    """This machine's address on the router's network: the LAN interface given, else the local
    address a socket towards the router gets (connecting a UDP socket sends nothing)."""
    given = lan_interface()
    if given:
        return given
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect((router, 9))
        return probe.getsockname()[0]


def external_problem(external: str | None, port: int, internal: str) -> str | None:
    """The sentence for an internet address no mapping on this router can make reachable, or None."""
    try:
        address = ipaddress.IPv4Address(external or "0.0.0.0")
    except ValueError:
        address = ipaddress.IPv4Address("0.0.0.0")
    if address.is_unspecified:
        return f"The router has no address on the internet (is it connected?): {instead(port, internal)}."
    if address in CARRIER_NAT:
        return (f"The router's own internet address, {address}, is carrier-grade NAT (shared by your provider "
                f"among its customers), so no port mapping can help: {by_vpn(port)}.")
    if any(address in network for network in PRIVATE):
        return (f"The router's own internet address, {address}, is private (another router stands between it "
                f"and the internet), so a mapping on this router cannot help: {instead(port, internal)}.")
    return None


async def find_router(timeout: float = SEARCH) -> str | None:
    """The description URL of the first router that answers the SSDP search (None: none did). The
    search goes out through the LAN interface given (UNO_TUI_LAN_INTERFACE), or to the router
    UNO_TUI_UPNP_ROUTER names; it is sent again each second, as UDP may lose it."""
    from async_upnp_client.search import SsdpSearchListener
    found: asyncio.Future = asyncio.get_running_loop().create_future()

    def heard(headers) -> None:
        if headers.get("location") and not found.done():
            found.set_result(headers["location"])

    listener = SsdpSearchListener(callback=heard, source=(lan_interface() or "0.0.0.0", 0), target=router_target(),
                                  timeout=1, search_target=GATEWAY)
    await listener.async_start()
    try:
        async with asyncio.timeout(timeout):
            while True:
                listener.async_search()
                done, _ = await asyncio.wait([found], timeout=1.0)
                if done:
                    return found.result()
    except TimeoutError:
        return None
    finally:
        listener.async_stop()


class PortMap:
    """Asks for the mapping (``open``), keeps it (renewing at half the lease), and removes it (``close``)."""

    def __init__(self, port: int, *, lease: int = LEASE, search: float = SEARCH):
        self.port, self.lease, self.search = port, lease, search
        self.mapping: Mapping | None = None
        self._service = None                       # the router's WAN connection service, once found
        self._renewing: asyncio.Task | None = None

    async def open(self) -> Mapping:
        """Map the port; raises Unreachable with the sentence to show."""
        from async_upnp_client.exceptions import UpnpActionError, UpnpError
        location = await find_router(self.search)
        internal = reachable_addresses(lan_interface(), "0.0.0.0")[0]
        if location is None:
            raise Unreachable(f"No router answered the UPnP search (UPnP is off in the router, or there is "
                              f"none): {instead(self.port, internal)}.")
        router = urlparse(location).hostname or ""
        internal = facing(router)
        try:
            self._service = await self._connection(location)
            if self._service is None:
                raise Unreachable(f"The router at {router} offers no port mappings over UPnP: "
                                  f"{instead(self.port, internal)}.")
            answer = await self._service.action("GetExternalIPAddress").async_call()
            external = answer.get("NewExternalIPAddress")
            problem = external_problem(external, self.port, internal)
            if problem:
                raise Unreachable(problem)
            await self._add(internal)
        except UpnpActionError as e:
            raise Unreachable(f"The router at {router} refused to forward TCP port {self.port} (UPnP error "
                              f"{e.error_code}: {e.error_desc}); another machine may hold that port: choose "
                              f"another with --port, or {instead(self.port, internal)}.") from None
        except (UpnpError, OSError, TimeoutError) as e:
            raise Unreachable(f"The router at {router} answered the search but not its requests "
                              f"({e or type(e).__name__}): {instead(self.port, internal)}.") from None
        self.mapping = Mapping(external, self.port, internal, self.lease)
        self._renewing = asyncio.create_task(self._renew())
        logger.info("the router forwards %s to %s", format_address(external, self.port),
                    format_address(internal, self.port))
        return self.mapping

    async def _connection(self, location: str):
        """The router's WAN connection service (its SOAP actions), from its description."""
        from async_upnp_client.aiohttp import AiohttpRequester
        from async_upnp_client.client_factory import UpnpFactory
        device = await UpnpFactory(AiohttpRequester(timeout=CALL)).async_create_device(location)
        services = {service.service_type: service for service in device.all_services}
        return next((services[kind] for kind in CONNECTIONS if kind in services), None)

    async def _add(self, internal: str) -> None:
        await self._service.action("AddPortMapping").async_call(
            NewRemoteHost="", NewExternalPort=self.port, NewProtocol="TCP", NewInternalPort=self.port,
            NewInternalClient=internal, NewEnabled=True, NewPortMappingDescription=DESCRIPTION,
            NewLeaseDuration=self.lease)

    async def _renew(self) -> None:
        """Ask again at each half-life; a failed renewal is logged and tried again sooner."""
        from async_upnp_client.exceptions import UpnpError
        wait = self.lease / 2
        while True:
            await asyncio.sleep(wait)
            try:
                await self._add(self.mapping.internal)
                wait = self.lease / 2
            except (UpnpError, OSError, TimeoutError) as e:
                logger.warning("the router did not renew the port mapping (%s): trying again", e)
                wait = self.lease / 8

    async def close(self) -> None:
        """Stop renewing and remove the mapping (a router that does not answer keeps it until the
        lease ends)."""
        if self._renewing is not None:
            self._renewing.cancel()
            self._renewing = None
        if self.mapping is None:
            return
        from async_upnp_client.exceptions import UpnpError
        mapping, self.mapping = self.mapping, None
        try:
            await self._service.action("DeletePortMapping").async_call(
                NewRemoteHost="", NewExternalPort=mapping.port, NewProtocol="TCP")
            logger.info("the router no longer forwards port %d", mapping.port)
        except (UpnpError, OSError, TimeoutError) as e:
            logger.warning("the router did not remove the port mapping (%s): it ends in %d s by itself",
                           e, mapping.lease)
