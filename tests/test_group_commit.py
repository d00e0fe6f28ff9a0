"""Group commit (domain/group_commit.py): concurrent saves on SQLite share one transaction and
its commit, each still lands or fails on its own, and none returns before it is committed."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from functools import partial

import pytest

from domain.application import StaleVersion

from .conftest import make_service


@pytest.fixture
def service(tmp_path):
    made = make_service({"PERSISTENCE_MODULE": "eventsourcing.sqlite",
                         "SQLITE_DBNAME": str(tmp_path / "games.sqlite"),
                         "SQLITE_LOCK_TIMEOUT": "10"})
    yield made
    made.close()


def slow_commits(service, commits: list[int]) -> None:
    """Each transaction takes a while (as an fsync does), so that saves queue behind it;
    ``commits`` gets the number of saves each transaction held."""
    def elsewhere(work: partial[None]) -> None:
        connection, batch = work.args
        commits.append(len(batch))
        time.sleep(0.05)
        work()

    service.group_commit.elsewhere = elsewhere


def play_at_once(service, plays: list[Callable[[], object]]) -> list[object]:
    barrier = threading.Barrier(len(plays))
    outcomes: list[object] = [None] * len(plays)

    def run(k: int) -> None:
        barrier.wait()
        try:
            outcomes[k] = plays[k]()
        except Exception as error:  # noqa: BLE001 - compared below
            outcomes[k] = error

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(plays))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_moves_of_many_games_saved_at_once_share_a_few_commits_and_all_land(service):
    games = [service.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])[0]
             for _ in range(12)]
    commits: list[int] = []
    slow_commits(service, commits)
    outcomes = play_at_once(service, [
        lambda game=game: service.play(game.id, 0, [{"kind": "secret", "n": 1}], "p")
        for game in games])
    assert not [o for o in outcomes if isinstance(o, Exception)]
    assert sum(commits) == 12 and len(commits) < 12
    service.repository.cache = None  # read back from the store itself
    for game in games:
        assert service.get(game.id).version == game.version + 1


def test_a_save_refused_by_the_version_check_fails_alone_in_its_transaction(service):
    games = [service.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])[0]
             for _ in range(6)]
    commits: list[int] = []
    slow_commits(service, commits)
    first = games[0]
    plays: list[Callable[[], object]] = [
        lambda game=game: service.play(game.id, 0, [{"kind": "secret", "n": 1}], "p")
        for game in games[1:]]
    plays += [lambda seat=seat: service.play(first.id, seat, [{"kind": "secret", "n": 1}],
                                             "p", expected_version=first.version)
              for seat in (0, 1)]
    outcomes = play_at_once(service, plays)
    stale = [o for o in outcomes if isinstance(o, StaleVersion)]
    assert len(stale) == 1 and not [o for o in outcomes
                                    if isinstance(o, Exception) and o not in stale]
    assert max(commits) > 1
    service.repository.cache = None
    assert service.get(first.id).version == first.version + 1
    for game in games[1:]:
        assert service.get(game.id).version == game.version + 1


def test_a_save_returns_only_once_its_transaction_is_committed(service, tmp_path):
    game = service.create_game("toy", {}, [{"name": "a"}, {"name": "b"}])[0]
    service.play(game.id, 0, [{"kind": "secret", "n": 1}], "p")
    # Another connection (another process would see the same) reads it at once.
    with sqlite3.connect(tmp_path / "games.sqlite") as other:
        (stored,) = other.execute("SELECT MAX(originator_version) FROM stored_events "
                                  "WHERE originator_id=?", (game.id.hex,)).fetchone()
    assert stored == game.version + 1
