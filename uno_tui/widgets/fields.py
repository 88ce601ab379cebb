"""The form fields of every screen: Textual's, with what a player expects of them.

A tick box reads on or off without colour: Textual's draws the same "X" either way and tells them
apart by colour only, so here it is ``[x]`` or ``[ ]``.
"""
from textual.content import Content
from textual.widgets import Checkbox

ON, OFF = "[x]", "[ ]"


class TickBox(Checkbox):
    DEFAULT_CSS = """
    TickBox > .toggle--button { color: $foreground; background: transparent; }
    TickBox.-on > .toggle--button { color: $text-success; text-style: bold; }
    """

    @property
    def _button(self) -> Content:
        return Content.assemble((ON if self.value else OFF, self.get_visual_style("toggle--button")), " ")

