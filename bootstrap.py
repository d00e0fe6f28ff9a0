"""Wiring: builds the game service from the environment, for the CLI and the web app.

Configuration (all optional):
  GAMEHALL_VAR        folder for the embedded stores (default ``var``)
  GAMEHALL_STORE      ``sqlite`` (default: ``$GAMEHALL_VAR/gamehall.sqlite``), ``memory``,
                      or ``postgres`` (eventsourcing's ``POSTGRES_*`` variables)
  GAMEHALL_SECRET     the master secret (hex) every game's seed is derived from; by default a
                      random one kept in ``$GAMEHALL_VAR/secret.key`` (required with
                      ``postgres``: every host must derive the same seeds)
  GAMEHALL_RECEIPT_KEY  the Ed25519 key move receipts are signed with (its 32-byte private
                      seed, hex); by default a random one kept in ``$GAMEHALL_VAR/receipt.key``
                      (with ``postgres``: derived from the master secret, so hosts sign alike)
  REDIS_URL           a Redis server for the read side; by default an embedded one under var/
  GAMEHALL_BOTS       policies from outside the project offered as bots:
                      ``name=module:callable,...`` (docs/research.md, "Policies as bots")
"""

from __future__ import annotations

import hashlib
import hmac
import importlib
import logging
import os
import secrets
import sys
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from eventsourcing.persistence import IntegrityError, InternalError, ProgrammingError

from domain.application import GameService
from domain.driver import BotFailure
from domain.games import add_bot, game_names
from domain.kernel import GameError
from domain.receipts import SigningKey, public_key_entry

SCHEMA_ATTEMPTS = 5

# Defaults for eventsourcing's PostgreSQL settings where the environment gives none: a write
# waits at most a second for a lock (another writer's row of the same game's next version, a
# table locked by hand), a query at most a second for a pooled connection; the library tries
# each 10 times, so a store that stays locked or a pool that stays saturated answers 503 with
# Retry-After after about 12 s, as a locked SQLite file does. Writes take no table lock and
# commit in parallel (domain/postgres_store.py; projections.rebuild follows the holes).
POSTGRES_DEFAULTS = {"POSTGRES_LOCK_TIMEOUT": "1", "POSTGRES_CONNECT_TIMEOUT": "1"}


