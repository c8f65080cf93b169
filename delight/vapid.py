"""The VAPID key pair that signs Delight's Web Push requests (RFC 8292), read by settings.

The private key comes from the environment (PEM, or the raw 32-byte scalar in base64url as
`vapid --gen` and most guides print it) or, outside production, is generated once into the
data folder like the secret key. Browsers subscribe with the public key as their
applicationServerKey: the uncompressed P-256 point, base64url without padding.
"""

from __future__ import annotations

import base64
import binascii
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.exceptions import ImproperlyConfigured

RAW_PRIVATE_BYTES = 32


def b64url_decode(text: str) -> bytes:
    """Base64url with or without its padding (browsers and keys leave it out)."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _pem(key: ec.EllipticCurvePrivateKey) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode("ascii")


def _parsed(value: str) -> ec.EllipticCurvePrivateKey:
    """A P-256 private key from PEM or from the raw scalar in base64url; ValueError else."""
    value = value.strip()
    if value.startswith("-----BEGIN"):
        key = serialization.load_pem_private_key(value.encode("ascii"), password=None)
    else:
        try:
            raw = b64url_decode(value)
        except (binascii.Error, ValueError):
            raise ValueError("neither PEM nor base64url") from None
        if len(raw) != RAW_PRIVATE_BYTES:
            raise ValueError(f"a raw key has {RAW_PRIVATE_BYTES} bytes, not {len(raw)}")
        key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        raise ValueError("not a P-256 (prime256v1) elliptic-curve key")
    return key


def _generated_once(path: Path) -> str:
    """Generate a key once and keep it in the git-ignored data folder, readable by us only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        path.write_text(_pem(ec.generate_private_key(ec.SECP256R1())))
        path.chmod(0o600)
    return path.read_text()


def vapid_private_key(value: str, *, path: Path, production: bool) -> str:
    """The private key as PEM: from `value` (the environment) when set, else generated once
    into `path`; required in production, where a key on one machine's disk would change
    with every machine (and every browser's subscription would stop working)."""
    source = 'Environment variable "VAPID_PRIVATE_KEY"'
    if not value:
        if production:
            raise ImproperlyConfigured(
                "VAPID_PRIVATE_KEY must be set when DELIGHT_MODE=production."
            )
        source, value = f"The key file {path}", _generated_once(path)
    try:
        return _pem(_parsed(value))
    except ValueError as error:
        raise ImproperlyConfigured(f"{source} invalid: {error}") from None


def private_key(pem: str) -> ec.EllipticCurvePrivateKey:
    """The key object of a PEM that vapid_private_key returned."""
    return _parsed(pem)


def vapid_public_key(pem: str) -> str:
    """The applicationServerKey browsers want: the uncompressed point, base64url."""
    point = (
        private_key(pem)
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return b64url_encode(point)
