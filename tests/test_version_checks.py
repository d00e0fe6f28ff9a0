"""Version checks asked together (domain/postgres_store.py ``NewestEvents``), on a stand-in
for the store's statement: a check is answered by a statement sent after it was asked, so it
sees every save made before; checks asked while one statement is on its way go together in
the next; a failed statement fails every check it carried."""

from __future__ import annotations

import threading
from uuid import UUID, uuid4

import pytest

from domain.postgres_store import NewestEvents


class SlowStore:
    """The newest versions of games, read by a statement that waits to be let go."""

    def __init__(self) -> None:
        self.versions: dict[UUID, int] = {}
        self.statements: list[list[UUID]] = []
        self.sent = threading.Semaphore(0)
        self.go = threading.Semaphore(0)
        self.error: Exception | None = None

    def newest_events(self, originator_ids: list[UUID]) -> dict[UUID, tuple[int, str]]:
        seen = {i: (self.versions[i], "game") for i in originator_ids if i in self.versions}
        self.statements.append(sorted(originator_ids))
        self.sent.release()
        self.go.acquire()
        if self.error is not None:
            raise self.error
        return seen


def ask(checks: NewestEvents, game: UUID, answers: dict[str, object], name: str,
        ) -> threading.Thread:
    def asking() -> None:
        try:
            answers[name] = checks.newest(game)
        except Exception as error:  # noqa: BLE001 (the test looks at it)
            answers[name] = error

    thread = threading.Thread(target=asking)
    thread.start()
    return thread


def queued(checks: NewestEvents, count: int) -> None:
    """Until ``count`` checks wait for the next statement."""
    for _ in range(1000):
        if len(checks._batches._queue) == count:
            return
        threading.Event().wait(0.005)
    raise AssertionError(f"{len(checks._batches._queue)} checks queued, not {count}")


def test_a_check_asked_while_a_statement_is_on_its_way_is_answered_by_the_next_one():
    store, game, other = SlowStore(), uuid4(), uuid4()
    store.versions = {game: 1, other: 7}
    checks, answers = NewestEvents(store), {}
    first = ask(checks, game, answers, "first")
    store.sent.acquire()  # the first statement read version 1 and is on its way
    store.versions[game] = 2  # a save committed meanwhile
    later = [ask(checks, game, answers, "second"), ask(checks, other, answers, "other"),
             ask(checks, uuid4(), answers, "unknown")]
    queued(checks, 3)
    store.go.release()
    store.sent.acquire()  # the next statement, for the three checks queued
    store.go.release()
    for thread in [first, *later]:
        thread.join(5)
    assert answers == {"first": (1, "game"), "second": (2, "game"), "other": (7, "game"),
                       "unknown": None}
    assert len(store.statements) == 2 and len(store.statements[1]) == 3
    assert checks._batches._leading == 0 and checks._batches._queue == []


def test_a_failed_statement_fails_each_check_it_carried_and_the_next_checks_go_on():
    store, game = SlowStore(), uuid4()
    store.versions = {game: 4}
    checks, answers = NewestEvents(store), {}
    first = ask(checks, game, answers, "first")
    store.sent.acquire()
    second = ask(checks, game, answers, "second")
    queued(checks, 1)
    store.error = ConnectionError("the store went away")
    store.go.release()  # the first statement fails
    store.sent.acquire()  # the second is sent all the same, for the check queued meanwhile
    store.error = None
    store.go.release()
    for thread in (first, second):
        thread.join(5)
    assert isinstance(answers["first"], ConnectionError)
    assert answers["second"] == (4, "game")
    assert checks._batches._leading == 0 and checks._batches._queue == []


@pytest.mark.parametrize("count", [1, 40])
def test_checks_asked_at_once_each_get_their_own_games_answer(count):
    class Store:
        def newest_events(self, ids: list[UUID]) -> dict[UUID, tuple[int, str]]:
            return {i: (i.int % 1000, "game") for i in ids}

    checks, games, answers = NewestEvents(Store()), [uuid4() for _ in range(count)], {}
    threads = [ask(checks, game, answers, str(game)) for game in games]
    for thread in threads:
        thread.join(5)
    assert answers == {str(game): (game.int % 1000, "game") for game in games}


def test_a_game_asked_for_by_its_id_as_text_is_found():
    class Store:
        def newest_events(self, ids: list[UUID]) -> dict[UUID, tuple[int, str]]:
            return {i: (5, "game") for i in ids}

    game = uuid4()
    assert NewestEvents(Store()).newest(str(game)) == (5, "game")
