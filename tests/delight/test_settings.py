"""Settings come from the environment; a bad value stops start-up naming the variable.

Most tests read the settings module afresh in this process, under the environment they
set (`settings_from`): what start-up would read, without a new Python each time. One test
starts Django for real, to show that a bad value stops it."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Callable
from types import ModuleType

import pytest
from django.core.exceptions import ImproperlyConfigured
from environs import EnvError

from delight.settings import cache_config, channel_layer_config
from tests.support.processes import ROOT, child_env

SETTINGS = ROOT / "delight" / "settings.py"
# A DATABASE_URL keeps the embedded server out of it.
SOMEWHERE = "postgresql://u@127.0.0.1/x"

Load = Callable[..., ModuleType]


@pytest.fixture
def settings_from(monkeypatch) -> Load:
    """The settings module as start-up reads it under `env` (set on top of this process's)."""

    def load(**env: str) -> ModuleType:
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        spec = importlib.util.spec_from_file_location("delight.settings_read", SETTINGS)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load


def refused(load: Load, message: str, **env: str) -> None:
    with pytest.raises((EnvError, ImproperlyConfigured), match=re.escape(message)):
        load(**env)


def test_a_malformed_variable_stops_a_real_start_up():
    code = "import django; django.setup()"
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "delight.settings", "Q_WORKERS": "-"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert 'Environment variable "Q_WORKERS" invalid' in result.stderr


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
        ("BLAS_THREADS", "0"),
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
def test_a_malformed_variable_stops_start_up_naming_it(settings_from, variable, value):
    refused(settings_from, f'Environment variable "{variable}" invalid', **{variable: value})


def test_email_cannot_use_both_starttls_and_implicit_tls(settings_from):
    message = "at most one of EMAIL_USE_TLS and EMAIL_USE_SSL"
    refused(settings_from, message, EMAIL_USE_TLS="true", EMAIL_USE_SSL="true")


def test_email_links_start_from_site_url_without_its_trailing_slash(settings_from):
    assert settings_from(SITE_URL="https://delight.example/").SITE_URL == "https://delight.example"


def test_a_job_is_handed_on_only_after_its_time_limit_and_its_model_calls_end_before_it(
    settings_from,
):
    loaded = settings_from(Q_TIMEOUT="600")
    assert (loaded.Q_CLUSTER["timeout"], loaded.Q_CLUSTER["retry"]) == (600, 660)
    assert loaded.MODEL_JOB_BUDGET_SECONDS == 480
    assert loaded.JOB_CLAIM.total_seconds() == 660
    refused(settings_from, "Q_RETRY (300 s) must be longer", Q_TIMEOUT="300", Q_RETRY="300")
    refused(
        settings_from, "must be shorter than Q_TIMEOUT", Q_TIMEOUT="300", Q_RETRY="360",
        MODEL_JOB_BUDGET_SECONDS="300",
    )  # fmt: skip


def test_production_requires_a_secret_key(settings_from):
    message = "SECRET_KEY must be set when DELIGHT_MODE=production"
    refused(settings_from, message, DELIGHT_MODE="production", SECRET_KEY="", ALLOWED_HOSTS="a.org")


def test_production_requires_a_vapid_key(settings_from):
    env = {**PRODUCTION, "VAPID_PRIVATE_KEY": "", "DATABASE_URL": SOMEWHERE}
    refused(settings_from, "VAPID_PRIVATE_KEY must be set when DELIGHT_MODE=production", **env)


def test_production_takes_the_vapid_key_from_the_environment(settings_from):
    read = settings_from(**PRODUCTION, DATABASE_URL=SOMEWHERE)
    assert len(read.VAPID_PUBLIC_KEY) == 87  # 65 bytes of uncompressed point, base64url


def test_development_generates_a_secret_key_once_and_keeps_it(settings_from, tmp_path):
    env = {"DELIGHT_DATA_DIR": str(tmp_path), "DATABASE_URL": SOMEWHERE}
    first = settings_from(**env).SECRET_KEY
    second = settings_from(**env).SECRET_KEY
    key = (tmp_path / "secret_key").read_text().strip()
    assert len(key) >= 50
    assert first == second == key


@pytest.mark.parametrize(("value", "threshold"), [("", 2), ("true", 2), ("false", None)])
def test_prepared_statements_can_be_switched_off_for_a_pooler(settings_from, value, threshold):
    env = {"DATABASE_URL": SOMEWHERE}
    if value:
        env["DATABASE_PREPARED_STATEMENTS"] = value
    read = settings_from(**env)
    assert read.DATABASES["default"].get("OPTIONS", {}).get("prepare_threshold") == threshold


def test_the_postgres_channel_layer_keeps_its_own_unprepared_connections():
    database = {
        "NAME": "delight",
        "OPTIONS": {"prepare_threshold": 2, "pool": {"max_size": 10}, "sslmode": "require"},
    }
    layer = channel_layer_config(database, redis_url="")
    assert layer["CONFIG"]["OPTIONS"] == {"sslmode": "require"}
    assert database["OPTIONS"]["prepare_threshold"] == 2  # the app's own connection keeps it


@pytest.mark.parametrize(("size", "expected"), [("", (10, 0)), ("3", (3, 0)), ("0", (None, 600))])
def test_connections_come_from_a_bounded_pool_unless_it_is_switched_off(
    settings_from, size, expected
):
    env = {"DATABASE_URL": SOMEWHERE}
    if size:
        env["DATABASE_POOL_SIZE"] = size
    database = settings_from(**env).DATABASES["default"]
    assert (
        database["OPTIONS"].get("pool", {}).get("max_size"),
        database["CONN_MAX_AGE"],
    ) == expected


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


def security(read: ModuleType) -> tuple[int, bool, bool, bool]:
    return (
        read.SECURE_HSTS_SECONDS,
        read.SECURE_HSTS_INCLUDE_SUBDOMAINS,
        read.SECURE_HSTS_PRELOAD,
        read.SECURE_SSL_REDIRECT,
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


def test_production_turns_on_hsts_and_the_ssl_redirect_by_default(settings_from):
    read = settings_from(DATABASE_URL=SOMEWHERE, **PRODUCTION)
    assert security(read) == (31536000, True, True, True)


def test_development_and_the_environment_can_turn_them_off(settings_from):
    assert security(settings_from(DATABASE_URL=SOMEWHERE)) == (0, False, False, False)
    off = {"SECURE_HSTS_SECONDS": "0", "SECURE_SSL_REDIRECT": "false"}
    assert security(settings_from(DATABASE_URL=SOMEWHERE, **PRODUCTION, **off)) == (
        0, True, True, False,
    )  # fmt: skip


@pytest.mark.django_db
def test_the_ssl_redirect_leaves_the_health_check_on_plain_http(client, settings):
    settings.SECURE_SSL_REDIRECT = True  # as in production, behind a load balancer

    assert client.get("/api/me/").status_code == 301
    assert client.get("/api/me/")["Location"] == "https://testserver/api/me/"
    assert client.get("/healthz").status_code in (200, 503)  # answered, not redirected
