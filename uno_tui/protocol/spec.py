"""The protocol, declared once: every message both ways, the view, the events and the actions.

The host checks what clients send against these declarations (protocol.parse_command),
the conformance test checks every message a client receives against them, and the
message reference in docs/protocol.md is generated from them (scripts/protocol_reference.py).
"""
from dataclasses import replace

from uno_tui.engine import CODES, COLORS, KINDS
from uno_tui.engine.reasons import PHASES

from .limits import CHAT_KEEP, LOG_KEEP, MAX_CHAT, MAX_ID, MAX_ID_LEN, MAX_NAME, MAX_PLAYERS
from .shapes import Field, Shape, Tagged, Type, list_of, list_of_shape, nullable, one_of


def _int(low=None, high=None):
    return lambda v: type(v) is int and (low is None or v >= low) and (high is None or v < high)


INT = Type("a whole number", _int())
COUNT = Type("a whole number, 0 or more", _int(0))
SECONDS = Type("a number of seconds, 0 or more", lambda v: type(v) in (int, float) and v >= 0)
SEAT = Type(f"a seat number (0-{MAX_PLAYERS - 1})", _int(0, MAX_PLAYERS))
STR = Type("a string", lambda v: type(v) is str)
BOOL = Type("true or false", lambda v: type(v) is bool)
CARD = Type("a card code", lambda v: v in CODES)
COLOR = Type("a colour (red, yellow, green, blue)", lambda v: v in COLORS)
DIRECTION = Type("1 or -1", lambda v: type(v) is int and v in (1, -1))
ID = Type(f"a command id (a whole number from 0 below 2^{MAX_ID.bit_length() - 1}, or a string of "
          f"1-{MAX_ID_LEN} characters)",
          lambda v: (type(v) is int and 0 <= v < MAX_ID) or (type(v) is str and 0 < len(v) <= MAX_ID_LEN))
TEXT = Type(f"a string (chat: up to {MAX_CHAT} characters are kept)", lambda v: type(v) is str)
ANY_MAP = Type("a map", lambda v: type(v) is dict)


# ---------------------------------------------------------------------------- actions
_ACTION_FIELDS = {"card": Field("card", CARD, "the card"), "color": Field("color", COLOR, "the colour named"),
                  "uno": Field("uno", BOOL, "UNO said with this play"),
                  "target": Field("target", SEAT, "the seat aimed at")}
_ACTION_WHEN = {
    "play": "your turn (also stacking a draw card under the stacking house rules); `color` for a wild",
    "draw": "your turn", "pass": "your turn, when nothing is playable and nothing is left to draw",
    "play_drawn": "after drawing a playable card", "keep": "after drawing a playable card",
    "color": "a wild turned up first, and you start", "discard": "Voldemort: your next 2, 6 or 9",
    "accept": "a card was played at you", "challenge": "a Wild Draw Four was played at you",
    "shield": "Invisibility, out of turn, against a card played at you",
    "say_uno": "you hold one card and have not said it",
    "catch": "the target just went down to one card (see Saying UNO)",
    "swap": "seven_zero: after your 7, the seat whose hand you take",
    "jump_in": "jump_in: a card identical to the top card, out of turn",
    "stop": "multi_play: play no more cards of your number (phase `more`)"}


def _action_field(kind: str, name: str) -> Field:
    """A field of an action: `uno` may be left out, and a play's `color` (it names a wild's)."""
    optional = name == "uno" or (name == "color" and kind in ("play", "play_drawn"))
    return replace(_ACTION_FIELDS[name], optional=optional)


ACTIONS = {kind: Shape(f"{kind} action", (Field("kind", one_of(kind)), *(_action_field(kind, n) for n in names)),
                       _ACTION_WHEN.get(kind, ""))
           for kind, names in KINDS.items()}
ACTION = Tagged("action", "kind", ACTIONS)

# ---------------------------------------------------------------------------- events
def _event(kind: str, doc: str, *fields: Field, seat: bool | None = True) -> Shape:
    """``seat``: True, the event has one; None, it may (absent when no seat did it); False, never."""
    who = () if seat is False else (Field("seat", SEAT, "whose event it is", optional=seat is None),)
    return Shape(f"{kind} event", (Field("type", one_of(kind)), *who, *fields), doc)


