"""God of War 1.0.0's words (``domain.kernel.narration``): the log line of each event for an
audience, and each legal move as a button, by the names players know, never by ids.

The words of the current package (``domain.games.godofwar.narration``), copied because a
frozen package imports only the kernel and itself (``tests/test_architecture.py``): 1.0.0's
state has the same shape, and its moves and pending frames are the same. What 1.1.0 added for
the words (the effect targets' words, ``counted``, public names for the views' helpers) is
here too, over this package's own content and helpers, so the names and interaction texts
read are this version's.

A log line is a sentence for the event ("ann (seat 0), as Kratos, plays Focus.") and one for
each public change it brought. It hides what the views hide (``views.py``): hands are the
team's, so every seat reads the cards drawn while a spectator reads how many; the order Mimir's
Foresight gives the top upgrade cards, and the cards it looks at, are the ordering seat's
alone; no deck order is told. Once the game is over (``audience.everything``) the public
record tells all of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Audience, Narration

from .cards import combo_value, name_of, number_value
from .content import CONTENT, RAW
from .engine import face, player_of, tile_info, tiles_of
from .state import Frame, State, tiles_in
from .turn import _ability_of
from .views import _new as added
from .views import _title as title_of

Move = dict[str, Any]
RUNES = {rune["id"]: rune["name"] for rune in RAW["campaign"]["runes"]["runes"]}
# The words of a solo companion ability's mode, by its effect's kind ({n}: its amount).
MODES = {"attack_counts_as": "the next attack counts as ranged",
         "bonus_this_attack_value": "+{n} to the next attack",
         "second_target": "the next attack also wounds a second enemy",
         "bonus_this_defense": "+{n} to this defense",
         "heal": "Kratos heals {n} wounds", "draw": "draw {n} cards",
         "reorder_upgrade_deck": "look at the top {n} upgrade cards and order them",
         "cancel_box": "cancel a text box"}

# What the player picks, by the effect's kind (1.1.0's prompts say it; 1.0.0's still read
# "Choose the target of heal"); {wounds} and {cards} count the effect's amount.
TARGET_WORDS = {
    "heal": "the hero who heals {wounds}",
    "draw": "the hero whose player draws {cards}",
    "wound_enemy": "the enemy who takes {wounds}",
    "stun_enemy": "the enemy to stun",
    "bonus_next_attack_value": "the hero whose next attack gets +{amount}",
    "bonus_next_defense": "the hero whose next defense gets +{amount}",
    "give_freya_token": "the hero who receives a Freya token",
    "gain_crystal": "the hero whose player gains a destruction crystal",
    "second_target": "an enemy for Volley's second arrow",
}


def target_words(kind: str, params: dict[str, Any]) -> str:
    """The target an effect asks a player for, in words ("the hero who heals 2 wounds")."""
    if kind == "change_hand_limit":
        amount = int(params["amount"])
        return (f"the hero whose player's hand limit {'rises' if amount > 0 else 'drops'} "
                f"by {abs(amount)}")
    amount = params.get("amount", 1)
    return TARGET_WORDS.get(kind, "the target").format(
        amount=amount, wounds=counted(amount, "wound"), cards=counted(amount, "card"))


def counted(count: int, noun: str) -> str:
    """A number of things in words: "1 wound", "2 wounds"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


# ---- names ----


def card(card_id: str) -> str:
    """A card by its printed name; an upgrade card with its rune, which tells apart the
    copies of one name ("Chaos Slash (Fehu)")."""
    printed = CONTENT.cards.get(card_id)
    rune = printed.rune if printed is not None else None
    return f"{name_of(card_id)} ({RUNES[rune]})" if rune else name_of(card_id)


