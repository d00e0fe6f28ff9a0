"""Dominion's words (narration.py, for the current version and 1.0.0): the public record
names every seat in the third person; a seat reads its own acts as "You"; what a seat may not
know (cards drawn, looked at, put face down onto a deck) is never told to it; every legal move
reads as a button made of card names."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from domain.games import get_rules
from domain.games.dominion.cards import KINGDOM
from domain.kernel import (
    Audience,
    Chance,
    Decision,
    Over,
    Rules,
    chance_context,
    derive_outcome,
    log_line,
    move_labels,
)
from tests.games.driver import chance, play, prompt
from tests.games.words import check_game, faults, slugs

from .helpers import in_version, pick, play_card, scenario
from .scramble import VARIANTS, scramble

State = dict[str, Any]
RULES = get_rules("dominion")  # the registry's: with its narration attached
V1 = get_rules("dominion", "1.0.0")
NAMES = ("ann (seat 0)", "bob (seat 1)", "cy (seat 2)")
K = ["sentry", "artisan", "library", "militia", "moat", "village", "smithy", "harbinger",
     "cellar", "council_room"]
FIRST = ["library", "bureaucrat", "throne_room", "mine", "moneylender", "bandit", "spy",
         "thief", "adventurer", "chancellor"]


def reader(who: int | str, seats: int = 2) -> Audience:
    """A seat reading during play, a "spectator", or the public "record" once it is over."""
    names = NAMES[:seats]
    if who == "record":
        return Audience(names, None, everything=True)
    return Audience(names, None if who == "spectator" else int(who))


def line(state: State, move: dict[str, Any], who: int | str, rules: Rules = RULES) -> str:
    """The log line of the asked seat's ``move`` at ``state``, as ``who`` reads it."""
    seat = rules.next(state).prompts[0].seat
    after = rules.apply_move(state, seat, move)
    event = {"type": "move", "seat": seat, "move": move}
    return log_line(rules, state, after, event, reader(who, state["seats"]))


def labels(state: State, rules: Rules = RULES) -> list[str]:
    step = rules.next(state)
    assert isinstance(step, Decision)
    return move_labels(rules, state, step.prompts[0])


def events(rules: Rules, options: dict[str, Any], seats: int, seed: int,
           steps: int = 500) -> Iterator[tuple[State, dict[str, Any], State]]:
    """Every (before, event, after) of one random game: random moves, fair draws."""
    pick_move = random.Random(seed)
    state = rules.setup(options, seats)
    for number in range(steps):
        step = rules.next(state)
        if isinstance(step, Over):
            return
        if isinstance(step, Chance):
            outcome = derive_outcome(step.spec, seed.to_bytes(32, "big"),
                                     chance_context("narration", number))
            event: dict[str, Any] = {"type": "chance", "spec": step.spec, "outcome": outcome}
            after = rules.apply_chance(state, outcome)
        else:
            asked = step.prompts[0]
            event = {"type": "move", "seat": asked.seat,
                     "move": pick_move.choice(asked.legal_moves)}
            after = rules.apply_move(state, asked.seat, event["move"])
        yield state, event, after
        state = after


GAMES = [(RULES, VARIANTS[0], 2, 1), (RULES, VARIANTS[1], 3, 2), (RULES, {"kingdom": K}, 2, 3),
         (V1, {"kingdom": K}, 2, 4), (V1, {"kingdom": FIRST, "edition": "first"}, 3, 5)]
GAME_IDS = [f"{rules.version}-{index}" for index, (rules, *_) in enumerate(GAMES)]


# ---- the public record and "You" ----

def test_the_public_record_says_ann_seat_0_bought_gold():
    state = scenario(["gold"], deck=["copper"] * 5, buys=2, coins=6)

    assert line(state, pick("buy", "gold"), "record") == "ann (seat 0) bought Gold."
    assert line(state, pick("buy", "gold"), "spectator") == "ann (seat 0) bought Gold."
    assert line(state, pick("buy", "gold"), 1) == "ann (seat 0) bought Gold."


