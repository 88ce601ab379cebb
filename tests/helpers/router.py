"""A home router for the port-mapping tests: a real UPnP Internet Gateway Device served with
async-upnp-client's own server classes (device and service descriptions over HTTP, SOAP actions,
an SSDP search responder) on 127.0.0.1. It keeps the port mappings it was asked for, and can be
one that refuses them, one that reports a carrier-grade NAT address, or one that never answers.

SSDP stays on loopback: by default the responder listens on a unicast UDP port of 127.0.0.1
(the host is pointed at it with UNO_TUI_UPNP_ROUTER); ``multicast=True`` answers the standard
239.255.255.250:1900 search instead, for a network namespace that has only ``lo``.

Run as a script (the journey test, a manual try in tmux) it prints one line when ready and one
line for each call it answers."""
import argparse
import asyncio
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from async_upnp_client.const import STATE_VARIABLE_TYPE_MAPPING, DeviceInfo, ServiceInfo, StateVariableTypeInfo
from async_upnp_client.exceptions import UpnpActionError
from async_upnp_client.server import UpnpServer, UpnpServerDevice, UpnpServerService, callable_action

LOOPBACK = "127.0.0.1"
CONFLICT = 718                  # ConflictInMappingEntry: what a router says when it will not map a port


@dataclass
class Behaviour:
    """What the router does: its external address, and whether it maps ports."""
    external: str = "203.0.113.7"
    refuse: bool = False
    mappings: dict = field(default_factory=dict)     # (external port, protocol) -> the AddPortMapping args
    calls: list = field(default_factory=list)        # (action, its arguments), in order
    log: object = None                               # a script prints each call
    answer: object = None                            # an asyncio.Event: a slow router maps a port once it is set


def _variable(data_type: str, default: str | None = None) -> StateVariableTypeInfo:
    return StateVariableTypeInfo(data_type=data_type, data_type_mapping=STATE_VARIABLE_TYPE_MAPPING[data_type],
                                 default_value=default, allowed_value_range={}, allowed_values=None,
                                 xml=ET.Element("server_stateVariable"))


def _device(kind: str, number: int) -> DeviceInfo:
    return DeviceInfo(device_type=f"urn:schemas-upnp-org:device:{kind}:1", friendly_name=f"Test router {kind}",
                      manufacturer="uno-tui tests", manufacturer_url=None, model_description=None,
                      model_name="loopback IGD", model_number=None, model_url=None, serial_number=None,
                      udn=f"uuid:5e1d0a00-0000-4000-8000-00000000000{number}", upc=None, presentation_url=None,
                      url="/device.xml", icons=[], xml=ET.Element("server_device"))


def wan_ip_connection(behaviour: Behaviour) -> type:
    """The WANIPConnection:1 service of a router that behaves so (the server makes one per class)."""

    class WANIPConnection(UpnpServerService):
        SERVICE_DEFINITION = ServiceInfo(
            service_id="urn:upnp-org:serviceId:WANIPConn1",
            service_type="urn:schemas-upnp-org:service:WANIPConnection:1",
            control_url="/upnp/control/WANIPConn1", event_sub_url="/upnp/event/WANIPConn1",
            scpd_url="/WANIPConn1.xml", xml=ET.Element("server_service"))
        STATE_VARIABLE_DEFINITIONS = {
            "ExternalIPAddress": _variable("string"), "RemoteHost": _variable("string"),
            "ExternalPort": _variable("ui2"), "PortMappingProtocol": _variable("string"),
            "InternalPort": _variable("ui2"), "InternalClient": _variable("string"),
            "PortMappingEnabled": _variable("boolean"), "PortMappingDescription": _variable("string"),
            "PortMappingLeaseDuration": _variable("ui4"),
        }

        def _called(self, action: str, **args) -> None:
            behaviour.calls.append((action, args))
            if behaviour.log is not None:
                behaviour.log(action, args)

        @callable_action(name="GetExternalIPAddress", in_args={},
                         out_args={"NewExternalIPAddress": "ExternalIPAddress"})
        async def get_external_ip_address(self) -> dict:
            self._called("GetExternalIPAddress")
            return {"NewExternalIPAddress": behaviour.external}

        @callable_action(name="AddPortMapping",
                         in_args={"NewRemoteHost": "RemoteHost", "NewExternalPort": "ExternalPort",
                                  "NewProtocol": "PortMappingProtocol", "NewInternalPort": "InternalPort",
                                  "NewInternalClient": "InternalClient", "NewEnabled": "PortMappingEnabled",
                                  "NewPortMappingDescription": "PortMappingDescription",
                                  "NewLeaseDuration": "PortMappingLeaseDuration"},
                         out_args={})
        async def add_port_mapping(self, NewRemoteHost: str, NewExternalPort: int, NewProtocol: str,
                                   NewInternalPort: int, NewInternalClient: str, NewEnabled: bool,
                                   NewPortMappingDescription: str, NewLeaseDuration: int) -> dict:
            args = dict(remote=NewRemoteHost, external_port=NewExternalPort, protocol=NewProtocol,
                        internal_port=NewInternalPort, internal_client=NewInternalClient, enabled=NewEnabled,
                        description=NewPortMappingDescription, lease=NewLeaseDuration)
            self._called("AddPortMapping", **args)
            if behaviour.answer is not None:
                await behaviour.answer.wait()
            if behaviour.refuse:
                raise UpnpActionError(error_code=CONFLICT, error_desc="ConflictInMappingEntry")
            behaviour.mappings[(NewExternalPort, NewProtocol)] = args
            return {}

        @callable_action(name="DeletePortMapping",
                         in_args={"NewRemoteHost": "RemoteHost", "NewExternalPort": "ExternalPort",
                                  "NewProtocol": "PortMappingProtocol"},
                         out_args={})
        async def delete_port_mapping(self, NewRemoteHost: str, NewExternalPort: int, NewProtocol: str) -> dict:
            self._called("DeletePortMapping", external_port=NewExternalPort, protocol=NewProtocol)
            if behaviour.mappings.pop((NewExternalPort, NewProtocol), None) is None:
                raise UpnpActionError(error_code=714, error_desc="NoSuchEntryInArray")
            return {}

    return WANIPConnection