def listed(words: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def hero(tile: str) -> str:
    return str(tile_info(tile).name)


def dashboard(board: str) -> str:
    return CONTENT.dashboards[board].name.replace(" & ", " and ")


def scene(st: State, card_id: str) -> str:
    """A scene card by the enemy it shows, else by its face's name; "in column 2" where
    another card above the columns shows the same name (a boss's health track, beside the
    columns, is the boss itself: "Sigrun", her attack points "Sigrun in column 2")."""
    named = _shown_name(st, card_id)
    printed = CONTENT.scene_cards[card_id]
    twins = [c for c in st["scene"] if c != card_id and CONTENT.scene_cards[c].row != "aux"
             and _shown_name(st, c) == named]
    return f"{named} in column {printed.col}" if twins and printed.row != "aux" else named


def _shown_name(st: State, card_id: str) -> str:
    shown = face(st, card_id)
    if shown is None:
        return "a scene card"
    return shown.enemy.name if shown.enemy is not None else shown.name or "a scene card"


def _point_words(st: State, card_id: str, point: str) -> str:
    """An interaction by its card and what it does ("Bonfire: warm yourself, heal 2"): the
    text after its price."""
    shown = face(st, card_id)
    text = next(p.text for p in shown.interactions if p.id == point) if shown else ""
    does = text.rsplit(": ", 1)[-1].rstrip(".")
    return f"{scene(st, card_id)}: {does}" if does else scene(st, card_id)


def _mode_words(ability: str, mode: str) -> tuple[str, str]:
    """A solo companion ability's name, and what the mode used does."""
    found = next(a for d in CONTENT.dashboards.values() for a in d.companions if a.id == ability)
    effect = next(m for m in found.modes if m.id == mode).effects[0]
    words = MODES[effect.kind].format(n=effect.params.get("amount", 1))
    return found.name, words + (" and stuns" if effect.params.get("stun") else "")


def _where(st: State, tile: str, column: int, space: str) -> str:
    """Where a tile would stand: "column 2", "column 2, behind Freya"."""
    others = [t for t in tiles_in(st, column) if t != tile]
    if not others:
        return f"column {column}"
    return f"column {column}, {'behind' if space == 'back' else 'in front of'} {hero(others[0])}"


def _partner(st: State, tile: str) -> str:
    """The other hero standing in the tile's column."""
    column = st["heroes"][tile]["column"]
    return next(t for t in tiles_in(st, column) if t != tile) if column else tile


def _doing(st: State) -> str:
    return "attack" if _top(st).get("op") == "attack" else "interaction"


def _top(st: State) -> Frame:
    pending = st["pending"] if st["stage"] == "round" else []
    return pending[-1] if pending else {}


def _number(card_id: str) -> str:
    return f"{card(card_id)} (+{number_value(card_id) or 0})"


def _value(st: State, frame: Frame, declared: str, bonus: tuple[str, ...]) -> int:
    held = st["bonuses"].get(frame["tile"], {})
    printed = combo_value(frame["card"], declared, frame["numbers"]) or 0
    return printed + sum(held.get(field, 0) for field in bonus)


# ---- moves: a log line's first sentence, and the label ----

# What a move says: the hero acting (None for none), the verb as "you" says it, and the rest.
# The log line puts its seat before it ("ann (seat 0), as Kratos, plays Focus."), the label
# says it as a command ("Play Focus"; "Brok: play Quick Repair" for a seat of two heroes).
Said = tuple[str | None, str, str]
Saying = Callable[[State, int, Move, Audience], Said]


def label(state: State, seat: int, move: Move) -> str:
    if move["kind"] == "target":  # the prompt says what for
        return f"Choose {_named(state, move['target'])}"
    tile, verb, rest = SAYINGS[move["kind"]](state, seat, move, Audience((), seat))
    if tile is not None and len(tiles_of(state, player_of(state, tile))) > 1:
        return f"{hero(tile)}: {verb} {rest}".rstrip()
    return f"{verb.capitalize()} {rest}".rstrip()


def _move_line(st: State, seat: int, move: Move, aud: Audience) -> str:
    tile, verb, rest = SAYINGS[move["kind"]](st, seat, move, aud)
    subject = aud.who(seat) + (f", as {hero(tile)}," if tile else "")
    return f"{subject} {_verb(aud, seat, verb)} {rest}".rstrip() + "."


def _verb(aud: Audience, seat: int, verb: str) -> str:
    """The verb agreeing with the seat ("You pass", "ann (seat 0) passes")."""
    if verb.endswith(("s", "sh", "ch", "x", "do")):
        third = verb + "es"
    elif verb.endswith("y") and verb[-2:-1] not in tuple("aeiou"):
        third = verb[:-1] + "ies"
    else:
        third = verb + "s"
    return aud.verb(seat, verb, third)


def _frame_tile(st: State) -> str | None:
    tile: str | None = _top(st).get("tile")
    return tile


def _say_done(st: State, seat: int, move: Move, aud: Audience) -> Said:
    frame = _top(st)
    if frame["op"] == "attack":
        value = _value(st, frame, frame["as"], ("value",))
        return frame["tile"], "strike", f"with a value of {value}"
    if frame["op"] == "defense":
        value = _value(st, frame, "defense", ("defense", "this_defense"))
        return frame["tile"], "defend", f"with a value of {value}"
    return frame["tile"], "finish", f"paying for {scene(st, frame['card'])}"


def _named(st: State, target: str) -> str:
    """An effect's target: a hero or a scene card."""
    return hero(target) if target in st["heroes"] else scene(st, target)


def _say_target(st: State, seat: int, move: Move, aud: Audience) -> Said:
    frame, named = _top(st), _named(st, move["target"])
    if frame["op"] == "second_target":
        return None, "choose", f"{named} as the second target of Volley"
    return None, "choose", f"{named} as {target_words(frame['kind'], frame['params'])}"


def _say_order(st: State, seat: int, move: Move, aud: Audience) -> Said:
    """Mimir's Foresight: the card put next is the ordering seat's to know (``redact``)."""
    if aud.sees(seat):
        return None, "put", f"{card(move['card'])} next on the upgrade deck"
    return None, "put", "an upgrade card back on the upgrade deck"


def _say_remove(st: State, seat: int, move: Move, aud: Audience) -> Said:
    if _top(st).get("op") == "upgrade":
        return None, "remove", f"{card(move['card'])} from the discard pile for good"
    return None, "remove", f"{card(move['card'])}, the highest number card, from the game"


def _say_mimir(st: State, seat: int, move: Move, aud: Audience) -> Said:
    aimed = hero(_top(st)["tile"])
    if move["take"]:
        return "mimir", "take", f"the wounds aimed at {aimed}"
    return None, "let", f"{aimed} take the wounds"


def _say_box(st: State, seat: int, move: Move, aud: Audience) -> Said:
    box = f"the box of {scene(st, _top(st)['card'])}"
    if move["cancel"]:
        return None, "cancel", f"{box} with Mimir's Foresight"
    return None, "let", f"{box} take effect"


SAYINGS: dict[str, Saying] = {
    "hero": lambda st, s, m, a: (None, "play", dashboard(m["hero"])),
    "place": lambda st, s, m, a: (None, "stand", f"{hero(m['tile'])} below "
                                  f"{_where(st, m['tile'], m['column'], m['space'])}"),
    "carrier": lambda st, s, m, a: ("mimir", "ride", f"with {hero(m['tile'])} this round"),
    "move": lambda st, s, m, a: (m["tile"], "move", "to "
                                 f"{_where(st, m['tile'], m['column'], m['space'])}"),
    "swap": lambda st, s, m, a: (m["tile"], "swap",
                                 f"places with {hero(_partner(st, m['tile']))}"),
    "attack": lambda st, s, m, a: (m["tile"], "attack", f"{scene(st, m['target'])} with "
                                   f"{card(m['card'])} ({m['as']})"),
    "special": lambda st, s, m, a: (m["tile"], "play", card(m["card"])),
    "rage": lambda st, s, m, a: (m["tile"], "use", _ability_of(st, m["tile"]).name),
    "interact": lambda st, s, m, a: (m["tile"], "use",
                                     _point_words(st, m["card"], m["point"])),
    "companion": lambda st, s, m, a: (None, "use", "{} ({})".format(
        *_mode_words(m["ability"], m["mode"]))),
    "end": lambda st, s, m, a: (None, "end", "the hero activation"),
    "add": lambda st, s, m, a: (_frame_tile(st), "add", f"{_number(m['card'])} to the "
                                f"{'attack' if _top(st)['op'] == 'attack' else 'defense'}"),
    "done": _say_done,
    "cancel": lambda st, s, m, a: (_frame_tile(st), "call", f"off the {_doing(st)}"),
    "pay": lambda st, s, m, a: (_frame_tile(st), "discard", _number(m["card"])
                                if m["as"] == "number"
                                else f"{card(m['card'])} for the {m['as']} icon"),
    "target": _say_target,
    "cancel-box": _say_box,
    "hit": lambda st, s, m, a: (None, "choose", f"{hero(m['tile'])} to take the attack"),
    "brother": lambda st, s, m, a: (None, "choose", f"{hero(m['tile'])} to take the wound"),
    "mimir": _say_mimir,
    "freya": lambda st, s, m, a: (_frame_tile(st), "spend", "a Freya token: the wounds are "
                                  "cancelled") if m["spend"]
    else (_frame_tile(st), "keep", "the Freya token"),
    "defend": lambda st, s, m, a: (_frame_tile(st), "defend", f"with {card(m['card'])}"),
    "no-defense": lambda st, s, m, a: (_frame_tile(st), "do", "not defend"),
    "order": _say_order,
    "pass": lambda st, s, m, a: (None, "pass", "") if _top(st).get("op") == "upgrade"
    else (None, "play", "no special card"),
    "quest": lambda st, s, m, a: (None, "choose", f"{title_of(m['id'])} as the second quest"),
    "boss": lambda st, s, m, a: (None, "choose", f"{title_of(m['id'])} as the final boss"),
    "take": lambda st, s, m, a: (None, "take", card(m["card"])),
    "remove": _say_remove,
}


# ---- log lines ----


def narrate(before: State, after: State, event: dict[str, Any], audience: Audience) -> str:
    if event["type"] == "chance":
        first = _chance_line(before, after, event, audience)
    else:
        first = _move_line(before, event["seat"], event["move"], audience)
    return " ".join([first, *_aftermath(before, after, audience)])


def _own(aud: Audience, seat: int) -> str:
    """The seat's possessive at the start of a sentence ("Your", "ann (seat 0)'s")."""
    whose = aud.whose(seat)
    return whose[:1].upper() + whose[1:] if aud.is_you(seat) or whose.startswith("seat") \
        else whose


def _chance_line(before: State, after: State, event: dict[str, Any], aud: Audience) -> str:
    spec, outcome = event["spec"], event["outcome"]
    what = spec.get("what", "")
    if what == "enemy die":
        attack = after["last_attack"]
        assert attack is not None  # the die is rolled for an attack, which records it
        return (f"The enemy die shows {outcome} against {hero(attack['tile'])}'s attack of "
                f"{attack['value']}.")
    if what == "first player":
        return f"{aud.who(outcome)} {aud.verb(outcome, 'are', 'is')} the first player."
    if what == "quests":
        first, *others = [title_of(q) for q in after["campaign"]["quests"]]
        return f"The quests are drawn: {first} first, then {' or '.join(others)}."
    if what == "bosses":
        titles = "; ".join(title_of(b) for b in after["campaign"]["bosses"])
        return f"The final bosses are drawn: {titles}."
    return _shuffle_line(before, aud)


def _shuffle_line(st: State, aud: Audience) -> str:
    """A shuffle, by what is shuffled; its order is never told (no deck order is public)."""
    if st["stage"] == "deal":
        return f"{_own(aud, st['dealt'])} starting deck is shuffled."
    frame = _top(st)
    if frame.get("op") == "draw":
        return f"{_own(aud, frame['seat'])} discard pile is shuffled into a new deck."
    if frame.get("op") == "shuffle_in":
        return f"{_own(aud, frame['seat'])} deck is shuffled."
    if frame.get("op") == "upgrade":
        return "The upgrade cards nobody took are shuffled under the upgrade deck."
    return "The upgrade deck is shuffled."


def _aftermath(before: State, after: State, aud: Audience) -> list[str]:
    """A sentence for each public change the event brought, in the order a player looks."""
    same_scene = before["campaign"]["current"] == after["campaign"]["current"] is not None
    lines = _draws(before, after, aud) + _foresight(before, after, aud)
    lines += [f"{card(c)} is revealed from the upgrade deck."
              for c in added(before["revealed"], after["revealed"])]
    if same_scene:
        for card_id in after["scene"]:
            lines += _scene_changes(before, after, card_id)
    lines += _enemy_attacks(before, after)
    if after["quests_won"] == before["quests_won"]:  # a quest won clears every hero
        lines += [line for tile in after["heroes"] for line in _hero_changes(before, after, tile)]
        lines += [f"{_own(aud, seat)} hand limit is now {player['hand_limit']}."
                  for seat, player in enumerate(after["players"])
                  if before["players"][seat]["hero"] is not None
                  and player["hand_limit"] != before["players"][seat]["hand_limit"]]
    return lines + _progress(before, after, aud, same_scene)


def _draws(before: State, after: State, aud: Audience) -> list[str]:
    """Each seat's draws: the cards to a seat or the record (hands are the team's), how many
    to a spectator (who sees hand sizes); a stun or poison card drawn is public."""
    lines = []
    for seat, player in enumerate(after["players"]):
        old = before["players"][seat]
        drawn = added(old["hand"], player["hand"])
        statuses = [c for c in added(old["discard"], player["discard"])
                    if c in ("stun", "poison")]
        if drawn and (aud.seat is not None or aud.everything):
            lines.append(f"{aud.who(seat)} {_verb(aud, seat, 'draw')} "
                         f"{listed([card(c) for c in drawn])}.")
        elif drawn:
            lines.append(f"{aud.who(seat)} {_verb(aud, seat, 'draw')} "
                         f"{counted(len(drawn), 'card')}.")
        lines += [f"{aud.who(seat)} {_verb(aud, seat, 'draw')} a {card(c)} card."
                  for c in statuses]
    return lines


def _foresight(before: State, after: State, aud: Audience) -> list[str]:
    """Mimir's Foresight looks at the top upgrade cards: which, to the looking seat alone."""
    frame = _top(after)
    if frame.get("op") != "reorder" or _top(before).get("op") == "reorder":
        return []
    seat, top = frame["seat"], list(reversed(after["upgrade_deck"][-frame["n"]:]))
    looks = f"{aud.who(seat)} {_verb(aud, seat, 'look')} at the top {len(top)} upgrade cards"
    return [f"{looks}: {listed([card(c) for c in top])}." if aud.sees(seat) else f"{looks}."]


def _scene_changes(before: State, after: State, card_id: str) -> list[str]:
    old, new = before["scene"][card_id], after["scene"][card_id]
    name, lines = scene(before, card_id), []
    wounds = new["wounds"] - old["wounds"]
    if wounds:  # before any flip: wounds stay on the card as it turns (GOW-R-20)
        lines.append(_wounded(name, wounds))
    if old["side"] != new["side"]:
        name = scene(after, card_id)
        lines.append(f"{scene(before, card_id)} turns over: {name}.")
    else:
        if new["armor_broken"] > old["armor_broken"]:
            lines.append(f"An armor value of {name} breaks.")
        if new["storage"] != old["storage"]:
            lines.append(f"{name} holds {counted(new['storage'], 'token')}.")
    if new["dead"] and not old["dead"]:
        lines.append(f"{name} is killed.")
    if new["stun"] > old["stun"]:
        lines.append(f"{name} is stunned.")
    return lines


def _enemy_attacks(before: State, after: State) -> list[str]:
    """The enemy attacks begun, each with the heroes it aims at (told as the attack waits for
    specials and defenses; its wounds are told as they land)."""
    def aimed(st: State) -> list[str]:
        return [f"{f['enemy_card']}/{f['tile']}" for f in st["pending"] if f["op"] == "hurt"
                and f.get("attack") and f["enemy_card"] in st["scene"]]
    begun: dict[str, list[str]] = {}
    for key in added(aimed(before), aimed(after)):
        enemy, tile = key.split("/")
        begun.setdefault(enemy, []).append(hero(tile))
    return [f"{scene(after, enemy)} attacks {listed(list(reversed(tiles)))}."
            for enemy, tiles in begun.items()]


def _wounded(name: str, wounds: int) -> str:
    """Wounds taken (more than none) or healed (fewer)."""
    return f"{name} {'takes' if wounds > 0 else 'heals'} {counted(abs(wounds), 'wound')}."


def _hero_changes(before: State, after: State, tile: str) -> list[str]:
    old, new = before["heroes"].get(tile), after["heroes"][tile]
    if old is None:
        return []
    wounds = new["wounds"] - old["wounds"]
    lines = [_wounded(hero(tile), wounds)] if wounds else []
    if new["knocked_out"] and not old["knocked_out"]:
        lines.append(f"{hero(tile)} is knocked out.")
    if new["freya_token"] and not old["freya_token"]:
        lines.append(f"{hero(tile)} receives a Freya token.")
    return lines


def _progress(before: State, after: State, aud: Audience, same_scene: bool) -> list[str]:
    """The campaign: a quest won, the next scene, a new round and first player, the end."""
    lines = []
    if after["quests_won"] > before["quests_won"]:
        lines.append(f"The party wins {title_of(after['campaign']['played'][-1])}.")
    current = after["campaign"]["current"]
    if current is not None and current != before["campaign"]["current"]:
        lines.append(f"The party faces {title_of(current)}.")
    first = after["first_player"]
    if same_scene and after["round"] > before["round"] > 0 and first is not None:
        lines.append(f"Round {after['round']} begins; {aud.who(first, start=False)} "
                     f"{aud.verb(first, 'are', 'is')} the first player.")
    result = after["result"]
    if result is not None and before["result"] is None:
        verdict = {"win": "The party wins the game", "loss": "The party loses the game"}
        lines.append(f"{verdict.get(result['shared'], 'The game ends')}: {result['reason']}.")
    return lines


NARRATION = Narration(narrate=narrate, label=label)