def test_a_seat_reads_its_own_acts_as_you_with_the_verb_agreeing():
    state = play(scenario(["cellar", "estate"], deck=["copper"] * 5), None, play_card("cellar"))
    done = {"kind": "done"}

    assert line(state, done, 0) == "You are done discarding."
    assert line(state, done, 1) == "ann (seat 0) is done discarding."
    assert line(state, done, "record") == "ann (seat 0) is done discarding."


def test_ending_a_turn_reads_as_your_turn_to_its_player_and_their_turn_to_others():
    state = scenario(["estate"], deck=["copper"] * 5)

    assert line(state, {"kind": "end_turn"}, 0) == "You ended your turn. You drew 5 Coppers."
    assert line(state, {"kind": "end_turn"}, 1) == (
        "ann (seat 0) ended their turn. ann (seat 0) drew 5 cards.")


def test_the_first_player_goes_first_in_words_for_every_reader():
    state = RULES.setup({}, 2)
    step = RULES.next(state)
    assert isinstance(step, Chance)
    event = {"type": "chance", "spec": step.spec, "outcome": 1}
    after = RULES.apply_chance(state, 1)

    assert log_line(RULES, state, after, event, reader(1)).startswith("You go first. ")
    assert log_line(RULES, state, after, event, reader(0)).startswith("bob (seat 1) goes first.")
    assert "The kingdom is Cellar, Market, Militia, Mine, Moat, Remodel, Smithy, Village, " \
        "Workshop and Woodcutter." in log_line(RULES, state, after, event, reader("record"))


def test_the_end_of_the_game_tells_the_reason_the_points_and_the_winner():
    state = scenario(["gold"] * 3, deck=["copper"] * 5, coins=8)
    state = {**state, "supply": {**state["supply"], "province": 1}}

    text = line(state, pick("buy", "province"), "record")

    assert text == ("ann (seat 0) bought Province. The game is over: the Province pile is "
                    "empty. ann (seat 0) has 6 points and bob (seat 1) has 0 points. "
                    "ann (seat 0) wins.")
    assert line(state, pick("buy", "province"), 1).endswith(
        "ann (seat 0) has 6 points and you have 0 points. ann (seat 0) wins.")
    assert line(state, pick("buy", "province"), 0).endswith(
        "You have 6 points and bob (seat 1) has 0 points. You win.")


@pytest.mark.parametrize(("rules", "options", "seats", "seed"), GAMES, ids=GAME_IDS)
def test_the_public_record_names_every_seat_by_name_in_the_third_person(rules, options, seats,
                                                                        seed):
    record = reader("record", seats)
    for before, event, after in events(rules, options, seats, seed):
        text = log_line(rules, before, after, event, record)
        for sentence in text.split(". "):
            assert sentence.startswith((*NAMES[:seats], "The ")), text
        assert "You" not in text and "your" not in text, text


# ---- hidden things ----

def test_a_card_drawn_is_named_to_its_drawer_and_in_the_public_record_only():
    state = scenario(["smithy"], deck=["gold"] * 3, kingdom=K)

    assert line(state, play_card("smithy"), 0) == "You played Smithy. You drew 3 Golds."
    assert line(state, play_card("smithy"), "record") == (
        "ann (seat 0) played Smithy. ann (seat 0) drew 3 Golds.")
    for other in (1, "spectator"):
        assert line(state, play_card("smithy"), other) == (
            "ann (seat 0) played Smithy. ann (seat 0) drew 3 cards.")


def test_council_rooms_draw_for_another_seat_is_named_to_that_seat_alone():
    state = scenario(["council_room"], deck=["copper"] * 4, kingdom=K, seats=3,
                     others={1: {"deck": ["gold"]}, 2: {"deck": ["province"]}})

    to_bob = line(state, play_card("council_room"), 1)
    to_cy = line(state, play_card("council_room"), 2)

    assert "You drew Gold." in to_bob and "Province" not in to_bob
    assert "You drew Province." in to_cy and "Gold" not in to_cy
    assert "bob (seat 1) drew a card." in to_cy


