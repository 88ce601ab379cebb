"""A stateful test: fake clients play, draw, drop, reconnect, resend (also across a reconnect, as
a real client resends what was not answered) and send stale commands, while the table keeps
every card, sends each client exactly its seat's view, never numbers an update backwards, and
applies a resent command once."""
import asyncio
import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from uno_tui.client.model import ClientModel
from uno_tui.engine import make_rules
from uno_tui.protocol.views import view_of
from uno_tui.table import LocalChannel, Pacing, Seat, Table

PLAYERS = 3


class Sent:
    """A seat's commands and the table's answers to them, as its client saw them: kept across
    the seat's reconnects."""

    def __init__(self):
        self.commands: list[dict] = []
        self.acked: set[int] = set()        # ids an update acknowledged (the command applied)
        self.refused: set[int] = set()      # ids the table answered with an error


class Client:
    def __init__(self, table, seat, sent: Sent):
        self.channel = LocalChannel(table, seat)
        self.model = ClientModel()
        self.last_seq = 0
        self.sent = sent

    def pump(self) -> None:
        while not self.channel.queue.empty():
            msg = self.channel.queue.get_nowait()
            assert msg["seq"] > self.last_seq                 # never backwards, never repeated
            self.last_seq = msg["seq"]
            if msg["type"] == "error":
                self.sent.refused.add(msg["id"])
            elif msg.get("ack") is not None:
                self.sent.acked.add(msg["ack"])
            if self.model.apply(msg) == "gap":
                raise AssertionError("a gap in sequence numbers")


class TableMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 10_000), preset=st.sampled_from(["classic", "hp2000", "hp2010"]),
                hand_size=st.sampled_from([2, 7]))
    def start(self, seed, preset, hand_size):
        self.loop = asyncio.new_event_loop()
        self.rng = random.Random(seed)
        seats = [Seat(f"P{i}", "human") for i in range(PLAYERS)] + [Seat("Bot", "bot", "normal")]
        self.table = Table(make_rules(preset), seats, seed=seed, pacing=Pacing(bot_delay=0, grace=10_000,
                                                                              catch_delay={"normal": 0}))
        self.run(lambda: self.table.start(hand_size=hand_size))     # (2: hands end, and ready is sent)
        self.sent = {i: Sent() for i in range(PLAYERS)}
        self.clients = {i: self.run(lambda i=i: Client(self.table, i, self.sent[i])) for i in range(PLAYERS)}
        self.ids = 0

    def run(self, fn):
        async def call():
            result = fn()
            await asyncio.sleep(0)
            return result
        return self.loop.run_until_complete(call())

    def send(self, client, command) -> int:
        """How far the command itself moved the table's version (a bot's due move comes after it)."""
        client.sent.commands.append(command)

        def handle():
            before = self.table.version
            self.table.handle(client.channel.listener, command)
            return self.table.version - before
        return self.run(handle)

    def teardown(self):
        if hasattr(self, "table"):
            self.table.close()
            self.loop.close()

    @rule(who=st.integers(0, PLAYERS - 1))
    def play_a_legal_move(self, who):
        client = self.clients.get(who)
        if client is None:
            return
        client.pump()
        view = client.model.wire                   # plain data, as it came: an action is sent as it is
        if view and view["legal"]:
            self.ids += 1
            self.send(client, {"type": "action", "id": self.ids, "action": self.rng.choice(view["legal"])})
        elif view and view["over"]:
            self.ids += 1
            self.send(client, {"type": "ready", "id": self.ids})

    @rule(who=st.integers(0, PLAYERS - 1))
    def resend_the_last_command(self, who):
        client, sent = self.clients.get(who), self.sent[who]
        if client and sent.commands:
            command = sent.commands[-1]
            client.pump()
            sent.refused.discard(command["id"])         # (an earlier send of it may have been refused)
            applied = command["id"] in sent.acked
            moved = self.send(client, command)
            client.pump()
            if applied:                                 # it applies once, and is answered
                assert moved == 0, f"a resent command moved the table {moved} version(s): {command}"
                assert command["id"] not in sent.refused, f"a resent command that had applied was refused: {command}"

    @rule(who=st.integers(0, PLAYERS - 1), kind=st.sampled_from(["draw", "pass", "keep", "accept", "challenge"]))
    def send_a_stale_or_wrong_command(self, who, kind):
        client = self.clients.get(who)
        if client:
            self.ids += 1
            self.send(client, {"type": "action", "id": self.ids, "action": {"kind": kind}})

    @precondition(lambda self: len(self.clients) > 1)
    @rule(who=st.integers(0, PLAYERS - 1))
    def drop(self, who):
        client = self.clients.pop(who, None)
        if client:
            self.run(client.channel.close)

    @rule(who=st.integers(0, PLAYERS - 1))
    def reconnect(self, who):
        if who not in self.clients:
            self.clients[who] = self.run(lambda: Client(self.table, who, self.sent[who]))

    @rule()
    def let_bots_think(self):
        self.run(lambda: None)

    @invariant()
    def cards_are_conserved(self):
        if hasattr(self, "table"):
            game = self.table.game
            assert sum(map(len, game.hands)) + len(game.draw_pile) + len(game.discard) == game.total_cards

    @invariant()
    def each_client_sees_its_seat_exactly(self):
        for seat, client in getattr(self, "clients", {}).items():
            client.pump()
            if client.model.view is not None:
                assert client.model.wire == self.table.view(seat)
                assert client.model.view == view_of(client.model.wire)     # the typed view, kept part too


TableMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=40, deadline=None,
                                          suppress_health_check=[HealthCheck.too_slow])
test_table_machine = TableMachine.TestCase
