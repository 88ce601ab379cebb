"""Join codes: one string that says where a table is and which key it has,
``uno://HOST:PORT/#k=FINGERPRINT`` (the fingerprint in URL-safe base64, 43 characters), and the
fingerprint as people compare it: groups of four hex digits."""
import base64
import binascii

from .address import format_address, parse_address

SCHEME = "uno://"


def join_code(host: str, port: int, fingerprint: str) -> str:
    """The code for a table at HOST:PORT whose certificate has this (hex) fingerprint."""
    key = base64.urlsafe_b64encode(bytes.fromhex(fingerprint)).rstrip(b"=").decode()
    return f"{SCHEME}{format_address(host, port)}/#k={key}"


def is_join_code(text: str) -> bool:
    return text.strip().lower().startswith(SCHEME)


def parse_join_code(text: str) -> tuple[str, int, str]:
    """(host, port, hex fingerprint); ValueError with a sentence for anything else."""
    text = text.strip()
    if not is_join_code(text):
        raise ValueError(f"a join code starts with {SCHEME}")
    where, _, key = text[len(SCHEME):].partition("#")
    host, port = parse_address(where.rstrip("/"))
    if not key.startswith("k="):
        raise ValueError("this join code has no key (k=…): copy the whole code")
    try:
        raw = base64.urlsafe_b64decode(key[2:] + "=" * (-len(key[2:]) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != 32:
        raise ValueError("this join code's key is damaged: copy the whole code again")
    return host, port, raw.hex()


def spaced(fingerprint: str, groups: int = 8) -> str:
    """``3F2A 91BC …``: the first 8 groups of four hex digits (128 bits: no one can make a key that
    shows the same), easy to read out and compare on one line. The full fingerprint is what is
    pinned and checked."""
    upper = fingerprint.upper()[:4 * groups]
    return " ".join(upper[i:i + 4] for i in range(0, len(upper), 4))


def short(fingerprint: str) -> str:
    """The first four groups: enough to tell two keys apart in a sentence."""
    return spaced(fingerprint, 4)