EVENTS = {e.name.split()[0]: e for e in (
    _event("deal", "the hands dealt: `seat` is the dealer, `count` the cards each player got", Field("count", COUNT)),
    _event("first_card", "the card turned up to start the discard pile", Field("card", CARD), seat=False),
    _event("returned", "a first card that may not start the pile went back into the deck",
           Field("card", CARD), seat=False),
    _event("play", "a card played", Field("card", CARD), Field("color", nullable(COLOR), "a wild's colour"),
           Field("uno", BOOL, "UNO said with it")),
    _event("draw", "cards drawn", Field("count", COUNT),
           Field("reason", one_of("draw", "penalty", "uno", "challenge", "sorting_hat", "false_catch")),
           Field("cards", list_of(CARD), "the cards (only to the drawer)", optional=True)),
    _event("keep", "a drawn card kept"), _event("pass", "nothing to play and nothing to draw"),
    _event("color", "the colour chosen for a wild turned up first", Field("color", COLOR)),
    _event("discard", "Voldemort: a 2, 6 or 9 discarded", Field("card", CARD)),
    _event("skip", "the seat loses its turn"),
    _event("reverse", "the direction of play changes (no `seat`: a Reverse turned up first)",
           Field("direction", DIRECTION), seat=None),
    _event("accept", "the seat took what was played at it"),
    _event("challenge", "a Wild Draw Four challenged", Field("target", SEAT, "the seat challenged"),
           Field("guilty", BOOL), Field("hand", list_of(CARD), "the challenged hand (only to the two seats)",
                                        optional=True)),
    _event("shield", "Invisibility played out of turn", Field("card", CARD), Field("color", COLOR),
           Field("uno", BOOL)),
    _event("reveal", "a hand shown to everyone (a Howler's victim)", Field("cards", list_of(CARD))),
    _event("say_uno", "the seat said UNO"),
    _event("jump_in", "the seat jumps in out of turn (its `play` follows)", Field("card", CARD)),
    _event("swap", "seven_zero: the seat swapped hands with `target`", Field("target", SEAT)),
    _event("pass_hands", "seven_zero: every hand passed one seat on", Field("direction", DIRECTION)),
    _event("catch", "a catch for not saying UNO", Field("target", SEAT), Field("caught", BOOL)),
    _event("multi_play", "multi_play: the cards of one number played in one turn, in order (their `play` "
           "events came first)", Field("cards", list_of(CARD))),
    _event("deflect", "deflect: a Skip or Reverse passed a Draw Two's draw on to `target`", Field("card", CARD),
           Field("target", SEAT), Field("draw", COUNT, "the cards the draw is worth")),
    _event("eliminated", "mercy: the seat held too many cards and is out of the hand (its cards went under the "
           "draw pile)", Field("count", COUNT, "the cards it held")),
    _event("reshuffle", "the discard pile shuffled into a new draw pile", Field("count", COUNT), seat=False),
    _event("hand_over", "the hand ended; `seat` is its winner (of a blocked hand: the fewest points)",
           Field("points", INT), Field("blocked", BOOL),
           Field("hands", list_of(list_of(CARD)), "every hand, shown for scoring"),
           Field("why", one_of("out", "blocked", "mercy"), "the winner went out, had the fewest points in a "
                 "blocked hand, or is the last left (mercy)"),
           Field("team", nullable(COUNT), "teams: the winning team (0 or 1)"),
           Field("out", list_of(SEAT), "mercy: the seats put out of the hand")),
    _event("dealer_draw", "draw_for_dealer: the card each seat drew (in seat order) before the first deal; "
           "the highest deals", Field("cards", list_of(CARD)), seat=False),
    _event("match_over", "the match is won (after the last hand's `hand_over`)", Field("winners", list_of(SEAT)),
           seat=False),
    _event("table", "something at the table: joins, leaves, bots standing in", Field("text", STR), seat=False),
)}
EVENT = Tagged("event", "type", EVENTS)

