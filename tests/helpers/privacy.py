"""The check every privacy test makes: a message to a seat holds nothing hidden from it."""


def assert_private(msg: dict, seat: int | None) -> None:
    """No other seat's hidden cards: drawn cards only to the drawer, a challenged hand only to
    the two players of the challenge, shown hands never one's own (a reveal is for the others)."""
    view = msg.get("view")
    if view:
        assert view["seat"] == seat
        for shown in view["shown"]:
            assert shown["seat"] != seat
    for event in msg.get("events", []):
        if event["type"] == "draw" and "cards" in event:
            assert event["seat"] == seat
        if event["type"] == "challenge" and "hand" in event:
            assert seat in (event["seat"], event["target"])
    for line in msg.get("log", []):
        for drawn in line["text"].split(" draws ")[1:]:          # another seat's draw ("you draw" is one's own)
            assert drawn[0].isdigit() and "(" not in drawn.split(";")[0] or drawn.startswith("a card")
