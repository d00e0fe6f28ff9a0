"""What the browser client needs from the app: its page and modules, served by the app itself
(no CDN) under a strict Content-Security-Policy; each game's components (cards, tiles); and a
dropped replay document folded step by step."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from domain.games import register_extra, unregister_extra_version
from tests import toygame
from tests.api.helpers import create

WEB = Path(__file__).resolve().parents[2] / "api" / "web"


def test_the_client_page_is_served_at_the_root_with_a_policy_that_runs_only_its_own_code(
        client):
    page = client.get("/")
    assert page.status_code == 200 and b'<script type="module" src="/web/app.js">' in page.data
    policy = page.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "default-src 'none'" in policy
    assert page.headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize("path", sorted(p.relative_to(WEB).as_posix() for p in WEB.rglob("*")
                                        if p.is_file()))
def test_every_client_file_is_served_and_fetches_nothing_from_another_site(client, path):
    answer = client.get(f"/web/{path}")
    assert answer.status_code == 200
    assert not re.search(rb"""(src|href|url|import)[=(\s]*["']?(https?:)?//""", answer.data)


@pytest.mark.parametrize("path", ["/web/nothing.js", "/web/../client_pages.py",
                                  "/web/%2e%2e/client_pages.py", "/web/..%2fserve.py"])
def test_a_missing_client_file_or_one_outside_the_client_is_a_404(client, path):
    answer = client.get(path)
    assert answer.status_code == 404 and b"import" not in answer.data


def test_dominions_components_are_every_card_with_its_cost_types_and_text(client):
    answer = client.get("/games/catalog/dominion/components").json
    cards = {c["id"]: c for c in answer["components"]}
    assert answer["rules_version"] == "2.0.1" and len(cards) == 39
    assert cards["smithy"] == {"id": "smithy", "name": "Smithy", "cost": 4,
                               "types": ["action"], "editions": ["first", "second"],
                               "text": cards["smithy"]["text"]}
    assert "+3 Cards" in cards["smithy"]["text"]


def test_revolutions_components_are_its_31_tiles_with_faction_ability_and_text(client):
    answer = client.get("/games/catalog/revolution/components").json
    tiles = {t["id"]: t for t in answer["components"]}
    assert len(tiles) == 31
    assert tiles["king"]["name"] == "King" and tiles["king"]["types"] == ["regality", "active"]
    assert tiles["king"]["text"].startswith("Destroy one tile")
    assert tiles["citizen"]["types"] == ["neutral"] and tiles["citizen"]["ability"] == "none"


def test_god_of_wars_components_are_its_cards_heroes_scene_cards_quests_and_bosses(client):
    answer = client.get("/games/catalog/godofwar/components").json
    items = {c["id"]: c for c in answer["components"]}
    assert items["kratos-axe-chop"]["name"] == "Returning Chop"
    assert items["kratos-axe-chop"]["text"] == "Plays as melee +1, ranged +1."
    assert items["kratos"]["types"] == ["hero"] and items["kratos"]["health"] == 16
    assert items["destruction-crystal"]["types"] == ["status"]
    assert items["s1-top-1"]["text"].startswith("Front: Draugr Archer: health 4")
    assert "Back: Looted Quiver" in items["s1-top-1"]["text"]
    assert items["the-travelers"]["types"] == ["quest"]
    assert items["the-travelers"]["text"].endswith(
        "Hindrance if lost: Every hero starts the second quest with 2 wounds.")
    assert items["baldur"]["types"] == ["boss"]
    assert items["mimir-wisdom"]["name"] == "Wisdom of the Ages"  # a solo companion ability
    assert items["mimir-wisdom"]["text"].startswith("Solo, once a quest. Heal: heal")
    assert items["s4-bottom-3"]["text"].startswith(  # rules 1.1.0: it grows with the party
        "Front: Lake Serpent Jaw: health 12 (+10 for every further hero), melee attack 3")
    older = client.get("/games/catalog/godofwar/components?rules_version=1.0.0").json
    jaw = next(c for c in older["components"] if c["id"] == "s4-bottom-3")
    assert jaw["text"].startswith("Front: Lake Serpent Jaw: health 12, melee attack 3")


def test_thrones_components_are_its_cards_and_plots_with_cost_and_text():
    from domain.games.components import components
    from domain.games.thrones.cards import CARDS

    items = {c["id"]: c for c in components("thrones")}
    # Every card of the catalogue: the box's 138 and the full card game's authored ones.
    assert len(items) == len(CARDS) >= 138 + 2
    assert items["fealty"]["types"] == ["agenda", "neutral"]  # an agenda of the full game
    assert items["ghost"]["types"] == ["character", "neutral"] and items["ghost"]["cost"] == 3
    assert items["ghost"]["text"].startswith("Strength 3. Icons military. Creature, Direwolf.")
    assert items["building-season"]["types"][0] == "plot"
    assert "cost" not in items["building-season"]


def test_an_older_rules_version_serves_the_components_it_was_played_with(client):
    answer = client.get("/games/catalog/revolution/components?rules_version=revolution-1")
    assert answer.status_code == 200 and answer.json["rules_version"] == "revolution-1"
    assert len(answer.json["components"]) == 31


@pytest.mark.parametrize("path", ["/games/catalog/chess/components",
                                  "/games/catalog/dominion/components?rules_version=9.9.9"])
def test_components_of_an_unknown_game_or_version_are_a_404(client, path):
    answer = client.get(path)
    assert answer.status_code == 404 and answer.json["code"] == "not-found"


def test_a_game_without_components_has_an_empty_list(client):
    assert client.get("/games/catalog/toy/components").json["components"] == []


def test_a_new_game_lists_its_components_in_its_catalog_entry_and_needs_no_adapter(client):
    markers = [{"id": "marker", "name": "Marker", "types": ["token"], "text": "Marks a spot."}]
    info = dataclasses.replace(toygame.INFO, extra={"components": markers})
    register_extra("toy", dataclasses.replace(toygame.RULES, info=info, version="toy-2"))
    try:
        answer = client.get("/games/catalog/toy/components").json
    finally:
        unregister_extra_version("toy", "toy-2")
    assert answer == {"game": "toy", "rules_version": "toy-2", "components": markers}


def finished_document(client):
    game_id = create(client, [{"bot": "random"}, {"bot": "first"}])["game_id"]
    return client.get(f"/games/{game_id}/replay").json


def test_a_dropped_document_is_folded_into_a_log_line_and_a_view_at_every_step(client):
    document = finished_document(client)
    answer = client.post("/replays/steps?seat=1", json=document).json
    assert answer["verdict"]["valid"] is True and answer["seat"] == 1
    steps = answer["steps"]
    assert [s["log"] for s in steps] == [e["log"] for e in document["events"]]
    assert all(s["view"] is not None for s in steps)
    last = client.get(f"/games/{document['game_id']}/view?seat=1").json
    assert steps[-1]["view"] == last["view"]


def test_a_tampered_document_shows_views_only_before_its_failing_step(client):
    document = finished_document(client)
    roll = next(e for e in document["events"] if e["type"] == "chance_resolved"
                and e["payload"]["spec"]["kind"] == "roll")
    roll["payload"]["outcome"] = roll["payload"]["outcome"] % 6 + 1
    answer = client.post("/replays/steps", json=document).json
    assert answer["verdict"]["failed_step"] == roll["seq"]
    views = [s["view"] is not None for s in answer["steps"]]
    assert views == [s["seq"] < roll["seq"] for s in answer["steps"]]


def test_a_document_of_a_game_in_play_gives_its_steps_without_unchecked_lines_or_views(client):
    body = create(client)
    document = client.get(f"/games/{body['game_id']}/replay").json
    answer = client.post("/replays/steps", json=document).json
    assert answer["verdict"]["valid"] is False
    assert [s["type"] for s in answer["steps"]] == [e["type"] for e in document["events"]]
    assert all(s["view"] is None and s["log"] is None for s in answer["steps"])


@pytest.mark.parametrize("body", [b"[1, 2]", b"not json", b'{"events": "x"}'])
def test_folding_something_that_is_not_a_document_is_never_a_500(client, body):
    answer = client.post("/replays/steps", data=body, content_type="application/json")
    assert answer.status_code in (200, 400)


def test_folding_is_rate_limited_like_verifying(client, app):
    app.config["RATE_LIMIT_VERIFY"] = "2 per minute"
    statuses = [client.post("/replays/steps", json={}).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_a_dropped_document_with_events_of_the_wrong_shape_answers_steps_with_nothing_made_up(
        client):
    document = finished_document(client)
    document["events"][0] = {**document["events"][0], "seq": "1", "type": 7, "seat": True}
    answer = client.post("/replays/steps", json=document)
    assert answer.status_code == 200 and answer.json["verdict"]["valid"] is False
    first = answer.json["steps"][0]
    assert first["seq"] is None and first["type"] is None and first["seat"] is None


def steps_page(client, document, query=""):
    answer = client.post(f"/replays/steps{query}", json=document)
    assert answer.status_code == 200, answer.json
    return answer.json


def test_steps_come_in_pages_each_pointing_to_the_next(client, app):
    app.config["STEPS_PER_PAGE"] = 4
    document = finished_document(client)
    whole = [e["log"] for e in document["events"]]
    pages, start = [], 0
    while start is not None:
        pages.append(steps_page(client, document, f"?seat=0&from={start}"))
        start = pages[-1]["next"]
    assert [page["from"] for page in pages] == list(range(0, len(whole), 4))
    assert {page["total"] for page in pages} == {len(whole)}
    assert [s["log"] for page in pages for s in page["steps"]] == whole
    assert pages[-1]["steps"][-1]["view"] == client.get(
        f"/games/{document['game_id']}/view?seat=0").json["view"]
    assert all(s["view"] is not None for page in pages for s in page["steps"])


def test_a_page_ends_at_to_and_past_the_end_is_empty(client):
    document = finished_document(client)
    total = len(document["events"])
    middle = steps_page(client, document, "?from=2&to=4")
    assert [s["seq"] for s in middle["steps"]] == [3, 4] and middle["next"] == 4
    past = steps_page(client, document, f"?from={total}")
    assert past["steps"] == [] and past["next"] is None and past["total"] == total


@pytest.mark.parametrize("query", ["?from=3&to=3", "?from=-1", "?to=0", "?from=1e3"])
def test_a_page_that_holds_no_step_or_starts_nowhere_is_a_400(client, query):
    answer = client.post(f"/replays/steps{query}", json=finished_document(client))
    assert answer.status_code == 400 and answer.json["code"] == "invalid-request"


def test_a_page_stops_at_its_size_in_bytes_after_at_least_one_step(client, app):
    app.config["STEPS_PAGE_BYTES"] = 1
    document = finished_document(client)
    page = steps_page(client, document, "?from=5")
    assert len(page["steps"]) == 1 and page["steps"][0]["view"] and page["next"] == 6


def test_the_steps_of_a_long_match_come_bounded_where_they_took_sixty_megabytes(client):
    """A 200-game Revolution points match: a 1.7 MB document whose steps, views and all, came
    to 61 MB in one answer."""
    created = create(client, [{"bot": "random"}, {"bot": "random"}], game="revolution",
                     options={"match": "points", "games": 200})
    document = client.get(f"/games/{created['game_id']}/replay").json
    answer = client.post("/replays/steps", json=document)
    page = answer.json
    assert page["verdict"]["valid"] is True and page["total"] == len(document["events"]) > 3000
    assert len(answer.data) < 2.2 * 1024 * 1024
    assert page["next"] == len(page["steps"]) <= 100
