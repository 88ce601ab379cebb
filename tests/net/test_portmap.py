"""The port mapping `host --internet` asks for, against a real UPnP router served on 127.0.0.1
(tests/helpers/router.py): added for the table's port and this machine's address, renewed, removed;
a router that refuses, one that never answers, and one behind carrier-grade NAT each get their
sentence. The search goes to the router's unicast SSDP port on loopback (UNO_TUI_UPNP_ROUTER); the
standard multicast search is tried in a network namespace that has only ``lo``."""
import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Checkbox, Static

from tests.helpers.network import LOOPBACK, free_port, join
from tests.helpers.router import Behaviour, Router
from tests.helpers.ui import wait_for
from uno_tui.play.host.invite import invitation
from uno_tui.play.host.portmap import ROUTER_ENV, PortMap, Unreachable
from uno_tui.play.host.session import HostSession
from uno_tui.play.join import JoinError
from uno_tui.play.joincode import join_code, parse_join_code
from uno_tui.storage.settings import GameSettings
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.lobby import LobbyScreen
from uno_tui.ui.screens.modals import LinePrompt

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def router(monkeypatch):
    """Start a router that behaves so; the host asks it directly (the search never leaves loopback)."""
    started = []

    async def start(silent: bool = False, **behaviour) -> Router:
        router = Router(Behaviour(**behaviour), http_port=free_port(), ssdp_port=free_port(), silent=silent)
        monkeypatch.setenv(ROUTER_ENV, router.address)
        started.append(await router.start())
        return router

    yield start
    for router in started:
        await router.close()


async def calls(router: Router, action: str, count: int, timeout: float = 10.0) -> list[dict]:
    """The arguments of the router's calls of ``action``, once it had ``count`` of them."""
    async with asyncio.timeout(timeout):
        while True:
            made = [args for name, args in router.behaviour.calls if name == action]
            if len(made) >= count:
                return made
            await asyncio.sleep(0.05)


async def test_the_table_port_is_mapped_to_this_machine_renewed_at_half_life_and_removed(router):
    home = await router()
    portmap = PortMap(17531, lease=2)
    mapping = await portmap.open()
    assert (mapping.external, mapping.port, mapping.internal) == ("203.0.113.7", 17531, LOOPBACK)
    assert home.behaviour.mappings[(17531, "TCP")] == dict(
        remote="", external_port=17531, protocol="TCP", internal_port=17531, internal_client=LOOPBACK,
        enabled=True, description="uno-tui table", lease=2)
    renewed = await calls(home, "AddPortMapping", 3)          # at 1 s and 2 s: never let it lapse
    assert all(args == renewed[0] for args in renewed)
    await portmap.close()
    assert home.behaviour.mappings == {}
    deleted = await calls(home, "DeletePortMapping", 1)
    assert deleted == [dict(external_port=17531, protocol="TCP")]
    adds = len(await calls(home, "AddPortMapping", 1))
    await asyncio.sleep(1.5)                                   # closed: no renewal brings it back
    assert len(await calls(home, "AddPortMapping", 1)) == adds and home.behaviour.mappings == {}


async def test_a_router_that_refuses_says_so_and_what_to_do_instead(router):
    home = await router(refuse=True)
    with pytest.raises(Unreachable) as refused:
        await PortMap(17532).open()
    said = str(refused.value)
    assert "refused to forward TCP port 17532" in said
    assert f"forward TCP port 17532 to this machine ({LOOPBACK}) by hand" in said and "Tailscale" in said
    # the join code holds the LAN address: friends from outside are told to join by address instead
    assert "join your internet address: uno-tui join ADDRESS:17532" in said and "join your VPN address" in said
    assert home.behaviour.mappings == {}


async def test_no_router_answering_says_upnp_is_off_or_absent(router):
    await router(silent=True)
    with pytest.raises(Unreachable) as nobody:
        await PortMap(17533, search=1.5).open()
    said = str(nobody.value)
    assert said.startswith("No router answered the UPnP search (UPnP is off in the router, or there is none)")
    assert f"forward TCP port 17533 to this machine ({LOOPBACK})" in said and "Tailscale" in said


@pytest.mark.parametrize("external, words", [
    ("100.64.3.4", "100.64.3.4, is carrier-grade NAT"),
    ("100.127.255.1", "is carrier-grade NAT"),
    ("192.168.0.9", "192.168.0.9, is private (another router stands between it and the internet)"),
    ("0.0.0.0", "The router has no address on the internet"),
])
async def test_an_address_no_mapping_can_help_is_said_and_nothing_is_mapped(router, external, words):
    home = await router(external=external)
    with pytest.raises(Unreachable) as hopeless:
        await PortMap(17534).open()
    assert words in str(hopeless.value) and "Tailscale" in str(hopeless.value)
    assert [name for name, _ in home.behaviour.calls] == ["GetExternalIPAddress"]


async def multicast_round() -> dict:
    """In a namespace with only ``lo``: the standard SSDP search (239.255.255.250:1900 through the
    LAN interface, 127.0.0.1) finds the router, the port is mapped and removed."""
    async with Router(http_port=free_port(), multicast=True) as home:
        portmap = PortMap(17535)
        mapping = await portmap.open()
        await portmap.close()
        return {"external": mapping.external, "internal": mapping.internal,
                "calls": [name for name, _ in home.behaviour.calls]}


