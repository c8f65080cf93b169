"""Settings come from the environment; a bad value stops start-up naming the variable."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from delight.settings import cache_config, channel_layer_config
from tests.support.processes import ROOT, child_env


def start_django(show: str = "settings.SECRET_KEY", **env: str) -> subprocess.CompletedProcess:
    code = f"import django; django.setup()\nfrom django.conf import settings\nprint({show})"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "delight.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("CONN_MAX_AGE", "ten"),
        ("DELIGHT_MODE", "staging"),
        ("Q_WORKERS", "-"),
        ("EMBEDDINGS", "telepathy"),
        ("DEBUG", "perhaps"),
        ("DATABASE_PREPARED_STATEMENTS", "sometimes"),
        ("DATABASE_POOL_SIZE", "-1"),
        ("DATABASE_POOL_TIMEOUT", "soon"),
        ("ELIZA_MODEL_BUDGET_SECONDS", "0"),
        ("OPENAI_BREAKER_FAILURES", "many"),
        ("THROTTLE_MESSAGES", "30 a minute"),
        ("THROTTLE_WRITES", "0/minute"),
        ("LOGIN_FAILURE_LIMIT", "0"),
        ("LOGIN_ADDRESS_FAILURE_LIMIT", "many"),
        ("LOGIN_LOCKOUT_SECONDS", "soon"),
        ("SECURE_HSTS_SECONDS", "a year"),
        ("SECURE_SSL_REDIRECT", "maybe"),
        ("MEMORY_DUPLICATE_SIMILARITY", "1.5"),
        ("MEMORY_TASK_TTL_DAYS", "a month"),
        ("EMAIL_PORT", "70000"),
        ("EMAIL_USE_TLS", "maybe"),
        ("EMAIL_TIMEOUT", "0"),
        ("EMAIL_TIMEOUT", "600"),  # longer than a send's claim: a second worker could resend
        ("SITE_URL", "delight.example"),
        ("SITE_URL", "ftp://delight.example"),
        ("VAPID_PRIVATE_KEY", "not-a-key"),
        ("VAPID_SUBJECT", "eliza"),
        ("PUSH_ALLOW_INSECURE_ENDPOINTS", "perhaps"),
    ],
)
def test_a_malformed_variable_stops_start_up_naming_it(variable, value):
    result = start_django(**{variable: value})
    assert result.returncode != 0
    assert f'Environment variable "{variable}" invalid' in result.stderr


def test_email_cannot_use_both_starttls_and_implicit_tls():
    result = start_django(EMAIL_USE_TLS="true", EMAIL_USE_SSL="true")
    assert result.returncode != 0
    assert "at most one of EMAIL_USE_TLS and EMAIL_USE_SSL" in result.stderr


def test_email_links_start_from_site_url_without_its_trailing_slash():
    result = start_django("settings.SITE_URL", SITE_URL="https://delight.example/")
    assert result.stdout.strip() == "https://delight.example"


def test_production_requires_a_secret_key():
    result = start_django(DELIGHT_MODE="production", SECRET_KEY="", ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DELIGHT_MODE=production" in result.stderr


def test_production_requires_a_vapid_key():
    env = {**PRODUCTION, "VAPID_PRIVATE_KEY": "", "DATABASE_URL": "postgresql://u@127.0.0.1/x"}
    result = start_django(**env)
    assert result.returncode != 0
    assert "VAPID_PRIVATE_KEY must be set when DELIGHT_MODE=production" in result.stderr


def test_production_takes_the_vapid_key_from_the_environment():
    env = {**PRODUCTION, "DATABASE_URL": "postgresql://u@127.0.0.1/x"}
    result = start_django(show="settings.VAPID_PUBLIC_KEY", **env)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.strip()) == 87  # 65 bytes of uncompressed point, base64url


def test_development_generates_a_secret_key_once_and_keeps_it(tmp_path):
    # A DATABASE_URL keeps the embedded server out of it (setup does not connect).
    env = {"DELIGHT_DATA_DIR": str(tmp_path), "DATABASE_URL": "postgresql://u@127.0.0.1/x"}
    first = start_django(**env)
    second = start_django(**env)
    key = (tmp_path / "secret_key").read_text().strip()
    assert len(key) >= 50
    assert first.stdout.strip() == second.stdout.strip() == key


@pytest.mark.parametrize(("value", "threshold"), [("", "2"), ("true", "2"), ("false", "None")])
def test_prepared_statements_can_be_switched_off_for_a_pooler(value, threshold):
    env = {"DATABASE_URL": "postgresql://u@127.0.0.1/x"}
    if value:
        env["DATABASE_PREPARED_STATEMENTS"] = value
    show = "settings.DATABASES['default'].get('OPTIONS', {}).get('prepare_threshold')"
    result = start_django(show=show, **env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == threshold


def test_the_postgres_channel_layer_keeps_its_own_unprepared_connections():
    database = {
        "NAME": "delight",
        "OPTIONS": {"prepare_threshold": 2, "pool": {"max_size": 10}, "sslmode": "require"},
    }
    layer = channel_layer_config(database, redis_url="")
    assert layer["CONFIG"]["OPTIONS"] == {"sslmode": "require"}
    assert database["OPTIONS"]["prepare_threshold"] == 2  # the app's own connection keeps it


@pytest.mark.parametrize(("size", "expected"), [("", "10 0"), ("3", "3 0"), ("0", "None 600")])
def test_connections_come_from_a_bounded_pool_unless_it_is_switched_off(size, expected):
    env = {"DATABASE_URL": "postgresql://u@127.0.0.1/x"}
    if size:
        env["DATABASE_POOL_SIZE"] = size
    database = "settings.DATABASES['default']"
    show = f"{database}['OPTIONS'].get('pool', {{}}).get('max_size'), {database}['CONN_MAX_AGE']"
    result = start_django(show=show, **env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected


def test_the_shared_cache_is_postgres_by_default_and_redis_with_redis_url():
    assert cache_config("")["shared"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    on_redis = cache_config("redis://cache.internal:6379/0")["shared"]
    assert on_redis["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert on_redis["LOCATION"] == "redis://cache.internal:6379/0"


PRODUCTION = {
    "DELIGHT_MODE": "production",
    "SECRET_KEY": "a-production-secret-" + "x" * 50,
    "ALLOWED_HOSTS": "delight.example",
    # A P-256 key as its raw 32 bytes in base64url.
    "VAPID_PRIVATE_KEY": "rzVUSp2f5dWlyTyh0DAbGiD1ZG9OtFPtLHC_uALMCCU",
}
SECURITY = (
    "(settings.SECURE_HSTS_SECONDS, settings.SECURE_HSTS_INCLUDE_SUBDOMAINS,"
    " settings.SECURE_HSTS_PRELOAD, settings.SECURE_SSL_REDIRECT)"
)


def test_deploy_checks_are_clean_in_production_mode(db):
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=child_env(**PRODUCTION),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_turns_on_hsts_and_the_ssl_redirect_by_default():
    result = start_django(show=SECURITY, DATABASE_URL="postgresql://u@127.0.0.1/x", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "(31536000, True, True, True)"


def test_development_and_the_environment_can_turn_them_off():
    development = start_django(show=SECURITY, DATABASE_URL="postgresql://u@127.0.0.1/x")
    off = {"SECURE_HSTS_SECONDS": "0", "SECURE_SSL_REDIRECT": "false"}
    production = start_django(
        show=SECURITY, DATABASE_URL="postgresql://u@127.0.0.1/x", **PRODUCTION, **off
    )
    assert development.stdout.strip() == "(0, False, False, False)"
    assert production.stdout.strip() == "(0, True, True, False)"


@pytest.mark.django_db
def test_the_ssl_redirect_leaves_the_health_check_on_plain_http(client, settings):
    settings.SECURE_SSL_REDIRECT = True  # as in production, behind a load balancer

    assert client.get("/api/me/").status_code == 301
    assert client.get("/api/me/")["Location"] == "https://testserver/api/me/"
    assert client.get("/healthz").status_code in (200, 503)  # answered, not redirected
