"""Snapshot tests of the main screens (seeded, fixed size). Plain def: snap_compare runs its own loop."""
import pytest

from tests.helpers.ui import SCREENS


@pytest.mark.parametrize("name,factory,size,keys", SCREENS, ids=[s[0] for s in SCREENS])
def test_screen(snap_compare, name, factory, size, keys):
    assert snap_compare(factory(), terminal_size=size, press=keys)