# ---------------------------------------------------------------------------- the view
LOG_LINE = Shape("log line", (Field("kind", STR, "the event's type (of the first, when one line tells events that "
                                                 "belong together), or `chat` in a snapshot"),
                              Field("seat", nullable(SEAT), "whose event it is"),
                              Field("text", STR, "the event in words, as your seat may read it")))
TABLE_SEAT = Shape("table seat", (
    Field("name", STR), Field("kind", one_of("human", "bot")), Field("level", STR, "the bot's level"),
    Field("away", BOOL, "a player whose connection dropped"),
    Field("bot_playing", BOOL, "a bot plays for this player now"),
    Field("bot_in", nullable(COUNT), "whole seconds until a bot plays for this away player")))
MATCH = Shape("match", (Field("mode", one_of("single", "first_to", "lowest", "wins")),
                        Field("target", nullable(INT)), Field("over", BOOL), Field("winners", list_of(SEAT))))
RESULT = Shape("result", (
    Field("hand", COUNT, "the hand's number"), Field("winner", SEAT), Field("points", INT),
    Field("blocked", BOOL), Field("team", nullable(COUNT), "teams: the winning team", optional=True),
    Field("out", list_of(SEAT), "mercy: the seats put out of the hand", optional=True),
    Field("why", one_of("out", "blocked", "mercy"), "the winner went out, had the fewest points in a blocked hand, "
          "or is the last left (mercy)", optional=True),
    Field("caught", list_of(INT), "points left in each hand"),
    Field("scores", list_of(INT), "the match's scores after it"), Field("match_over", BOOL),
    Field("winners", list_of(SEAT), "the match's winners, once it is over"),
    Field("hands", list_of(list_of(CARD)), "every hand at the end, shown for scoring (as in `hand_over`)",
          optional=True)))
TABLE = Shape("table", (
    Field("seats", list_of_shape(TABLE_SEAT)), Field("scores", list_of(INT)), Field("hands_won", list_of(COUNT)),
    Field("hand_no", COUNT, "the hand being played (or just played)"), Field("match", MATCH),
    Field("result", nullable(RESULT), "the last hand's, until the next starts"),
    Field("ready", list_of(SEAT), "seats ready for the next hand"),
    Field("next_hand_in", nullable(COUNT), "whole seconds until the next hand starts without those not ready"),
    Field("rules", ANY_MAP, "the rules in force (see docs/engine.md)"),
    Field("deck", ANY_MAP, "the edition's card counts, by code"),
    Field("window", SECONDS, "the reaction time the table gives a person for an out-of-turn chance (0: none)"),
    Field("window_in", nullable(SECONDS), "seconds left (to a tenth) before bots may take a person's out-of-turn "
          "chance, or the next move close it: your `legal` says if the chance is yours"),
    Field("turn_clock", nullable(SECONDS), "seconds a person has for a decision before a bot makes it (null: no clock)"),
    Field("clock_in", nullable(COUNT), "whole seconds left of the decider's turn clock")),
    "the same for every seat; in an update only the keys that changed since your last one")
ATTACK = Shape("attack", (Field("card", CARD), Field("by", SEAT), Field("target", SEAT),
                          Field("draw", COUNT, "cards the target would draw"),
                          Field("before", nullable(COLOR),
                                "a Wild Draw Four: the colour active when it was played, which a challenge is about")))