def test_sentrys_look_and_put_back_are_told_only_to_its_player():
    state = play(scenario(["sentry"], deck=["copper", "gold", "province"], kingdom=K), None,
                 play_card("sentry"))
    put_back = pick("topdeck", "gold")

    assert line(state, put_back, 0) == "You put Gold back onto your deck."
    assert line(state, put_back, 1) == "ann (seat 0) put a card back onto their deck."
    assert line(state, put_back, "spectator") == line(state, put_back, 1)
    assert "Gold" in line(state, put_back, "record")
    assert line(scenario(["sentry"], deck=["copper", "gold", "province"], kingdom=K),
                play_card("sentry"), 1) == ("ann (seat 0) played Sentry. ann (seat 0) drew a card. "
                                       "ann (seat 0) looked at 2 cards.")


def test_artisans_card_put_onto_the_deck_is_named_to_its_player_alone():
    state = play(scenario(["artisan", "gold"], kingdom=K), None, play_card("artisan"), pick("gain",
                  "silver"))

    assert line(state, pick("topdeck", "gold"), 0) == (
        "You put Gold from your hand onto your deck.")
    assert line(state, pick("topdeck", "gold"), "spectator") == (
        "ann (seat 0) put a card from their hand onto their deck.")


@pytest.mark.parametrize(("rules", "public"), [(RULES, False), (V1, True)])
def test_a_harbingers_card_is_hidden_from_others_as_each_versions_redact_hides_it(rules, public):
    state = scenario(["harbinger"], deck=["copper"] * 3, discard=["moat", "estate"], kingdom=K)
    state = in_version(rules, state) if rules is V1 else state
    state = rules.apply_move(state, 0, play_card("harbinger"))
    move = pick("topdeck", "moat")
    redacted = rules.redact(state, {"type": "move", "seat": 0, "move": move}, 1)

    assert ("Moat" in line(state, move, 1, rules)) is public
    assert (redacted["move"]["card"] == "moat") is public
    assert line(state, move, 0, rules) == "You put Moat from your discard pile onto your deck."


def test_a_library_keeps_its_drawn_card_secret_whether_an_action_or_not():
    def kept(top: str) -> str:
        state = scenario(["library", *["copper"] * 5], deck=[top, "copper"], kingdom=K)
        return line(play(state, None, play_card("library")), {"kind": "keep"}, 1)

    assert kept("village") == kept("silver") == "ann (seat 0) drew a card."


def test_a_shuffle_is_told_without_its_order_and_the_cards_then_drawn_only_to_their_owner():
    state = scenario(["smithy"], discard=["gold", "province", "estate"], kingdom=K)
    state = play(state, None, play_card("smithy"))
    step = RULES.next(state)
    assert isinstance(step, Chance)
    event = {"type": "chance", "spec": step.spec, "outcome": [0, 1, 2]}
    after = chance(state, [0, 1, 2])

    assert log_line(RULES, state, after, event, reader(1)) == (
        "ann (seat 0) shuffled their discard pile into a new deck. ann (seat 0) drew 3 cards.")
    assert log_line(RULES, state, after, event, reader(0)) == (
        "You shuffled your discard pile into a new deck. You drew Estate, Province and Gold.")


@pytest.mark.parametrize(("rules", "options", "seats", "seed"), GAMES, ids=GAME_IDS)
def test_no_line_tells_a_seat_or_a_spectator_what_it_may_not_know(rules, options, seats, seed):
    """Deal anew what the reader may not know (other hands, decks, discards below the top):
    where the same event shows the same public notes, its line must read the same."""
    rng = random.Random(seed)
    checked = 0
    for before, event, after in events(rules, options, seats, seed, steps=300):
        for who in [None, *range(seats)]:
            other = scramble(copy.deepcopy(before), who, rng)
            other_after = applied(rules, other, event)
            if other_after is None or public(other_after) != public(after):
                continue
            audience = Audience(NAMES[:seats], who)
            assert log_line(rules, other, other_after, event, audience) == log_line(
                rules, before, after, event, audience), (event, who)
            checked += 1
    assert checked > 200


