"""Thrones' words (``domain.kernel.narration``): each event's log line for an audience, and
each legal move as a button's words.

A log line tells the notes the event left (``state.note``: "drew", "marshalled (paying 2
gold)", "Stark Guard was killed"), each naming its seat by the audience's words ("You", "ann
(seat 0)"); a move that left no note is told from the move itself. What ``views`` hides
stays hidden from whoever may not see it: the cards of a secret note (a draw, a card put into
Shadows) are counted, not named, and an answer to a simultaneous question (a mulligan, a
setup card, a plot, a draft pick) is only said to have been given.

A button names cards as players know them. A card in play is named by its title; where
another card in play shares the name, its words say where it stands ("Stark Guard
(standing, in your play area)"), then what sets it apart (power, attachments, duplicates).

``words(cards, simultaneous, strength)`` builds both for a rules version: the current
package's below, and ``released/thrones_1_0_0/narration.py``'s (its states have the same
shapes).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.kernel import Audience, Narration

from .cards import CARDS
from .flow import SIMUL
from .state import CHALLENGE_TYPES, WIN_POWER
from .stats import strength
from .windows import TRIGGER_WORDS

State = dict[str, Any]
Move = dict[str, Any]
WRIT = "im-you-writ-small"  # I'm Your Writ Small: an event that becomes an attachment

# A seat the rules' prompt texts name by number ("Seat 2's military challenge").
class Printed(Protocol):
    """What the words need of a card (``cards.Card``, of any rules version)."""

    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def authored(self) -> bool: ...


@dataclass(frozen=True)
class Voice:
    """How a phrase names seats: ``me`` is "you"; ``actor``, the seat a sentence is about, is
    "their" to anyone else; the others by ``names`` (a log line, a button), or as "seat 2"
    where the seats have no names."""

    me: int | None
    names: tuple[str, ...] | None = None
    actor: int | None = None

    def who(self, seat: int) -> str:
        if seat == self.me:
            return "you"
        return self.names[seat] if self.names else f"seat {seat}"

    def whose(self, seat: int) -> str:
        if seat == self.me:
            return "your"
        return "their" if seat == self.actor else f"{self.who(seat)}'s"

    def whom(self, seat: int) -> str:
        """The seat as the object of the actor's act ("Make yourself the first player")."""
        if seat == self.actor or (self.actor is None and seat == self.me):
            return "yourself" if seat == self.me else "themself"
        return self.who(seat)


