"""The turn clock as people meet it: the real `uno-tui host --headless` and two players joined in
pseudo-terminals who then walk away from their keyboards (still connected). Each one's turn shows
its countdown, then a bot plays it for them and the log says so."""
import re
import time


def test_players_who_walk_away_see_the_countdown_and_have_their_turns_played(newcomer, port):
    host = newcomer("host", "--headless", "--bind", "127.0.0.1", "--port", str(port), "--no-advertise",
                    "--seats", "2", "--players", "2", "--turn-clock", "4", who="host")
    host.wait_for("hosting")
    players = []
    for name in ("Ann", "Bob"):
        player = newcomer("join", f"127.0.0.1:{port}", "--name", name, who=name.lower())
        player.wait_for("A host you have not joined before")
        player.press("y")
        players.append(player)
    for player in players:
        player.wait_for("hand 1", timeout=20)
    countdown, seen = re.compile(r"[0-4] s left, then a bot\s+plays\s+for\s+you\."), set()   # (wraps at 80 columns)
    deadline = time.monotonic() + 30
    while len(seen) < 2 and time.monotonic() < deadline:      # nobody presses a key from here on
        for name, player in zip(("Ann", "Bob"), players):
            if countdown.search(player.text()):
                seen.add(name)
        time.sleep(0.1)
    assert seen == {"Ann", "Bob"}, seen
    for name, player in zip(("Ann", "Bob"), players):
        player.wait_for(rf"(?s)Time is up: a bot moves.{{0,160}}?for {name}\.", timeout=20)   # (the log wraps)
