"""A bad command line prints the usage and a reason, and starts nothing."""
import pytest

from uno_tui.cli import main, parse_address
from uno_tui.play.address import format_address
from uno_tui.protocol.limits import MAX_PLAYERS, MIN_PLAYERS


@pytest.mark.parametrize("argv,reason", [
    (["--bogus"], "unrecognized arguments"),
    (["join", "--lan-interface"], "expected one argument"),
    (["host", "--web", "70000"], "a port is from 0 to 65535"),
    (["host", "--web", "7531"], "--web needs a port of its own"),
    (["web", "--port", "x"], "'x' is not a port number"),
    (["join", "--browser"], "--browser needs the host's address"),
    (["host", "--lan-interface", "eth0"], "'eth0' is not an IPv4 address"),
    (["join", "host:notaport"], "not a port number"),
    (["host", "--seats", str(MAX_PLAYERS + 1), "--headless"], f"--seats must be from {MIN_PLAYERS} to {MAX_PLAYERS}"),
    (["host", "--resume", "--headless"], "no hosted game to resume"),
])
def test_bad_arguments_print_usage(argv, reason, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "usage: uno-tui" in err and reason in err
    if argv[0] in ("host", "join", "web"):                    # the command's own usage and name
        assert f"usage: uno-tui {argv[0]}" in err and f"uno-tui {argv[0]}: error:" in err


def test_addresses():
    assert parse_address("10.0.0.2") == ("10.0.0.2", 7531)
    assert parse_address("10.0.0.2:9000") == ("10.0.0.2", 9000)
    assert parse_address("[::1]:9000") == ("::1", 9000)
    with pytest.raises(ValueError):
        parse_address("10.0.0.2:70000")
    # what the game shows reads back the same (an IPv6 address bare would read as host and port)
    for host in ("10.0.0.2", "::1", "fe80::1:2", "mybox.local"):
        assert format_address(host, 9000) in (f"{host}:9000", f"[{host}]:9000")
        assert parse_address(format_address(host, 9000)) == (host, 9000)


def test_a_browser_tab_never_takes_the_hosts_password_from_the_environment(monkeypatch):
    from uno_tui.cli.parser import build_parser, read_password
    from uno_tui.play.address import PASSWORD_ENV
    monkeypatch.setenv(PASSWORD_ENV, "sekrit")
    parser = build_parser()
    assert read_password(parser, parser.parse_args(["join", "10.0.0.2"])) == "sekrit"
    assert read_password(parser, parser.parse_args(["join", "10.0.0.2", "--browser"])) is None
