"""``gamehall analyze``: one self-contained HTML page of charts about a file of replays.

For every game in the file: win rates by seat, by first player and by bot (each with its 95%
Wilson interval), the games' lengths, and the question its players ask most: Dominion, the
win rate of the seats that bought each card; Revolution, where and what the winners placed;
God of War, the scene where each lost party fell. Charts are matplotlib PNGs inlined as base64,
so the page needs nothing beside it.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Callable, Iterable
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: the charts are written to memory
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from domain.games import UnknownGame, get_rules  # noqa: E402
from domain.games.dominion.cards import name as card_name  # noqa: E402
from domain.games.godofwar.views import title_of  # noqa: E402
from domain.games.revolution.tiles import TILES  # noqa: E402
from domain.history import EventType  # noqa: E402
from domain.kernel.narration import bot_seat_name  # noqa: E402
from replays.export import undone_by  # noqa: E402

Z95 = 1.959964
HUMAN = "human"  # the ``bot`` of a seat a person played


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound at 0 or all wins, and few games)."""
    if games == 0:
        return 0.0, 0.0
    rate = wins / games
    centre = (rate + Z95 ** 2 / (2 * games)) / (1 + Z95 ** 2 / games)
    spread = Z95 * math.sqrt(rate * (1 - rate) / games + Z95 ** 2 / (4 * games ** 2))
    spread /= 1 + Z95 ** 2 / games
    return max(0.0, centre - spread), min(1.0, centre + spread)


def played_moves(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The moves that stand (not undone by a takeback): their payloads."""
    undone = undone_by(document)
    return [e["payload"] for e in document["events"]
            if e["type"] == EventType.MOVE_MADE and e["seq"] not in undone]


def won(result: dict[str, Any] | None, seat: int) -> bool:
    if result is None:
        return False
    if result.get("shared") is not None:
        return bool(result["shared"] == "win")
    return seat in result["winners"]


def seat_rows(documents: Iterable[dict[str, Any]]) -> pd.DataFrame:
    """One row a seat of a finished game: who played it, whether it moved first, whether it
    won, and the game's length in moves."""
    rows = []
    for document in documents:
        if document.get("status") != "over":
            continue
        moves = played_moves(document)
        first = moves[0]["seat"] if moves else None
        for seat, player in enumerate(document["seats"]):
            rows.append({"game_id": document["game_id"], "game": document["game"],
                         "seat": seat, "bot": player.get("bot") or HUMAN,
                         "first": seat == first, "won": won(document["result"], seat),
                         "moves": len(moves)})
    return pd.DataFrame(rows, columns=["game_id", "game", "seat", "bot", "first", "won",
                                       "moves"])


def rates(frame: pd.DataFrame, by: str) -> pd.DataFrame:
    """Win rate with its interval for each value of ``by``."""
    grouped = frame.groupby(by)["won"].agg(["sum", "count"]).reset_index()
    bounds = [wilson(int(w), int(n)) for w, n in zip(grouped["sum"], grouped["count"],
                                                     strict=True)]
    grouped["rate"] = grouped["sum"] / grouped["count"]
    grouped["low"] = [b[0] for b in bounds]
    grouped["high"] = [b[1] for b in bounds]
    return grouped.rename(columns={"sum": "wins", "count": "games"})


def game_title(game: str) -> str:
    """The game's name as players know it ("God of War"); a game this server does not
    host keeps the name its documents give it."""
    try:
        return get_rules(game).info.title
    except UnknownGame:
        return game


def bot_words(bot: str) -> str:
    return "people" if bot == HUMAN else bot_seat_name(bot)


# Each way win rates are split: its heading, its column's header and each value's words.
SPLITS: tuple[tuple[str, str, str, Callable[[Any], str]], ...] = (
    ("seat", "by seat", "seat", lambda seat: f"seat {seat}"),
    ("first", "by first player", "who moved first",
     lambda first: "moved first" if first else "moved later"),
    ("bot", "by bot", "played by", bot_words),
)


def rate_chart(table: pd.DataFrame, by: str, title: str) -> str:
    """Bars of each row's win rate with its interval, labelled by the words in ``by``."""
    figure, axes = plt.subplots(figsize=(6, 0.45 * len(table) + 1.2))
    labels = [str(v) for v in table[by]]
    # Clipped at 0: at a rate of 0 or 1 rounding may leave a bound a hair past the rate.
    errors = [(table["rate"] - table["low"]).clip(lower=0),
              (table["high"] - table["rate"]).clip(lower=0)]
    axes.barh(labels, table["rate"], xerr=errors, capsize=4, color="#4c78a8")
    axes.set_xlim(0, 1)
    axes.set_xlabel("win rate (95% interval)")
    axes.set_title(title)
    return png(figure)


def png(figure: Any) -> str:
    """The figure as an inline ``<img>`` (base64 PNG), closed once drawn."""
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=90)
    plt.close(figure)
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="chart" src="data:image/png;base64,{encoded}">'


def table_html(table: pd.DataFrame) -> str:
    headers = {"rate": "win rate", "low": "95% low", "high": "95% high"}
    return table.rename(columns=headers).to_html(index=False, border=0,
                                                 float_format=lambda x: f"{x:.3f}")


def length_chart(frame: pd.DataFrame, title: str) -> str:
    lengths = frame.drop_duplicates("game_id")["moves"]
    figure, axes = plt.subplots(figsize=(6, 2.6))
    axes.hist(lengths, bins=min(30, max(5, lengths.nunique())), color="#72b7b2")
    axes.set_xlabel("moves in a game")
    axes.set_ylabel("games")
    axes.set_title(f"{title} \N{EM DASH} game lengths (median {lengths.median():.0f})")
    return png(figure)


