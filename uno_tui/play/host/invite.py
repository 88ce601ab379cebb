"""What a host tells friends so they can join, in the same words in the lobby and in the headless
log: the join code from the internet (while the router forwards the port) or why there is none,
the LAN's join code, the table's key, the browser page, the ssh command and key, and a nudge to set a password on a table
open to the internet."""
from dataclasses import dataclass

from uno_tui.play.address import format_address
from uno_tui.play.joincode import join_code, spaced

ASKING = "Asking the router to forward the port (UPnP)…"
NO_PASSWORD = "No password: anyone with the code can sit down."
SET_ONE = "Tip: host with --password-file."          # the lobby says its own key for it


@dataclass(frozen=True)
class Line:
    text: str
    kind: str = "note"      # "code" (to copy), "label", "note", "warning" or "quiet"


def invitation(session, asking: bool = False, set_one: str = SET_ONE) -> list[Line]:
    """The lines for a listening HostSession; ``asking``: the router is being asked right now;
    ``set_one``: how this host sets a password."""
    port, key = session.port, session.fingerprint
    lines = []
    if session.internet is not None:
        lines += [Line("From the internet (uno-tui join CODE, or paste it in Join):", "label"),
                  Line(join_code(session.internet.external, port, key), "code")]
        if session.password is None:
            lines.append(Line(f"{NO_PASSWORD} {set_one}", "warning"))
    elif asking:
        lines.append(Line(ASKING, "quiet"))
    elif session.internet_problem:
        lines.append(Line(session.internet_problem, "warning"))
    lines += [Line("On this network (uno-tui join CODE):", "label"),
              Line(join_code(session.addresses[0], port, key), "code"),
              Line(f"Table key: {spaced(key)} · at "
                   + "  ·  ".join(format_address(a, port) for a in session.addresses), "quiet")]
    if session.web_port is not None:
        lines.append(Line(f"Or in a browser:  http://{format_address(session.addresses[0], session.web_port)}"))
    if session.ssh_port is not None:
        lines += [Line(f"Or with ssh:  {session.ssh_command()}"), Line(f"ssh key: {session.ssh.fingerprint}", "quiet")]
    return lines


def one_per_code(lines: list[Line]) -> list[Line]:
    """For a log: each label on the line of the code it introduces."""
    out = []
    for line in lines:
        if line.kind == "code" and out and out[-1].kind == "label":
            out[-1] = Line(f"{out[-1].text} {line.text}", "code")
        else:
            out.append(line)
    return out
