"""The host's save file: the newest state wins, every write is whole, a bad disk stops nothing."""
import os

from uno_tui.storage.savefile import SaveFile


def test_the_newest_state_is_on_disk_after_a_flush(tmp_path):
    path = tmp_path / "game" / "saved.bin"
    save = SaveFile(path)
    for i in range(200):
        save.put(b"state %d" % i)
    assert save.flush()
    assert path.read_bytes() == b"state 199"
    assert not list(path.parent.glob("*.tmp"))


def test_a_write_that_fails_keeps_the_last_good_file_and_raises_nothing(tmp_path):
    path = tmp_path / "saved.bin"
    save = SaveFile(path)
    save.put(b"good")
    assert save.flush()
    path.with_name(f"{path.name}.{os.getpid()}.tmp").mkdir()   # the temporary file cannot be written now
    save.put(b"lost")
    assert save.flush()
    assert path.read_bytes() == b"good"
