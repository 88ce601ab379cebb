"""The normal bot: sound play, the default opponent."""
from .cards import colour_counts, color_of, is_wild, points
from .base import Bot
from .seats import hits_partner


class NormalBot(Bot):
    """Sound play: follows its strongest colour, keeps wilds for need, always says UNO."""
    level = "normal"

    def pick_play(self, view, plays):
        hand = view["hand"]
        counts = colour_counts(hand)
        color = self.choose_color(view, hand)
        best, best_score = None, None
        for a in plays:
            if a.get("uno") or (a.get("color") and a["color"] != color):
                continue
            if a["kind"] == "pass":          # (alone: nothing to play, nothing left to draw)
                return a
            card = a["card"]
            score = counts.get(color_of(card), 0) + points(card) / 100
            if is_wild(card):
                score -= 10
            if hits_partner(view, card):      # teams: never strike the partner when another play will do
                score -= 20
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best or plays[0]