def applied(rules: Rules, state: State | None, event: dict[str, Any]) -> State | None:
    """``event`` applied to ``state``, None where it cannot be (a move no longer legal)."""
    if state is None:
        return None
    step = rules.next(state)
    if event["type"] == "chance":
        same = isinstance(step, Chance) and step.spec == event["spec"]
        return rules.apply_chance(state, event["outcome"]) if same else None
    asked = step.prompt_for(event["seat"]) if isinstance(step, Decision) else None
    if asked is None or event["move"] not in asked.legal_moves:
        return None
    return rules.apply_move(state, event["seat"], event["move"])


def public(state: State) -> list[Any]:
    """What the rules' notes show everyone, and the result."""
    return [[note for note in state["notes"] if not note.get("secret")], state["result"]]


@pytest.mark.parametrize(("rules", "options", "seats", "seed"), GAMES, ids=GAME_IDS)
def test_another_seats_choices_that_look_alike_read_alike(rules, options, seats, seed):
    """Two moves of one seat after which the reader sees the same view and the same public
    notes read the same to it (an Artisan's put-back of Gold or of Copper)."""
    for before, event, _ in events(rules, options, seats, seed, steps=300):
        if event["type"] != "move":
            continue
        mover = event["seat"]
        for who in [None, *(s for s in range(seats) if s != mover)]:
            audience = Audience(NAMES[:seats], who)
            seen: dict[str, str] = {}
            for move in rules.next(before).prompt_for(mover).legal_moves:
                after = rules.apply_move(before, mover, move)
                sight = repr((rules.view(after, who), public(after)))
                text = log_line(rules, before, after, {"type": "move", "seat": mover,
                                                       "move": move}, audience)
                assert seen.setdefault(sight, text) == text, (move, who)


# ---- labels ----

def test_the_turns_moves_read_play_buy_and_end_your_turn():
    state = scenario(["village", "copper", "silver"], deck=["copper"] * 5, coins=6)

    assert labels(state) == [
        "Play Village", "Play all your Treasures", "Play Copper", "Play Silver", "Buy Copper",
        "Buy Silver", "Buy Gold", "Buy Estate", "Buy Duchy", "Buy Curse", "Buy Cellar",
        "Buy Market", "Buy Militia", "Buy Mine", "Buy Moat", "Buy Remodel", "Buy Smithy",
        "Buy Village", "Buy Workshop", "Buy Woodcutter", "End your turn"]


def test_sentrys_choices_name_the_card_and_where_it_goes():
    state = play(scenario(["sentry"], deck=["copper", "gold", "province"], kingdom=K), None,
                 play_card("sentry"))

    assert labels(state) == ["Trash Gold", "Trash Province", "Discard Gold", "Discard Province",
                             "Put Gold back onto your deck", "Put Province back onto your deck"]


def test_throne_room_moat_and_library_choices_read_as_buttons():
    throne = play(scenario(["throne_room", "smithy"], kingdom=[*K[:9], "throne_room"]), None,
                  play_card("throne_room"))
    moat = play(scenario(["militia"], deck=["copper"] * 5, kingdom=K,
                         others={1: {"hand": ["moat", *["copper"] * 4]}}), None,
                play_card("militia"))
    library = play(scenario(["library"], deck=["village", "copper"], kingdom=K), None,
                   play_card("library"))

    assert labels(throne) == ["Play Smithy twice", "Play no Action twice"]
    assert labels(moat) == ["Reveal Moat", "Do not reveal a Moat"]
    assert labels(library) == ["Set aside Village", "Keep Village"]


def test_spy_and_thief_choices_name_the_revealed_card():
    spy = play(scenario(["spy"], deck=["estate", "copper"], kingdom=FIRST, edition="first",
                        others={1: {"deck": ["gold"]}}), None, play_card("spy"))
    thief = play(scenario(["thief"], deck=["copper"] * 5, kingdom=FIRST, edition="first",
                          others={1: {"deck": ["gold", "silver"]}}), None, play_card("thief"))

    assert labels(spy) == ["Discard the Copper", "Put the Copper back"]
    assert labels(thief) == ["Trash Silver", "Trash Gold"]
    thief = play(thief, None, pick("trash", "gold"))
    assert labels(thief) == ["Gain the trashed Gold", "Leave the Gold in the trash"]
    assert line(thief, {"kind": "skip"}, 1).startswith("ann (seat 0) left the Gold in the trash.")


