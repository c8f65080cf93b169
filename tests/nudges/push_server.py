"""A local Web Push service for the tests: it plays a browser's push service (RFC 8030) for
browsers made here, checks each request's VAPID signature (RFC 8292) and decrypts its body
with the browser's private key (RFC 8291), as a real one and the browser would."""

from __future__ import annotations

import base64
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

WAIT_SECONDS = 10


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A subscribed browser: its key pair and auth secret, and what its service answers."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth_secret: bytes = field(default_factory=lambda: secrets.token_bytes(16))
    status: int = 201

    @property
    def p256dh(self) -> str:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64url(point)

    @property
    def auth(self) -> str:
        return b64url(self.auth_secret)

    def subscription_json(self) -> dict:
        """What the browser's PushSubscription.toJSON() gives the page."""
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": self.auth},
        }


@dataclass
class Received:
    """One push as the service saw it: the VAPID claims and key, the decrypted payload."""

    endpoint: str
    headers: dict[str, str]
    vapid_key: str = ""
    claims: dict = field(default_factory=dict)
    payload: dict | None = None
    error: str = ""


def _verify_vapid(authorization: str, origin: str) -> tuple[str, dict]:
    """The public key and claims of a valid `vapid t=<jwt>, k=<key>`; ValueError else.

    1. Split the scheme's parameters t (the JWT) and k (the signer's public key).
    2. Verify the ES256 signature (raw r||s) over "header.claims" with k.
    3. Check the claims: aud is the endpoint's origin, exp is in the future, sub is present.
    """
    scheme, _, params = authorization.partition(" ")
    if scheme.lower() != "vapid":
        raise ValueError(f"scheme {scheme!r} is not vapid")
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    token, key = parts["t"], parts["k"]
    signed, _, signature = token.rpartition(".")
    header = json.loads(unb64url(signed.split(".")[0]))
    if header.get("alg") != "ES256":
        raise ValueError(f"alg {header.get('alg')!r} is not ES256")
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    try:
        public.verify(der, signed.encode("ascii"), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise ValueError("the JWT signature does not verify") from None
    claims = json.loads(unb64url(signed.split(".")[1]))
    if claims.get("aud") != origin:
        raise ValueError(f"aud {claims.get('aud')!r} is not {origin!r}")
    if claims.get("exp", 0) <= time.time():
        raise ValueError("exp is not in the future")
    if not claims.get("sub"):
        raise ValueError("sub is missing")
    return key, claims


class PushService:
    """An http.server in a thread; `browser()` makes a browser subscribed to it."""

    def __init__(self) -> None:
        self.browsers: dict[str, Browser] = {}
        self.received: list[Received] = []
        self._arrived = threading.Condition()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def browser(self, *, status: int = 201) -> Browser:
        browser = Browser(endpoint=f"{self.origin}/push/{secrets.token_urlsafe(12)}", status=status)
        self.browsers[urlsplit(browser.endpoint).path] = browser
        return browser

    def wait(self, count: int) -> list[Received]:
        """The pushes received, once there are `count` of them (or fail after a while)."""
        with self._arrived:
            if not self._arrived.wait_for(lambda: len(self.received) >= count, WAIT_SECONDS):
                raise AssertionError(f"{len(self.received)} pushes arrived, not {count}")
            return list(self.received)

    def _receive(self, path: str, headers: dict[str, str], body: bytes) -> int:
        browser = self.browsers.get(path)
        if browser is None:
            return 404
        push = Received(endpoint=browser.endpoint, headers=headers)
        try:
            authorization = headers.get("authorization", "")
            push.vapid_key, push.claims = _verify_vapid(authorization, self.origin)
            if headers.get("content-encoding") != "aes128gcm":
                raise ValueError(f"content-encoding {headers.get('content-encoding')!r}")
            plain = http_ece.decrypt(
                body,
                private_key=browser.private_key,
                auth_secret=browser.auth_secret,
                version="aes128gcm",
            )
            push.payload = json.loads(plain)
        except (ValueError, KeyError, http_ece.ECEException) as error:
            push.error = f"{type(error).__name__}: {error}"
        with self._arrived:
            self.received.append(push)
            self._arrived.notify_all()
        return 400 if push.error else browser.status

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                headers = {name.lower(): value for name, value in self.headers.items()}
                self.send_response(service._receive(self.path, headers, body))
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:
                """Quiet: the tests read what arrived, not a log."""

        return Handler

    def __enter__(self) -> PushService:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