def test_the_standard_multicast_search_finds_the_router_in_a_namespace_of_its_own():
    script = "import asyncio, json; from tests.net.test_portmap import multicast_round; " \
             "print(json.dumps(asyncio.run(multicast_round())))"
    env = {k: v for k, v in os.environ.items() if k != ROUTER_ENV}
    done = subprocess.run(["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$0" -c "$1"',
                           sys.executable, script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == {
        "external": "203.0.113.7", "internal": LOOPBACK,
        "calls": ["GetExternalIPAddress", "AddPortMapping", "DeletePortMapping"]}


async def test_a_host_on_the_internet_gives_its_code_nudges_for_a_password_and_closes_the_door_when_it_leaves(
        router):
    home = await router()
    session = HostSession(GameSettings(), host_name="Ann", players=2, headless=True)
    try:
        port = await session.serve(LOOPBACK, 0, internet=True)
        assert home.behaviour.mappings[(port, "TCP")]["internal_client"] == LOOPBACK
        said = invitation(session)
        codes = [line.text for line in said if line.kind == "code"]
        assert codes == [join_code("203.0.113.7", port, session.fingerprint),
                         join_code(LOOPBACK, port, session.fingerprint)]          # the internet's, then the LAN's
        assert any(line.text.startswith("No password: anyone with the code can sit down") for line in said)
        assert parse_join_code(codes[0]) == ("203.0.113.7", port, session.fingerprint)   # what join CODE reads
    finally:
        await session.close()
    assert home.behaviour.mappings == {}
    assert [name for name, _ in home.behaviour.calls][-1] == "DeletePortMapping"


async def test_a_host_the_router_refuses_says_why_in_its_invitation_and_still_gives_the_lan_code(router):
    await router(refuse=True)
    session = HostSession(GameSettings(), host_name="Ann", players=2, headless=True, password="sofa")
    try:
        port = await session.serve(LOOPBACK, 0, internet=True)
        said = invitation(session)
        assert [line.kind for line in said[:2]] == ["warning", "label"]
        assert f"refused to forward TCP port {port}" in said[0].text
        assert [line.text for line in said if line.kind == "code"] == [join_code(LOOPBACK, port, session.fingerprint)]
    finally:
        await session.close()


async def toggle(pilot, switch: Checkbox) -> None:
    """The lobby's switch toggled from the keyboard (focused, then space). Not clicked: the lines
    above it change as the router answers, and Pilot aims a click from the layout before that
    change is laid out, so under load the click landed where the switch had been (4 runs in 30)."""
    switch.screen.set_focus(switch)
    await pilot.press("space")


async def test_the_lobby_switch_opens_and_closes_the_door(router):
    home = await router()
    app = UnoApp(host=dict(settings=GameSettings(), host_name="Hana", players=2, bind=LOOPBACK, port=0,
                           internet=True))
    async with app.run_test(size=(100, 30)) as pilot:
        addresses = lambda: str(app.screen.query_one("#addresses", Static).content)   # noqa: E731
        assert await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and "203.0.113.7" in addresses())
        port = app.session.port
        assert "From the internet (uno-tui join CODE, or paste it in Join):" in addresses()
        assert (port, "TCP") in home.behaviour.mappings
        switch = app.screen.query_one("#internet", Checkbox)
        await toggle(pilot, switch)                              # off: the router forwards it no more
        assert await wait_for(pilot, lambda: "203.0.113.7" not in addresses() and not home.behaviour.mappings)
        assert switch.value is False
        home.behaviour.answer = asyncio.Event()                  # a slow router: on again, and asked meanwhile
        await toggle(pilot, switch)
        assert await wait_for(pilot, lambda: switch.disabled)
        assert switch.value is True                              # shown on while asked, as `host --internet` shows it
        home.behaviour.answer.set()
        assert await wait_for(pilot, lambda: "203.0.113.7" in addresses() and home.behaviour.mappings)
        assert not switch.disabled
        assert switch.value is True
        await app.action_quit()
    assert home.behaviour.mappings == {}


async def test_a_renewal_the_router_refuses_is_said_and_tried_again(router, caplog):
    home = await router()
    portmap = PortMap(17536, lease=2)
    await portmap.open()
    home.behaviour.refuse = True                             # the router has a bad moment
    await calls(home, "AddPortMapping", 2)                   # the renewal at half-life, refused
    home.behaviour.refuse = False
    await calls(home, "AddPortMapping", 3)                   # tried again (after an eighth of the lease)
    assert "the router did not renew the port mapping" in caplog.text
    assert (17536, "TCP") in home.behaviour.mappings
    await portmap.close()


async def test_with_no_lan_interface_given_the_router_is_told_the_address_that_faces_it(router, monkeypatch):
    monkeypatch.delenv("UNO_TUI_LAN_INTERFACE")
    home = await router()                                    # on 127.0.0.1: the address facing it is 127.0.0.1
    portmap = PortMap(17537)
    assert (await portmap.open()).internal == LOOPBACK
    assert home.behaviour.mappings[(17537, "TCP")]["internal_client"] == LOOPBACK
    await portmap.close()


async def test_the_lobby_nudges_for_a_password_on_the_internet_and_p_sets_one_that_joining_then_takes(router):
    await router()
    app = UnoApp(host=dict(settings=GameSettings(), host_name="Hana", players=3, bind=LOOPBACK, port=0,
                           internet=True))
    async with app.run_test(size=(100, 30)) as pilot:
        addresses = lambda: str(app.screen.query_one("#addresses", Static).content)   # noqa: E731
        assert await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and "203.0.113.7" in addresses())
        assert "No password: anyone with the code can sit down. Press p to set one." in addresses()
        session = app.session
        await pilot.press("p")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LinePrompt))
        await pilot.press(*"sofa", "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and session.password == "sofa"
                              and "No password" not in addresses())
        with pytest.raises(JoinError, match="this table needs a password"):
            await join(session.port, "Zoe")
        channel = await join(session.port, "Zoe", password="sofa")
        channel.close()
        await app.action_quit()
