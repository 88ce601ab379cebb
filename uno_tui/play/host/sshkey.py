"""The host's ssh key (``host --ssh``): an Ed25519 key made once and kept in the data directory,
readable by its owner only, beside the TLS key of the game port (tlskey.py), and its fingerprint
as OpenSSH prints it (SHA256:…), which the lobby shows for friends to compare."""
from pathlib import Path

import asyncssh

from uno_tui.storage.places import data_dir

from .tlskey import write_once


def ssh_key_path(directory: Path | None = None) -> Path:
    return (directory or data_dir()) / "ssh-host-key"


def load_ssh_key(directory: Path | None = None) -> asyncssh.SSHKey:
    """The key (made if there is none yet), in the data directory unless ``directory`` is given."""
    path = ssh_key_path(directory)
    if not path.exists():
        write_once(path, asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    return asyncssh.read_private_key(path)


def ssh_fingerprint(key: asyncssh.SSHKey) -> str:
    """SHA256:… as `ssh` shows it when it first meets the host."""
    return key.get_fingerprint("sha256")