SHOWN = Shape("shown hand", (Field("seat", SEAT), Field("cards", list_of(CARD))))
_VIEW_FIELDS = (
    Field("seat", nullable(SEAT), "your seat (null: a spectator)"), Field("players", COUNT),
    Field("hand", list_of(CARD), "your cards, sorted (empty for a spectator)"),
    Field("counts", list_of(COUNT), "cards held, per seat"), Field("top", CARD, "the discard pile's top card"),
    Field("color", nullable(COLOR), "the active colour"), Field("direction", DIRECTION, "1 clockwise"),
    Field("draw_pile", COUNT), Field("discard_pile", COUNT), Field("dealer", SEAT),
    Field("turn", SEAT, "whose turn it is"),
    Field("decider", nullable(SEAT), "whom the table waits on (null once the hand is over)"),
    Field("phase", one_of(*PHASES), "what it waits for"),
    Field("attack", nullable(ATTACK), "a card waiting for its target's answer"),
    Field("drawn", nullable(CARD), "the card you just drew (to you only)"),
    Field("uno_said", list_of(BOOL), "per seat"),
    Field("catchable", nullable(SEAT), "the seat that may be caught now"),
    Field("shown", list_of_shape(SHOWN), "hands shown to you now"),
    Field("over", BOOL), Field("winner", nullable(SEAT)), Field("blocked", BOOL, "nobody could go out"),
    Field("teams", nullable(list_of(COUNT)), "teams: each seat's team, 0 or 1 (your partners share yours)"),
    Field("out", list_of(BOOL), "mercy: per seat, out of this hand"),
    Field("legal", list_of_shape(ACTION), "your legal actions now: send one as it is"))
VIEW = Shape("view", (*_VIEW_FIELDS, Field("table", TABLE)), "everything your seat may know, and nothing more")
UPDATE_VIEW = Shape("view", (*_VIEW_FIELDS, Field(
    "table", TABLE.partial("table"), "only the keys that changed since your last update (merge them); "
    "left out when none did", optional=True)), "the same as a snapshot's, but for its `table` part")

# ---------------------------------------------------------------------------- client to host
_ID = Field("id", ID, "unique per seat; a repeat is applied once")
HELLO = Shape("hello", (
    Field("type", one_of("hello")), Field("version", INT, "the protocol version: 2"),
    Field("name", STR, f"your name (up to {MAX_NAME} characters are kept)"),
    Field("token", STR, "a seat token, to take that seat back", optional=True),
    Field("nonce", STR, "a fresh random string (32 hex digits) the host's password proof answers"),
    Field("spectate", BOOL, "watch without a seat", optional=True),
    Field("keep", BOOL, "false: this client keeps no seat token (a browser tab), so its seat in the lobby "
                        "opens again when it leaves (default true)", optional=True)),
    "the first message on a connection", "anyone connecting")
COMMANDS = {
    "action": Shape("action", (Field("type", one_of("action")), _ID,
                               Field("action", ACTION, "one of the actions below (the table then checks "
                                                       "that it is legal now)")),
                    "a game action", "player"),
    "chat": Shape("chat", (Field("type", one_of("chat")), _ID, Field("text", TEXT)),
                  "control characters become spaces; an empty line is refused", "player or spectator"),
    "snapshot": Shape("snapshot", (Field("type", one_of("snapshot")), _ID), "send me everything again",
                      "player or spectator"),
    "ready": Shape("ready", (Field("type", one_of("ready")), _ID),
                   "ready for the next hand (or, after the match, a new match)", "player"),
    "record": Shape("record", (Field("type", one_of("record")), _ID),
                    "send me the host's record of the match (once it is over: before, it would tell the deck)",
                    "player or spectator"),
}
LOBBY_COMMANDS = {
    "chat": COMMANDS["chat"],
    "seat": Shape("seat", (Field("type", one_of("seat")), _ID, Field("seat", SEAT),
                           Field("level", nullable(STR), "a bot level, or null to open the seat again")),
                  "a bot at a seat nobody sits at", "the host's own seat"),
    "start": Shape("start", (Field("type", one_of("start")), _ID), "start the game", "the host's own seat"),
}

# ---------------------------------------------------------------------------- host to client
_SEQ = Field("seq", COUNT, "1, 2, 3… per connection: a gap means something was lost")
_CHAT_FIELDS = (Field("seat", nullable(SEAT)), Field("name", STR), Field("text", STR),
                Field("spectator", BOOL))
CHAT_LINE = Shape("chat line", _CHAT_FIELDS)
LOBBY_SEAT = Shape("lobby seat", (Field("name", STR), Field("kind", one_of("host", "human", "bot", "open")),
                                  Field("level", STR), Field("connected", BOOL)))