def var_path(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the embedded stores are kept (``GAMEHALL_VAR``), whether or not it exists."""
    return Path(environ.get("GAMEHALL_VAR", "var"))


def var_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """The folder of the embedded stores, created private to its owner (it holds the secret
    and every game's history)."""
    path = var_path(environ)
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def store_env(environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The eventsourcing persistence settings for the configured store."""
    store = environ.get("GAMEHALL_STORE", "sqlite")
    if store == "memory":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if store == "postgres":
        keys = {k: v for k, v in environ.items() if k.startswith("POSTGRES_")}
        return {"PERSISTENCE_MODULE": "eventsourcing.postgres", **POSTGRES_DEFAULTS, **keys}
    if store != "sqlite":
        raise SystemExit(f"GAMEHALL_STORE must be sqlite, memory or postgres, not {store!r}")
    dbname = environ.get("SQLITE_DBNAME") or str(var_dir(environ) / "gamehall.sqlite")
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": dbname,
            "SQLITE_LOCK_TIMEOUT": "10"}


def postgres_settings(url: str) -> dict[str, str]:
    """eventsourcing's ``POSTGRES_*`` settings for a ``postgresql://user:password@host:port/db``
    URL (what the tests and the benchmark are given)."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql") or not parts.hostname:
        raise SystemExit(f"not a postgresql://user@host:port/dbname URL: {url!r}")
    return {"POSTGRES_HOST": parts.hostname, "POSTGRES_PORT": str(parts.port or 5432),
            "POSTGRES_USER": unquote(parts.username or ""),
            "POSTGRES_PASSWORD": unquote(parts.password or ""),
            "POSTGRES_DBNAME": parts.path.lstrip("/") or unquote(parts.username or "")}


def master_secret(environ: Mapping[str, str] = os.environ) -> bytes:
    if environ.get("GAMEHALL_SECRET"):
        return bytes.fromhex(environ["GAMEHALL_SECRET"])
    if environ.get("GAMEHALL_STORE") == "postgres":
        # A secret kept in one host's var/ would give each host its own seeds (and receipts).
        raise SystemExit("gamehall: with GAMEHALL_STORE=postgres set GAMEHALL_SECRET (hex), "
                         "the same on every host")
    return kept_key(var_dir(environ) / "secret.key")


def receipt_key(environ: Mapping[str, str] = os.environ) -> SigningKey:
    """The Ed25519 key move receipts are signed with: ``GAMEHALL_RECEIPT_KEY`` (its 32-byte
    private seed, hex), or one made once and kept beside the master secret."""
    if environ.get("GAMEHALL_RECEIPT_KEY"):
        return SigningKey.from_seed(bytes.fromhex(environ["GAMEHALL_RECEIPT_KEY"]))
    if environ.get("GAMEHALL_STORE") == "postgres":
        # Hosts sharing a store must sign alike: a key kept in one host's var/ would differ
        # from host to host, so it is derived from the master secret they all share.
        seed = hmac.new(master_secret(environ), b"gamehall-receipt-key", hashlib.sha256)
        return SigningKey.from_seed(seed.digest())
    return SigningKey.from_seed(kept_key(var_dir(environ) / "receipt.key"))


def retired_receipt_keys(environ: Mapping[str, str] = os.environ) -> tuple[bytes, ...]:
    """Public keys of earlier receipt keys (hex, one a line in ``receipt-keys.retired`` beside
    the key), still served so receipts signed before a rotation keep verifying."""
    path = var_path(environ) / "receipt-keys.retired"
    if not path.exists():
        return ()
    return tuple(bytes.fromhex(line.strip()) for line in path.read_text().splitlines()
                 if line.strip())


def existing_receipt_keys(environ: Mapping[str, str] = os.environ) -> list[dict[str, str]]:
    """The receipt keys as ``GET /keys`` lists them, for commands: never makes a new key."""
    if not environ.get("GAMEHALL_RECEIPT_KEY") and environ.get("GAMEHALL_STORE") != "postgres" \
            and not (var_path(environ) / "receipt.key").exists():
        raise SystemExit(f"gamehall: there is no receipt key in {var_path(environ).resolve()}: "
                         "run this where the service keeps its var/ folder, set "
                         "GAMEHALL_VAR, or pass the server's keys (GET /keys) with --keys")
    current = receipt_key(environ).public_key
    return [public_key_entry(current, "current"),
            *(public_key_entry(key, "retired") for key in retired_receipt_keys(environ))]


def kept_key(path: Path) -> bytes:
    """32 random bytes kept in ``path`` (hex, readable by its owner only), made on first use."""
    if not path.exists():
        fresh = secrets.token_hex(32)
        # Write-then-rename so two workers starting together never read half a key.
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(fresh)
        os.chmod(tmp, 0o600)
        if not path.exists():
            tmp.replace(path)
        else:
            tmp.unlink()
    return bytes.fromhex(path.read_text().strip())


def now() -> datetime:
    return datetime.now(UTC)


def new_token() -> str:
    """A random 256-bit bearer token."""
    return secrets.token_urlsafe(32)


def build_service(environ: Mapping[str, str] = os.environ) -> GameService:
    """One long-lived service per process (build it after fork, close it at exit)."""
    env = store_env(environ)
    if "SQLITE_DBNAME" in env:
        make_private(Path(env["SQLITE_DBNAME"]))
    secret = master_secret(environ)
    add_configured_bots(environ)
    for attempt in range(SCHEMA_ATTEMPTS):
        try:
            service = GameService(env, secret=secret, clock=now, new_token=new_token,
                                  signing_key=receipt_key(environ),
                                  retired_keys=retired_receipt_keys(environ))
            service.bot_failed = log_bot_failure
            return service
        except (IntegrityError, InternalError, ProgrammingError):
            # Hosts starting at once race to create the PostgreSQL schema ("duplicate key" on
            # a type, "already exists" on a table, "tuple concurrently updated" on a
            # function): the losers try again and find it made.
            if attempt == SCHEMA_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


BOT_LOG = logging.getLogger("gamehall.bots")


def log_bot_failure(failure: BotFailure) -> None:
    """A bot that could not answer, for the operator: a configured policy that raises or
    answers illegally is stood in for, and its games go on (``domain.driver``)."""
    BOT_LOG.warning("game %s: %s", failure.game_id, failure)


def add_configured_bots(environ: Mapping[str, str] = os.environ) -> None:
    """The policies ``GAMEHALL_BOTS`` names (``name=module:callable``, comma-separated),
    offered as bots in the games each lists in its ``games`` attribute (all, without one)."""
    for entry in filter(None, (e.strip() for e in environ.get("GAMEHALL_BOTS", "").split(","))):
        name, equals, spec = entry.partition("=")
        if not equals or not name.strip():
            raise SystemExit(f"GAMEHALL_BOTS: {entry!r} is not name=module:callable")
        try:
            add_policy(name.strip(), spec.strip())
        except GameError as error:  # a name one of its games' own bots has already
            raise SystemExit(f"GAMEHALL_BOTS: {error}") from None


def add_policy(name: str, spec: str, games: Sequence[str] | None = None) -> None:
    """Offer the callable ``spec`` names (``module:callable``) as the bot ``name`` in
    ``games`` (by default those in its ``games`` attribute, or every game)."""
    bot = load_callable(spec)
    for game in games or getattr(bot, "games", None) or game_names():
        add_bot(game, name, bot)


def load_callable(spec: str) -> Any:
    """``module:attribute`` (dots for nested attributes), imported from the Python path or
    the working directory: a policy that lives beside the project, not inside it."""
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        raise SystemExit(f"gamehall: {spec!r} is not module:callable")
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        found: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as error:
        raise SystemExit(f"gamehall: cannot load the policy {spec!r}: {error}") from None
    if not callable(found):
        raise SystemExit(f"gamehall: {spec!r} is not callable")
    return found


def make_private(database: Path) -> None:
    """The SQLite store readable by its owner only, like the secret; SQLite gives its WAL
    files the database's permissions."""
    database.touch(mode=0o600, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        found = database.with_name(database.name + suffix)
        if found.exists():
            found.chmod(0o600)


def describe_store(environ: Mapping[str, str] = os.environ) -> str:
    """Where the configured event store is, in words (for commands to say what they opened)."""
    env = store_env(environ)
    if env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        return f"the SQLite store {Path(env['SQLITE_DBNAME']).resolve()}"
    if env["PERSISTENCE_MODULE"] == "eventsourcing.postgres":
        return f"the PostgreSQL store {env.get('POSTGRES_DBNAME', '')}@" \
               f"{env.get('POSTGRES_HOST', '')}"
    return "an in-memory store (empty)"


def open_existing_service(environ: Mapping[str, str] = os.environ) -> GameService:
    """The service over a store that already exists, for commands that read stored games:
    they never create a new ``var/`` (with a new secret) in whatever folder they run from."""
    if environ.get("GAMEHALL_STORE", "sqlite") == "sqlite" and not environ.get("SQLITE_DBNAME"):
        folder = var_path(environ)
        if not (folder / "gamehall.sqlite").exists():
            raise SystemExit(f"gamehall: there is no game store at {folder.resolve()}: run this "
                             "where the service keeps its var/ folder, or set GAMEHALL_VAR")
        if not environ.get("GAMEHALL_SECRET") and not (folder / "secret.key").exists():
            raise SystemExit(f"gamehall: {folder.resolve()} has a store but no secret.key: "
                             "set GAMEHALL_SECRET to the service's master secret")
    return build_service(environ)
