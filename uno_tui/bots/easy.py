"""The easy bot: beatable on purpose."""
from .base import COLORS, Bot


class EasyBot(Bot):
    """Plays at random, forgets to say UNO, is slow to catch, challenges on a whim."""
    level = "easy"
    says_uno = 0.6
    catches = 0.35

    def turn(self, view, legal):
        plays = [a for a in legal if a["kind"] in ("play", "pass")]
        if not plays or self.rng.random() < 0.15:
            if any(a["kind"] == "draw" for a in legal):
                return {"kind": "draw"}
        return self.with_uno(self.pick_play(view, plays), legal)

    def pick_play(self, view, plays):
        plain = [a for a in plays if not a.get("uno")]
        return self.rng.choice(plain or plays)

    def drawn(self, view, legal):
        options = [a for a in legal if not a.get("uno")]
        return self.with_uno(self.rng.choice(options), legal)

    def more(self, view, legal):
        """multi_play: another card of the number, or stop, at random."""
        return self.with_uno(self.rng.choice([a for a in legal if not a.get("uno")]), legal)

    def choose_color(self, view, hand) -> str:
        return self.rng.choice(COLORS)

    def should_challenge(self, view) -> bool:
        return self.rng.random() < 0.3

    def swap_with(self, view, seats: list[int]) -> int:
        return self.rng.choice(seats)

    def jumps_in(self, view, card: str) -> bool:
        return self.rng.random() < 0.5
