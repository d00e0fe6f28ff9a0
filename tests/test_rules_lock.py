"""A rules package cannot change while its version string stays the same."""

from __future__ import annotations

import pytest

from domain.games import RELEASES

from .rules_lock import current_digests, digest, package_folder, recorded

ADVICE = ("If the change alters any outcome, release a new rules version "
          "(docs/rules-versions.md: 'Changing a game's rules'). If it alters none (a refactor, "
          "and tests/golden still verifies), re-record with `python -m tests.rules_lock --update`.")

RELEASED = [(game, version) for game, releases in RELEASES.items() for version in releases]


@pytest.mark.parametrize(("game", "version"), RELEASED)
def test_a_released_version_matches_the_digest_recorded_for_it(game, version):
    assert recorded().get(game, {}).get(version) == current_digests()[game][version], (
        f"domain/games for {game} changed but its rules version {version} did not. {ADVICE}")


def test_the_lock_lists_exactly_the_released_versions():
    assert {g: list(v) for g, v in recorded().items()} == {
        g: list(v) for g, v in RELEASES.items()}


@pytest.mark.parametrize("game", RELEASES)
def test_only_the_current_version_is_live_code_and_every_older_one_is_in_released(game):
    *older, current = RELEASES[game].values()
    assert current == f"domain.games.{game}"
    assert all(package.startswith("released.") for package in older)


def test_a_change_to_code_or_data_changes_the_digest_but_a_readme_or_bot_does_not(tmp_path):
    for name, text in {"flow.py": "A = 1\n", "cards.toml": "[a]\n", "README.md": "x\n",
                       "bots.py": "B = 1\n"}.items():
        (tmp_path / name).write_text(text)
    before = digest(tmp_path)
    (tmp_path / "README.md").write_text("rulings, reworded\n")
    (tmp_path / "bots.py").write_text("B = 2\n")
    assert digest(tmp_path) == before
    (tmp_path / "cards.toml").write_text("[a]\ncost = 3\n")
    assert digest(tmp_path) != before


def test_the_digest_is_taken_over_the_package_the_registry_loads():
    assert package_folder(RELEASES["dominion"]["1.0.0"]).name == "dominion_1_0_0"
    assert package_folder(RELEASES["dominion"]["2.0.0"]).name == "dominion_2_0_0"
    assert package_folder(RELEASES["dominion"]["2.0.1"]).name == "dominion"


def test_a_frozen_version_is_byte_for_byte_its_release():
    """The digest of 1.0.0 recorded before it was frozen is the frozen copy's digest."""
    frozen = package_folder(RELEASES["dominion"]["1.0.0"])
    assert digest(frozen) == recorded()["dominion"]["1.0.0"]
    assert frozen.parent.name == "released"