@pytest.mark.parametrize(("rules", "options", "seats", "seed"), GAMES, ids=GAME_IDS)
def test_no_two_moves_of_a_prompt_read_the_same(rules, options, seats, seed):
    for before, _, _ in events(rules, options, seats, seed):
        step = rules.next(before)
        if isinstance(step, Decision):
            words = move_labels(rules, before, step.prompts[0])
            assert len(set(words)) == len(words), words


# ---- the generic wording check (tests/games/words.py) for 1.0.0, and for kingdoms of the
# cards whose texts a random kingdom seldom reaches ----

WORDED = [("1.0.0", {}, 2), ("1.0.0", {"kingdom_choice": "random"}, 3),
          ("1.0.0", {"kingdom": FIRST, "edition": "first"}, 4), ("1.0.0", {"kingdom": K}, 2),
          (None, VARIANTS[0], 2), (None, VARIANTS[1], 3), (None, {"kingdom": K}, 4)]


@pytest.mark.parametrize(("version", "options", "seats"), WORDED,
                         ids=[f"{v or 'current'}-{i}" for i, (v, *_) in enumerate(WORDED)])
def test_every_prompt_label_and_log_line_reads_as_words(version, options, seats):
    faults = check_game("dominion", options, seats, seed=seats * 7 + len(options),
                        version=version)
    assert not faults, f"{len(faults)} faults, the first ones:\n" + "\n".join(faults[:15])


def test_declining_a_moat_reads_in_each_readers_own_person():
    state = play(scenario(["militia"], deck=["copper"] * 5, kingdom=K), None, play_card("militia"))

    assert prompt(state).seat == 1
    assert line(state, {"kind": "decline"}, 0) == "bob (seat 1) did not reveal a Moat."
    assert line(state, {"kind": "decline"}, 1) == "You did not reveal a Moat."


FIRST_EDITION = {"adventurer", "chancellor", "feast", "spy", "thief", "woodcutter"}


def every_text_after_playing(card: str) -> Iterator[tuple[str, str]]:
    """Seat 0 plays ``card`` from a hand and deck of every kind of card (the others hold a
    Moat): every prompt, label and log line met while its effect runs, down each of the
    first few choices at every step, as (where, text)."""
    kingdom = list(dict.fromkeys([card, "moat", "throne_room", *K]))[:10]
    hand = [card, "copper", "silver", "estate", "village", "throne_room"]
    deck = ["gold", "smithy", "estate", "copper", "province", "village", "silver", "curse"]
    others = {seat: {"hand": ["moat", "copper", "estate", "silver", "duchy"],
                     "deck": ["silver", "gold", "estate", "village"]} for seat in (1, 2)}
    state = scenario(hand, deck=deck, discard=["estate", "gold"], kingdom=kingdom, seats=3,
                     others=others, edition="first" if card in FIRST_EDITION else "second",
                     coins=0)
    yield from texts_from(state, play_card(card), depth=7)


def texts_from(state: State, move: dict[str, Any], depth: int) -> Iterator[tuple[str, str]]:
    seat = RULES.next(state).prompts[0].seat
    after = RULES.apply_move(state, seat, move)
    event = {"type": "move", "seat": seat, "move": move}
    for who in (0, 1, 2, "spectator", "record"):
        yield f"{move} for {who}", log_line(RULES, state, after, event, reader(who, 3))
    while isinstance(RULES.next(after), Chance):
        after = chance(after)
    step = RULES.next(after)
    if depth == 0 or not isinstance(step, Decision) or step.prompts[0].kind == "turn":
        return
    asked = step.prompts[0]
    yield f"the prompt after {move}", asked.text
    yield from ((f"a label after {move}", text) for text in labels(after))
    for choice in asked.legal_moves[:3]:
        yield from texts_from(after, choice, depth - 1)


@pytest.mark.parametrize("card", KINGDOM)
def test_every_text_of_a_kingdom_cards_effect_reads_as_words(card):
    ids = slugs("dominion")

    found = [f"{where}: {fault} in {text!r}" for where, text in every_text_after_playing(card)
             for fault in faults(text, ids)]

    assert not found, "\n".join(found[:10])
