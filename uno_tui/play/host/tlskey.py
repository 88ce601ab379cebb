"""The host's TLS identity: a private key and a self-signed certificate, made once and kept in
the data directory (one file, readable by its owner only), and the fingerprint players compare.

An elliptic-curve key (P-256): made in a millisecond, and a TLS handshake with it costs the host
far less than one with RSA. Two hosts starting at once in one data directory agree on one key:
the file is put in place with a link, which never replaces one already there.
"""
import datetime
import os
import ssl
import tempfile
from pathlib import Path

from net.tls import fingerprint as sha256_hex
from uno_tui.storage.places import data_dir


def identity_path(directory: Path | None = None) -> Path:
    return (directory or data_dir()) / "host-key.pem"


def load_identity(directory: Path | None = None) -> tuple[Path, str]:
    """The identity file (made if there is none yet) and its certificate's fingerprint; in the
    data directory unless ``directory`` is given (benchmarks make a host's before it starts)."""
    path = identity_path(directory)
    if not path.exists():
        _make(path)
    return path, _fingerprint(path.read_bytes())


def _fingerprint(pem: bytes) -> str:
    """Read with the standard library (loading ``cryptography`` takes a third of a second, and
    only making a key needs it)."""
    text = pem.decode("ascii")
    start = text.index("-----BEGIN CERTIFICATE-----")
    return sha256_hex(ssl.PEM_cert_to_DER_cert(text[start:text.index("-----END CERTIFICATE-----") + 25]))


def _make(path: Path) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "uno-tui host")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=100 * 365)).sign(key, hashes.SHA256()))
    write_once(path, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                       serialization.NoEncryption()) + cert.public_bytes(serialization.Encoding.PEM))


def write_once(path: Path, secret: bytes) -> None:
    """A key file, readable by its owner only, put in place unless one is there already (two hosts
    starting at once keep the first)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".host-key-")     # made 0600
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(secret)
        try:
            os.link(temporary, path)
        except FileExistsError:              # another host made one first: that one is ours too
            pass
    finally:
        os.unlink(temporary)
