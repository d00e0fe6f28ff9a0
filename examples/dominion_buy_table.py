"""A Dominion buy table fitted with pandas from a dataset of replays, played as a bot.

The table says, for each amount of coins a seat has to spend, which card to buy (or none):
the choice whose games the deciding seat went on to win most often, among the choices made
often enough. It learns from whoever played the replays; fitted on Big Money against the
random bot, it buys as Big Money does and beats ``random``::

    gamehall play dominion --bots big_money,random --games 200 --seed fit --export games.ndjson
    gamehall dataset games.ndjson -o games.parquet
    python -m examples.dominion_buy_table games.parquet      # writes dominion_buy_table.json
    gamehall play dominion --bots examples.dominion_buy_table:policy,random --games 20

The policy is a plain ``Bot`` (domain/kernel/contract.py): it sees its seat's view and its
prompt, never the state. It plays its treasures, buys by the table, ends its turn, and
answers any other prompt at random, as the random bot does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pandas as pd

TABLE_FILE = Path(__file__).with_name("dominion_buy_table.json")
MOST_COINS = 8  # eight coins or more buy the same: a Province is the dearest card
END_TURN = {"kind": "end_turn"}
PLAY_TREASURES = {"kind": "play_treasures"}


def buy_choices(decisions: pd.DataFrame) -> pd.DataFrame:
    """The decisions where a seat could buy: its coins, what it chose (a card, or None for
    ending the turn), and how its game ended for it."""
    rows = decisions[(decisions["game"] == "dominion") & ~decisions["taken_back"]]
    moves = rows["move"].map(json.loads)
    views = rows["view"].map(json.loads)
    could_buy = views.map(lambda view: view["turn"]["phase"] == "buy")
    chosen = moves.map(lambda move: move.get("card") if move["kind"] == "buy" else
                       None if move["kind"] == "end_turn" else "other")
    frame = pd.DataFrame({"coins": views.map(lambda v: min(v["turn"]["coins"], MOST_COINS)),
                          "choice": chosen, "outcome": rows["outcome"]})
    return frame[could_buy & (frame["choice"] != "other")]


def fit(decisions: pd.DataFrame, least: int = 5) -> dict[int, str | None]:
    """Per coins, the choice with the best mean outcome among those made ``least`` times."""
    choices = buy_choices(decisions).fillna({"choice": "(none)"})
    scored = choices.groupby(["coins", "choice"])["outcome"].agg(["mean", "count"])
    scored = scored[scored["count"] >= least].reset_index()
    best = scored.loc[scored.groupby("coins")["mean"].idxmax()]
    return {int(c): None if card == "(none)" else str(card)
            for c, card in zip(best["coins"], best["choice"], strict=True)}


class BuyTable:
    """The table as a bot."""

    games = ("dominion",)

    def __init__(self, table: dict[int, str | None]) -> None:
        self.table = table

    def __call__(self, view: dict[str, Any], prompt: Any, draw: Any) -> dict[str, Any]:
        legal = prompt.legal_moves
        if PLAY_TREASURES in legal:
            return PLAY_TREASURES
        if END_TURN in legal:
            card = self.table.get(min(view["turn"]["coins"], MOST_COINS))
            buy = {"kind": "buy", "card": card}
            return buy if buy in legal else END_TURN
        return legal[draw(len(legal))]  # type: ignore[no-any-return]


def load_table(path: Path = TABLE_FILE) -> dict[int, str | None]:
    if not path.exists():
        return {}
    return {int(coins): card for coins, card in json.loads(path.read_text()).items()}


policy = BuyTable(load_table())


def main(parquet: str) -> None:
    table = fit(pd.read_parquet(parquet))
    TABLE_FILE.write_text(json.dumps(table, indent=1) + "\n")
    print(f"{TABLE_FILE}: {table}")


if __name__ == "__main__":
    main(sys.argv[1])