def listed(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


@dataclass(frozen=True)
class Words:
    """The words of one rules version (see ``words``)."""

    cards: Mapping[str, Printed] = field(repr=False)
    simultaneous: Collection[str]
    strength: Callable[[State, Any], int]  # a character's STR now (``stats.strength``)

    # ---- cards ----

    def name(self, card_id: str) -> str:
        return self.cards[card_id].name if card_id in self.cards else "a card"

    def in_hand(self, st: State, seat: int, card_id: str) -> str:
        """A card of ``seat``'s hand; the edition is named when the hand holds another
        card of the same name (the Core Set's Eddard Stark and the box's)."""
        name = self.name(card_id)
        p = st["players"][seat]
        others = {c for c in p["hand"] + p.get("shadows", []) if c != card_id}
        if any(self.name(c) == name for c in others):
            edition = "the two-player box" if self.cards[card_id].authored else "the Core Set"
            return f"{name} ({edition})"
        return name

    def in_play(self, st: State, uid: str, voice: Voice) -> str:
        """A card in play by name, and, when another card in play shares it, where it
        stands and what sets it apart."""
        rec = next((c for c in st["play"] if c["uid"] == uid), None)
        if rec is None:  # a card that left play answering its own death (Ser Jacelyn)
            gone = next((t["card"] for t in st["triggers"] if t.get("uid") == uid), "")
            return self.name(gone)
        name = self.name(rec["card"])
        twins = [c for c in st["play"] if c is not rec and self.name(c["card"]) == name]
        if not twins:
            return name
        marks = ["knelt" if rec["knelt"] else "standing", self._place(st, rec, voice)]
        alike = [c for c in twins if c["knelt"] == rec["knelt"]
                 and self._place(st, c, voice) == marks[1]]
        for mark in (self._taking_part, self._strength, self._power, self._carrying,
                     self._duplicates):
            if any(mark(st, c) != mark(st, rec) for c in alike) and mark(st, rec):
                marks.append(mark(st, rec))
        return f"{name} ({', '.join(marks)})"

    def _place(self, st: State, rec: dict[str, Any], voice: Voice) -> str:
        if rec["host"] == "house":
            return f"on {voice.whose(rec['controller'])} House card"
        host = next((c for c in st["play"] if c["uid"] == rec["host"]), None)
        if host is not None:
            return f"on {self.in_play(st, host['uid'], voice)}"
        return f"in {voice.whose(rec['controller'])} play area"

    def _taking_part(self, st: State, rec: dict[str, Any]) -> str:
        ch = st["challenge"] or {}
        return ("attacking" if rec["uid"] in ch.get("attackers", ()) else
                "defending" if rec["uid"] in ch.get("defenders", ()) else "")

    def _strength(self, st: State, rec: dict[str, Any]) -> str:
        if self.cards[rec["card"]].type != "character":
            return ""
        return f"STR {self.strength(st, rec)}"

    def _power(self, st: State, rec: dict[str, Any]) -> str:
        return f"with {rec['power']} power" if rec["power"] else "without power"

    def _carrying(self, st: State, rec: dict[str, Any]) -> str:
        held = [self.name(c["card"]) for c in st["play"] if c["host"] == rec["uid"]]
        return f"with {listed(held)}" if held else "without attachments"

    def _duplicates(self, st: State, rec: dict[str, Any]) -> str:
        n = len(rec["dups"])
        return f"with {n} duplicate{'s' if n != 1 else ''}" if n else "without duplicates"

    # ---- moves ----

    def phrase(self, st: State, seat: int, move: Move, voice: Voice) -> str:
        """The move as an imperative ("Defend with Eddard Stark"), in ``voice``."""
        kind = move.get("kind", "")
        op = st["pending"][-1]["op"] if st["pending"] else ""
        card = move.get("card", "")
        if kind in CARD_VERBS:
            return CARD_VERBS[kind].format(card=self.in_play(st, card, voice))
        if kind in HAND_VERBS:
            placed = HAND_VERBS[kind].format(card=self.in_hand(st, seat, card),
                                             your=voice.whose(seat))
            return placed + self._onto(st, seat, move, voice)
        if kind == "use":
            return self._use(st, seat, move, voice)
        if kind == "choose":
            verb = CHOOSE_VERBS.get(st["pending"][-1].get("what", ""), "Choose {card}")
            return verb.format(card=self.in_play(st, card, voice))
        if kind == "kill":
            return f"Kill {self.in_play(st, card, voice)}"
        if kind == "discard":  # Varys names a card in play; Rule by Decree one in hand
            shown = (self.in_play(st, card, voice) if op == "varys"
                     else self.in_hand(st, seat, card))
            return f"Discard {shown}"
        if kind == "attach":  # I'm Your Writ Small, or a setup attachment onto its host
            if "host" in move:
                return (f"Attach {self.in_hand(st, seat, card)} to "
                        f"{self.in_play(st, move['host'], voice)}")
            return f"Attach {self.name(WRIT)} to {self.in_play(st, card, voice)}"
        if kind in PLOT_VERBS:
            return PLOT_VERBS[kind].format(plot=self.name(card), your=voice.whose(seat))
        if kind in SEAT_VERBS:
            return SEAT_VERBS[kind].format(who=voice.whom(move["seat"]))
        return self._plain(st, seat, move, op, voice)

    def _plain(self, st: State, seat: int, move: Move, op: str, voice: Voice) -> str:
        kind = move["kind"]
        if kind == "challenge":
            against = f" against {voice.who(move['target'])}" if "target" in move else ""
            return f"Initiate {article(move['type'])} {move['type']} challenge{against}"
        if kind == "reveal_order":
            first = move["first"]
            plot = self.name(st["players"][first]["revealed"] or "")
            return f"Resolve {voice.whose(first)} plot, {plot}, first"
        if kind == "title":
            return f"Take the title {self.name(move['title'])}"
        if kind == "infamy":
            if move["card"]:
                return f"Put the power on {self.in_play(st, move['card'], voice)}"
            return f"Leave the power on {voice.whose(seat)} House"
        if kind == "hound":
            return ("Discard The Hound from play" if move["discard"] == "hound"
                    else f"Discard the top card of {voice.whose(seat)} deck")
        if kind == "redirect":
            return f"Make {voice.who(st['challenge']['attacker'])} choose another target"
        if kind == "raff":
            return ("Put the card on the bottom of the deck" if move["put"] == "bottom"
                    else "Leave the card on top of the deck")
        if kind == "done" and op == "defenders" and not st["challenge"]["defenders"]:
            return "Declare no defenders"
        if kind == "pass" and op == "window" and st["pending"][-1].get("active") == seat:
            return "Pass and end your marshalling turn"
        words = DONE_WORDS.get((kind, op)) or KIND_WORDS.get(kind)
        return words or kind.replace("_", " ").capitalize()

    def _onto(self, st: State, seat: int, move: Move, voice: Voice) -> str:
        where = move.get("host") or move.get("onto") or ""
        if where == "house":
            return f" on {voice.whose(seat)} House card"
        if not where:
            return ""
        if move["kind"] == "duplicate" or "onto" in move:
            return f" as a duplicate on {self.in_play(st, where, voice)}"
        return f" onto {self.in_play(st, where, voice)}"

    def _use(self, st: State, seat: int, move: Move, voice: Voice) -> str:
        source, card = move["source"], move["card"]
        if source == "hand":
            text = f"Play {self.in_hand(st, seat, card)}"
        elif source == card:  # a card used from the dead pile (Trident Reinforcements)
            text = f"Use {self.name(card)} from {voice.whose(seat)} dead pile"
        else:
            text = f"Use {self.in_play(st, source, voice)}"
        text += self._target(st, seat, move, voice)
        if "calm" in move:  # Calm over Westeros' gold, in melee
            text += f", handing 1 gold to {voice.who(move['calm'])}"
        return text + self._answering(st, move, voice)

    def _target(self, st: State, seat: int, move: Move, voice: Voice) -> str:
        """A use's target in words: "cost>aim" (kneel the cost to affect the aim), "a,b"
        (several aims), "cost>" (a cost alone), "p2" (a player: Varys trades plot decks with
        them, Winterfell Reserves takes from their discard pile, Raff looks at their deck, an
        Honor Guard goes to them), "p2:military" (Illyrio's opponent and challenge type), a
        card, plot or challenge type named."""
        target = move["target"]
        if not target:
            return ""
        if re.fullmatch(r"p\d+", target):
            other = int(target[1:])
            if move["card"].startswith("varys"):
                return f", trading plot decks with {voice.who(other)}"
            if move["card"] == "raff-the-sweetling":
                return f", looking at the top of {voice.whose(other)} deck"
            if move["card"].endswith("honor-guard"):
                return f", giving it to {voice.who(other)}"
            return f" on {voice.whose(other)} discard pile"
        if re.fullmatch(r"p\d+:\w+", target):  # Magister Illyrio's opponent and type
            other, kind = target[1:].split(":")
            return f", naming {kind} challenges by {voice.who(int(other))}"
        if target in self.cards and self.cards[target].type == "plot":
            return f", revealing {self.name(target)}"
        if ">" in target:
            cost, aim = target.split(">", 1)
            paid = listed([self._token(st, seat, t, voice) for t in cost.split("+")])
            if not aim:  # a cost alone (Muster, Westeros Bleeds)
                return f", kneeling {paid}"
            if aim.isdigit():
                return f", paying {aim} gold and kneeling {paid}"
            return f" on {self._token(st, seat, aim, voice)}, kneeling {paid}"
        tokens = [self._token(st, seat, t, voice) for t in target.split(",")]
        if target in CHALLENGE_TYPES or target in self.cards:
            return f", naming {tokens[0]}"
        return f" on {listed(tokens)}"

    def _token(self, st: State, seat: int, token: str, voice: Voice) -> str:
        if token == "hand-of-the-king":  # the title's influence (melee)
            return "the Hand of the King's influence"
        if token in CHALLENGE_TYPES:
            return f"{token} challenges"
        if token in self.cards:
            return self.name(token)
        return self.in_play(st, token, voice)

    def _answering(self, st: State, move: Move, voice: Voice) -> str:
        """Which of several open triggers of one kind the use answers."""
        index = move.get("trigger", -1)
        if index < 0 or index >= len(st["triggers"]):
            return ""
        trigger = st["triggers"][index]
        if sum(t["kind"] == trigger["kind"] for t in st["triggers"]) < 2:
            return ""
        seat = trigger.get("seat")
        return " (after " + TRIGGER_WORDS[trigger["kind"]].format(
            who=voice.who(seat) if isinstance(seat, int) else "",
            card=self.in_play(st, trigger["uid"], voice) if trigger.get("uid") else "") + ")"

    def label(self, st: State, seat: int, move: Move, audience: Audience) -> str:
        return self.phrase(st, seat, move, Voice(seat, audience.names or None))

    # ---- log lines ----

    def narrate(self, before: State, after: State, event: dict[str, Any],
                audience: Audience) -> str:
        notes = after["notes"]
        lines = self._move(before, event, audience, notes) if event["type"] == "move" else []
        move = event.get("move") or {}
        onto = ""
        if move.get("kind") in PUT_ONTO:
            voice = Voice(audience.seat, audience.names, event["seat"])
            onto = self._onto(before, event["seat"], move, voice)
        lines += [self.note(n, audience, onto) for n in notes]
        if not lines:
            lines.append(self.chance(event.get("spec", {}), audience))
        if after["result"] is not None:
            lines.append(self.result(after["result"], audience))
        return " ".join(sentence(line) for line in lines)

    def _move(self, before: State, event: dict[str, Any], audience: Audience,
              notes: list[dict[str, Any]]) -> list[str]:
        """What is said of the move itself: nothing when its notes tell it; only that it
        was given, for an answer to a simultaneous question its reader may not see."""
        seat = event["seat"]
        op = before["pending"][-1]["op"] if before["pending"] else ""
        secret = op in self.simultaneous
        if secret and not audience.sees(seat):
            return [] if notes else [f"{audience.who(seat)} {SECRET_ANSWERS.get(op, SECRET)}"]
        if not notes or (secret and all(n["seat"] != seat for n in notes)):
            return [self.told(before, seat, event["move"], audience)]
        return []

    def told(self, st: State, seat: int, move: Move, audience: Audience) -> str:
        """A move that left no note, in the past tense."""
        who = audience.who(seat)
        voice = Voice(audience.seat, audience.names, seat)
        op = st["pending"][-1]["op"] if st["pending"] else ""
        done = TOLD.get((move.get("kind", ""), op)) or TOLD.get((move.get("kind", ""), ""))
        if done is not None:
            plot = self.name(move.get("card", ""))
            return f"{who} {done.format(your=voice.whose(seat), plot=plot)}"
        text = self.phrase(st, seat, move, voice)
        return f"{who} chose to {text[:1].lower()}{text[1:]}"

    def note(self, entry: dict[str, Any], audience: Audience, onto: str = "") -> str:
        """A note in words; ``onto``: where the card a move put into play went ("onto Arya
        Stark"), said after it."""
        seat, act, cards = entry["seat"], entry["act"], entry["cards"]
        act = self._seats(act, audience)
        if entry.get("passive"):
            verb = act if len(cards) == 1 else act.replace("was ", "were ", 1)
            whose = audience.whose(seat)  # it starts the sentence: "Your", "Seat 2's"
            whose = cap(whose) if whose.startswith(("your", "seat ")) else whose
            return f"{whose} {listed([self.name(c) for c in cards])} {verb}"
        if seat < 0 or act.startswith("nobody"):
            return cap(act)
        if entry.get("secret") and not audience.sees(seat):  # how many, never which
            named = [f"{len(cards)} cards" if len(cards) != 1 else "a card"]
        else:
            named = [self.name(c) for c in cards]
        if onto and act.startswith(tuple(PUT_ONTO.values())) and len(named) == 1:
            named = [named[0] + onto]
        act = with_cards(act, named)
        return f"{audience.who(seat)} {you(act) if audience.is_you(seat) else act}"

    def _seats(self, act: str, audience: Audience) -> str:
        act = re.sub(r"made Seat (\d+) change the target of its",
                     lambda m: f"made {audience.who(int(m[1]), start=False)} change the "
                               f"target of {'your' if audience.is_you(int(m[1])) else 'their'}",
                     act)
        act = re.sub(r"Seat (\d+)'s$", lambda m: "yours" if audience.is_you(int(m[1]))
                     else audience.whose(int(m[1])), act)  # "their title opposes yours"
        act = re.sub(r"Seat (\d+)'s", lambda m: audience.whose(int(m[1])), act)
        act = re.sub(r"Seat (\d+)", lambda m: audience.who(int(m[1]), start=False), act)
        return act.replace("a intrigue", "an intrigue").replace("s's ", "s' ")

    def chance(self, spec: dict[str, Any], audience: Audience) -> str:
        what = re.sub(r"seat (\d+)", lambda m: audience.who(int(m[1]), start=False),
                      str(spec.get("what", "the cards")))
        if spec.get("kind") == "shuffle":
            return cap(f"{'the ' if what.startswith('deck') else ''}{what} was shuffled")
        return f"A random draw was made ({what})"

    def result(self, result: dict[str, Any], audience: Audience) -> str:
        winners = listed([audience.who(s, start=False) for s in result["winners"]])
        scores = ", ".join(f"{power} for {audience.who(s, start=False)}"
                           for s, power in enumerate(result["scores"]))
        return f"The game is over: {winners} reached {WIN_POWER} power. Final power: {scores}"


def article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def you(act: str) -> str:
    """An act told of the reader: "You keep your hand", "You defend for ..."."""
    first, _, rest = act.partition(" ")
    first = {"plays": "play", "defends": "defend", "is": "are"}.get(first, first)
    act = f"{first} {rest}".strip()
    act = re.sub(r"\btheir\b", "your", act)
    return act.replace("themself", "yourself").replace("between them", "between you")


# Acts whose cards are the object of their first verb: "marshalled Stark Guard (paying 2
# gold)", "declared Stark Guard as an attacker".
VERB_FIRST = ("declared as", "discarded from the top", "discarded at random", "returned to",
              "returned from", "put into", "put on top", "brought out of", "marshalled",
              "stood by", "took from their deck", "will return")
CARD_TEMPLATES = {
    "had the STR ignored of": "ignored the STR of {cards}",
    "revealed the top card of their deck and took it": "revealed {cards} on top of their deck "
                                                        "and took it",
    "showed their hand": "showed their hand: {cards}",
    "revealed setup cards": "revealed setup cards: {cards}",
    "attached a setup card": "attached {cards} at setup",
    "stood to save": "stood Bronn to save {cards}",
}
EMPTY_TEMPLATES = {"showed their hand": "showed their empty hand",
                   "revealed setup cards": "revealed no setup cards"}


def with_cards(act: str, names: list[str]) -> str:
    """The act with the cards it names in their place in the sentence."""
    if not names:
        return EMPTY_TEMPLATES.get(act, act)
    cards = listed(names)
    if act in CARD_TEMPLATES:
        return CARD_TEMPLATES[act].format(cards=cards)
    if "when revealed" in act:
        return re.sub(r"chose whose (.*) resolves (\w+)", rf"chose {cards} to resolve its \1 "
                      r"\2", act)
    if act.startswith(("gained 1 power from", "picked ")):
        return f"{act} ({cards})"
    if act.startswith(VERB_FIRST):
        words = 2 if act.startswith("will ") else 1
        head, rest = " ".join(act.split(" ")[:words]), " ".join(act.split(" ")[words:])
        return f"{head} {cards} {rest}".rstrip(" ,")
    return f"{act} {cards}"


# Moves that may put a card onto another, and the note each leaves.
PUT_ONTO = {"marshal": "marshalled", "ambush": "put into play by Ambush",
            "from_shadows": "brought out of Shadows"}
SECRET = "answered in secret"
SECRET_ANSWERS = {"mulligan": "chose in secret whether to mulligan",
                  "place": "made a secret setup choice",
                  "choose_plots": "chose a plot in secret",
                  "draft_keep": "kept a plot in secret",
                  "draft_final": "chose a plot for their plot deck in secret"}

# A move that left no note, told in the past tense ((kind, frame op); op "" for any).
TOLD = {("pass", "window"): "passed", ("pass", "shadows"): "brought nothing out of Shadows",
        ("done", "attackers"): "finished declaring attackers",
        ("done", "defenders"): "finished declaring defenders",
        ("done", "choose"): "kept no more", ("done", "keyword_stand"): "stood no more cards",
        ("done", "place"): "finished placing setup cards",
        ("decline", "regent"): "let the challenge stand (Crown Regent)",
        ("decline", "undefended"): "declined", ("decline", "sansa"): "chose not to draw",
        ("decline", ""): "declined", ("skip", ""): "chose no Stealth target",
        ("keep", ""): "kept {your} hand", ("mulligan", ""): "took a mulligan",
        ("none", ""): "took nothing", ("pass", ""): "passed", ("done", ""): "finished",
        ("plot", ""): "chose {plot} as {your} plot", ("draft", ""): "kept {plot}",
        ("plot_deck", ""): "put {plot} into {your} plot deck"}

# Imperatives, by move kind.
CARD_VERBS = {"attacker": "Attack with {card}", "defender": "Defend with {card}",
              "stealth": "Bypass {card} with Stealth", "stand": "Stand {card}",
              "save_duplicate": "Discard a duplicate to save {card}"}
HAND_VERBS = {"marshal": "Marshal {card}", "duplicate": "Marshal {card}",
              "ambush": "Put {card} into play by Ambush",
              "shadow": "Put {card} into Shadows",
              "from_shadows": "Bring {card} out of Shadows",
              "place": "Place {card} face down",
              "place_on_house": "Place {card} face down on {your} House card",
              "place_shadow": "Place {card} face down in Shadows",
              "take": "Take {card}"}
PLOT_VERBS = {"plot": "Choose {plot} as {your} plot", "draft": "Keep {plot}",
              "plot_deck": "Put {plot} into {your} plot deck"}
SEAT_VERBS = {"first_player": "Make {who} the first player",
              "opponent": "Pick {who}", "target": "Attack {who} instead"}
CHOOSE_VERBS = {"drunken": "Kneel {card}", "wildfire": "Keep {card}",
                "fleeing": "Keep {card}", "snowed": "Return {card} to hand",
                "condemned": "Kill {card}"}
DONE_WORDS = {("done", "attackers"): "Done declaring attackers",
              ("done", "defenders"): "Done declaring defenders",
              ("done", "choose"): "Keep no more",
              ("done", "keyword_stand"): "Stand no more",
              ("done", "place"): "Done placing setup cards",
              ("decline", "undefended"): "Decline",
              ("decline", "regent"): "Let the challenge stand",
              ("decline", "sansa"): "Do not draw",
              ("pass", "shadows"): "Bring nothing out of Shadows"}
KIND_WORDS = {"pass": "Pass", "done": "Done", "decline": "Decline",
              "end_challenges": "End your challenges", "skip": "Bypass nobody",
              "keep": "Keep your hand", "mulligan": "Take a mulligan", "none": "Take nothing",
              "draw": "Draw 1 card",
              "take_challenge": "Take the challenge onto yourself"}


def words(cards: Mapping[str, Printed], simultaneous: Collection[str],
          strength: Callable[[State, Any], int]) -> Narration:
    """The narration of a rules version: its cards, the frame ops of its simultaneous
    questions (``flow.SIMUL``) and its characters' STR (``stats.strength``)."""
    found = Words(cards, frozenset(simultaneous), strength)
    return Narration(narrate=found.narrate, label=found.label)


NARRATION = words(CARDS, SIMUL, strength)
