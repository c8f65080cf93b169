"""The VAPID key pair: from the environment, or generated once into the data folder."""

from __future__ import annotations

import base64

import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.exceptions import ImproperlyConfigured

from delight.vapid import b64url_encode, private_key, vapid_private_key, vapid_public_key


def test_a_key_is_generated_once_readable_by_its_owner_only_and_then_reused(tmp_path):
    path = tmp_path / "data" / "vapid_private.pem"

    first = vapid_private_key("", path=path, production=False)
    again = vapid_private_key("", path=path, production=False)

    assert first == again == path.read_text()
    assert path.stat().st_mode & 0o777 == 0o600
    assert vapid_public_key(first) == vapid_public_key(again)


def test_the_public_key_is_the_uncompressed_point_browsers_want(tmp_path):
    pem = vapid_private_key("", path=tmp_path / "key.pem", production=False)

    point = base64.urlsafe_b64decode(vapid_public_key(pem) + "=")

    assert len(point) == 65
    assert point[0] == 4
    assert "=" not in vapid_public_key(pem)


def test_a_raw_base64url_key_and_its_pem_are_the_same_key(tmp_path):
    key = ec.generate_private_key(ec.SECP256R1())
    raw = b64url_encode(key.private_numbers().private_value.to_bytes(32, "big"))

    from_raw = vapid_private_key(raw, path=tmp_path / "unused.pem", production=False)

    assert private_key(from_raw).private_numbers() == key.private_numbers()
    assert not (tmp_path / "unused.pem").exists()


def test_production_requires_a_key(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="VAPID_PRIVATE_KEY must be set"):
        vapid_private_key("", path=tmp_path / "key.pem", production=True)
    assert not (tmp_path / "key.pem").exists()


@pytest.mark.parametrize("value", ["not a key!", "c2hvcnQ", "-----BEGIN PRIVATE KEY-----\nxx\n"])
def test_a_malformed_key_stops_start_up_naming_the_variable(tmp_path, value):
    with pytest.raises(ImproperlyConfigured, match='Environment variable "VAPID_PRIVATE_KEY"'):
        vapid_private_key(value, path=tmp_path / "key.pem", production=False)