def gateway(behaviour: Behaviour) -> type:
    """InternetGatewayDevice:1 > WANDevice:1 > WANConnectionDevice:1 > WANIPConnection:1, as routers nest them."""

    class Connection(UpnpServerDevice):
        DEVICE_DEFINITION, EMBEDDED_DEVICES, SERVICES = _device("WANConnectionDevice", 3), [], [
            wan_ip_connection(behaviour)]

    class Wan(UpnpServerDevice):
        DEVICE_DEFINITION, EMBEDDED_DEVICES, SERVICES = _device("WANDevice", 2), [Connection], []

    class Gateway(UpnpServerDevice):
        DEVICE_DEFINITION, EMBEDDED_DEVICES, SERVICES = _device("InternetGatewayDevice", 1), [Wan], []

    return Gateway


class Router:
    """The device on 127.0.0.1 (HTTP on ``http_port``, SSDP on ``ssdp_port``, or on the standard
    multicast group); ``silent``: nothing answers the search (UPnP off)."""

    def __init__(self, behaviour: Behaviour | None = None, *, http_port: int, ssdp_port: int = 1900,
                 multicast: bool = False, silent: bool = False):
        self.behaviour = behaviour or Behaviour()
        self.ssdp_port, self.silent = ssdp_port, silent
        target = None if multicast else (LOOPBACK, ssdp_port)
        self.server = UpnpServer(gateway(self.behaviour), (LOOPBACK, 0), target, http_port=http_port)
        self._quiet = None                        # silent: a socket that takes the search and says nothing

    @property
    def address(self) -> str:
        """What UNO_TUI_UPNP_ROUTER names to ask this router directly."""
        return f"{LOOPBACK}:{self.ssdp_port}"

    async def start(self) -> "Router":
        if self.silent:
            loop = asyncio.get_running_loop()
            self._quiet, _ = await loop.create_datagram_endpoint(asyncio.DatagramProtocol,
                                                                 local_addr=(LOOPBACK, self.ssdp_port))
        else:
            await self.server.async_start()
        return self

    async def close(self) -> None:
        if self._quiet is not None:
            self._quiet.close()
            return
        await self.server.async_stop()
        # async-upnp-client 0.49's SSDP responder leaves the socket it answers from open
        responder = getattr(self.server, "_search_responder", None)
        answering = getattr(responder, "_response_transport", None)
        if answering is not None:
            answering.close()

    async def __aenter__(self) -> "Router":
        return await self.start()

    async def __aexit__(self, *exc) -> None:
        await self.close()


async def _serve(args) -> None:
    def log(action, details):
        print(action, " ".join(f"{k}={v}" for k, v in details.items()), flush=True)

    behaviour = Behaviour(external=args.external, refuse=args.refuse, log=log)
    async with Router(behaviour, http_port=args.http_port, ssdp_port=args.ssdp_port, multicast=args.multicast,
                      silent=args.silent):
        where = "239.255.255.250:1900 (multicast)" if args.multicast else f"{LOOPBACK}:{args.ssdp_port}"
        print(f"router ready: SSDP on {where}, external address {args.external}", flush=True)
        await asyncio.Event().wait()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="a UPnP router on 127.0.0.1 for trying --internet")
    parser.add_argument("--ssdp-port", type=int, default=1900)
    parser.add_argument("--http-port", type=int, default=5000)
    parser.add_argument("--external", default="203.0.113.7", help="the address it says it has on the internet")
    parser.add_argument("--refuse", action="store_true", help="refuse every port mapping")
    parser.add_argument("--silent", action="store_true", help="never answer the search")
    parser.add_argument("--multicast", action="store_true", help="answer on 239.255.255.250:1900 (a namespace)")
    try:
        asyncio.run(_serve(parser.parse_args(argv)))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
