"""Fixtures every test gets: private settings and data dirs, and ``fresh`` (a rigged engine game)."""
import pytest

from tests.helpers.engine import rig


@pytest.fixture
def fresh():
    return rig


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    """No test reads or writes the real settings or saved games."""
    monkeypatch.setenv("UNO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("UNO_TUI_DATA_DIR", str(tmp_path / "data"))