# ---- the questions each game's players ask ----


def dominion_cards(documents: list[dict[str, Any]]) -> str:
    """Win rate of the seats that bought each card at least once."""
    rows = []
    for document in documents:
        bought: dict[int, set[str]] = {}
        for move in played_moves(document):
            if move["move"].get("kind") == "buy":
                bought.setdefault(move["seat"], set()).add(card_name(move["move"]["card"]))
        rows += [{"card": card, "won": won(document["result"], seat)}
                 for seat, cards in bought.items() for card in cards]
    if not rows:
        return "<p>No card was bought.</p>"
    table = rates(pd.DataFrame(rows), "card").sort_values("rate")
    return (rate_chart(table, "card", "Dominion: win rate of seats that bought each card")
            + table_html(table.sort_values("rate", ascending=False)))


def revolution_placements(documents: list[dict[str, Any]]) -> str:
    """Where the winners placed tiles (a 3x3 board) and which tiles they placed most."""
    squares = [0] * 9
    tiles: dict[str, list[int]] = {}  # tile -> [placements by winners, all placements]
    for document in documents:
        for move in played_moves(document):
            placed = move["move"]
            if placed.get("kind") != "place" or "square" not in placed:
                continue
            by_winner = won(document["result"], move["seat"])
            counts = tiles.setdefault(TILES[placed["tile"]].name, [0, 0])
            counts[0] += by_winner
            counts[1] += 1
            squares[placed["square"]] += by_winner
    if not tiles:
        return "<p>No tile was placed.</p>"
    figure, (board, bars) = plt.subplots(1, 2, figsize=(10, 4))
    board.imshow([squares[0:3], squares[3:6], squares[6:9]], cmap="Blues")
    for square, count in enumerate(squares):
        board.text(square % 3, square // 3, str(count), ha="center", va="center")
    board.set_xticks([])
    board.set_yticks([])
    board.set_title("winners' placements by square")
    share = pd.DataFrame([{"tile": t, "by winners": c[0], "placements": c[1],
                           "winners' share": c[0] / c[1]} for t, c in tiles.items()])
    top = share.sort_values("by winners").tail(15)
    bars.barh(top["tile"], top["by winners"], color="#f58518")
    bars.set_title("tiles winners placed most")
    return png(figure) + table_html(share.sort_values("by winners", ascending=False))


def godofwar_losses(documents: list[dict[str, Any]]) -> str:
    """The scene each lost party fell in (the last scene of its campaign) and the round."""
    rows = [{"scene": scene_words(d["result"].get("details") or {}),
             "rounds": (d["result"].get("details") or {}).get("rounds")}
            for d in documents
            if d.get("status") == "over" and d["result"].get("shared") == "loss"]
    if not rows:
        return "<p>No party lost.</p>"
    frame = pd.DataFrame(rows)
    counts = frame.groupby("scene").agg(losses=("rounds", "size"),
                                        median=("rounds", "median")).reset_index()
    counts["median round"] = [f"{m:g}" if pd.notna(m) else "not recorded"
                              for m in counts.pop("median")]
    counts = counts.sort_values("losses")
    figure, axes = plt.subplots(figsize=(6, 0.45 * len(counts) + 1.2))
    axes.barh(counts["scene"], counts["losses"], color="#e45756")
    axes.set_xlabel("lost parties")
    axes.set_title("God of War: where parties lose")
    return png(figure) + table_html(counts.sort_values("losses", ascending=False))


def scene_words(details: dict[str, Any]) -> str:
    """The title of the quest or final boss a lost party fell at."""
    scenes = details.get("scenes") or []
    return title_of(scenes[-1]) if scenes else "before any scene"


QUESTIONS: dict[str, tuple[str, Callable[[list[dict[str, Any]]], str]]] = {
    "dominion": ("Which cards do winners buy?", dominion_cards),
    "revolution": ("Where do winners place their tiles?", revolution_placements),
    "godofwar": ("Where do parties lose?", godofwar_losses),
}


def game_section(game: str, documents: list[dict[str, Any]], frame: pd.DataFrame) -> str:
    name = game_title(game)
    parts = [f"<h2>{html.escape(name)} ({frame['game_id'].nunique()} games)</h2>"]
    for by, title, header, words in SPLITS:
        table = rates(frame, by)
        table.insert(0, header, [words(value) for value in table.pop(by)])
        chart = rate_chart(table, header, f"{name} \N{EM DASH} win rate {title}")
        parts += [f"<h3>Win rate {title}</h3>", chart, table_html(table)]
    parts += ["<h3>Game lengths</h3>", length_chart(frame, name)]
    if game in QUESTIONS:
        question, answer = QUESTIONS[game]
        parts += [f"<h3>{html.escape(question)}</h3>", answer(documents)]
    return "\n".join(parts)


def report(documents: list[dict[str, Any]]) -> str:
    """The whole page."""
    finished = [d for d in documents if d.get("status") == "over"]
    frame = seat_rows(finished)
    sections = [game_section(game, [d for d in finished if d["game"] == game],
                             frame[frame["game"] == game])
                for game in sorted(frame["game"].unique(), key=game_title)]
    body = "\n".join(sections) or "<p>No finished game in the file.</p>"
    return (
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>gamehall analysis</title>"
        "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
        "table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right}</style>"
        f"</head><body><h1>Analysis of {len(finished)} finished games</h1>\n{body}"
        "</body></html>\n")
