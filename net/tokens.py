"""Seat tokens: the secret a player holds to take their seat back."""
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(18)


def tokens_equal(given, expected: str) -> bool:
    """Compare in constant time (no timing tells how much of a guess was right)."""
    if not isinstance(given, str):
        return False
    return hmac.compare_digest(given.encode(), expected.encode())
