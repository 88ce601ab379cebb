"""The form fields of every screen: Textual's, with two things a player expects of them.

A tick box reads on or off without colour: Textual's draws the same "X" either way and tells them
apart by colour only, so here it is ``[x]`` or ``[ ]``. In a text field Ctrl+A selects all the
text, as in most programs (Textual's sends the cursor home; Home still does).
"""
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Checkbox, Input

ON, OFF = "[x]", "[ ]"


class TickBox(Checkbox):
    """Drawn through Checkbox's public render and content width (its button is a private property)."""

    DEFAULT_CSS = """
    TickBox > .toggle--button { color: $foreground; background: transparent; }
    TickBox.-on > .toggle--button { color: $text-success; text-style: bold; }
    """

    def render(self) -> Content:
        """The box, then the label (padded as Checkbox pads it)."""
        box = Content.assemble((ON if self.value else OFF, self.get_visual_style("toggle--button")), " ")
        return Content.assemble(box, self.label.pad(1, 1).stylize_before(self.get_visual_style("toggle--label")))

    def get_content_width(self, container, viewport) -> int:
        return len(ON) + 1 + (2 + self.label.get_optimal_width(self.styles, 0) if self.label else 0)


class TextField(Input):
    BINDINGS = [Binding("ctrl+a", "select_all", "Select all", show=False)]