TO_CLIENT = {
    "welcome": Shape("welcome", (Field("type", one_of("welcome")), Field("version", INT), Field("seat", nullable(SEAT)),
                                 Field("token", nullable(STR), "keep it: it gives you this seat back"),
                                 Field("host", STR, "the host's name")), "the hello was accepted", "everyone"),
    "challenge": Shape("challenge", (Field("type", one_of("challenge")),
                                     Field("nonce", STR, "the host's fresh random string"),
                                     Field("proof", STR, "HMAC-SHA256(key, \"uno-tui host|\" + your nonce + \"|\" + "
                                                         "its nonce), hex: check it before you answer")),
                       "the table takes a password: the host proves it knows it (see Handshake)", "anyone connecting"),
    "reject": Shape("reject", (Field("type", one_of("reject")), Field("reason", STR)),
                    "the hello was refused (then the host hangs up)", "everyone"),
    "lobby": Shape("lobby", (Field("type", one_of("lobby")), Field("host", STR), Field("port", nullable(INT)),
                             Field("edition", STR), Field("seats", list_of_shape(LOBBY_SEAT)),
                             Field("you", nullable(SEAT), "your seat (null: a spectator)"),
                             Field("teams", nullable(list_of(COUNT)), "teams: each seat's team, 0 or 1 (seats "
                                   "alternate, partners opposite at 4); null without teams", optional=True)),
                   "before the start, whenever it changes", "everyone"),
    "snapshot": Shape("snapshot", (Field("type", one_of("snapshot")), _SEQ,
                                   Field("version", COUNT, "the table's changes so far"), Field("view", VIEW),
                                   Field("log", list_of_shape(LOG_LINE), f"the last {LOG_KEEP} lines, chat lines among them "
                                                                         "where they were said"),
                                   Field("chat", list_of_shape(CHAT_LINE), f"the last {CHAT_KEEP} chat lines (also in `log`)")),
                      "everything: at the start, on connecting, on a snapshot command", "everyone"),
    "update": Shape("update", (Field("type", one_of("update")), _SEQ,
                               Field("version", COUNT, "the table's changes so far (the same for everyone)"),
                               Field("ack", nullable(ID), "the id of your command that caused it"),
                               Field("view", UPDATE_VIEW), Field("events", list_of_shape(EVENT)),
                               Field("log", list_of_shape(LOG_LINE))), "after every change", "everyone"),
    "chat": Shape("chat", (Field("type", one_of("chat")), Field("seq", COUNT, optional=True), *_CHAT_FIELDS),
                  "a chat line (in the lobby, without seq)", "everyone"),
    "error": Shape("error", (Field("type", one_of("error")), Field("seq", COUNT, optional=True),
                             Field("id", nullable(ID), "the refused command's id (null: it had none)"),
                             Field("reason", STR)), "a command refused: nothing changed", "its sender"),
    "record": Shape("record", (Field("type", one_of("record")), Field("seq", COUNT), Field("id", ID),
                               Field("name", STR, "the record's file name"),
                               Field("text", STR, "the whole record (docs/records.md): every card, the seed too")),
                    "the host's record of the match just over", "the one who asked"),
    "ping": Shape("ping", (Field("type", one_of("ping")),), "answer with pong", "everyone"),
    "pong": Shape("pong", (Field("type", one_of("pong")),), "the answer to a ping", "everyone"),
    "bye": Shape("bye", (Field("type", one_of("bye")), Field("reason", STR)),
                 "the host ended the game (then it hangs up)", "everyone"),
}
PROOF = Shape("proof", (Field("type", one_of("proof")),
                        Field("proof", STR, "HMAC-SHA256(key, \"uno-tui client|\" + nonce + \"|\" + the host's nonce), hex")),
              "the answer to a challenge: the password proven, never sent", "anyone connecting")
TO_HOST = {"hello": HELLO, "proof": PROOF, "ping": TO_CLIENT["ping"], "pong": TO_CLIENT["pong"], **COMMANDS,
           **{k: v for k, v in LOBBY_COMMANDS.items() if k != "chat"}}
RECEIVED = Tagged("message", "type", TO_CLIENT)
