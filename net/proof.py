"""Proving a password without sending it: each side shows it knows the table's password by an
HMAC over both sides' nonces, the host first, so a forged table (which cannot) is never sent
anything made from the password.

The HMAC key is scrypt(password) salted with the host certificate's fingerprint, which binds the
proof to the TLS channel: a man in the middle, presenting his own certificate, would make the
client compute a key the real host does not have. scrypt also makes each guess of someone who
recorded a proof cost about 50 ms. The host makes its key once; a client once per join.
"""
import hashlib
import hmac
import secrets

NONCE_BYTES = 16


def nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def password_key(password: str, fingerprint: str) -> bytes:
    return hashlib.scrypt(password.encode(), salt=b"uno-tui|" + bytes.fromhex(fingerprint),
                          n=2 ** 14, r=8, p=1, dklen=32)


def proof(key: bytes, side: str, client_nonce: str, host_nonce: str) -> str:
    """``side``: "host" or "client" (each side's proof differs, so neither can be echoed back)."""
    return hmac.new(key, f"uno-tui {side}|{client_nonce}|{host_nonce}".encode(), hashlib.sha256).hexdigest()


def proven(key: bytes, side: str, client_nonce: str, host_nonce: str, shown) -> bool:
    return isinstance(shown, str) and hmac.compare_digest(proof(key, side, client_nonce, host_nonce).encode(),
                                                          shown.encode())
