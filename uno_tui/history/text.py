"""A match in plain text, one line per event in the game log's own words, each with its time:
for bug reports and for reading a match without uno-tui."""
from uno_tui.protocol.describe import chat_line, narrate
from uno_tui.storage.settings import GameSettings

from .record import Record
from .replay import Replay


def as_text(played: Replay) -> str:
    header, names = played.record.header, played.names
    seats = ", ".join(f"{s['name']} ({s.get('level', 'bot') if s.get('kind') == 'bot' else 'human'})"
                      for s in header["seats"])
    lines = [f"uno-tui {header.get('uno_tui', '?')} match record, {played.rules.preset}: {seats}"]
    # a solo player is named "You": told as the game log tells them ("You draw", not "You draws")
    me = names.index(GameSettings.name) if GameSettings.name in names else None
    for hand in played.hands:
        lines.append(f"Hand {hand.number}")
        lines += [f"  [start] {line['text']}" for line in narrate(hand.setup, me, names)]
        for move in hand.moves:
            lines += [f"  [{_clock(move.t)}] {line['text']}" for line in narrate(move.events, me, names)]
        if hand.result is None:
            lines.append("  (the record stops here)")
        else:
            scores = ", ".join(f"{n} {s}" for n, s in zip(names, hand.result["scores"]))
            lines.append(f"  {names[hand.result['winner']]} wins the hand for {hand.result['points']} points. "
                         f"Scores: {scores}.")
    if played.over:
        lines.append(f"The match is over: {' and '.join(names[w] for w in played.match.winners)} won.")
    return "\n".join(lines) + "\n"


def seat_text(record: Record) -> str:
    """A joined seat's record in words: the log lines and chat it was sent, as they came."""
    header = record.header
    lines = [f"uno-tui {header.get('uno_tui', '?')} record of what {header.get('name', '?')} was shown "
             f"at {header.get('host', '?')}"]
    for line in record.lines:
        msg = line.get("got")
        if not isinstance(msg, dict):
            continue
        told = [chat_line(msg)] if msg.get("type") == "chat" else msg.get("log", [])
        lines += [f"  [{_clock(line.get('t', 0.0))}] {entry['text']}" for entry in told]
    return "\n".join(lines) + "\n"


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(seconds, 60)
    return f"{int(minutes):02d}:{seconds:04.1f}"
