"""The kernel: the contract every game implements, chance specs and the fair-draw derivation,
errors, canonical JSON and hashing. Pure: no I/O, no clock, no randomness, and no game's words."""

from .canonical import (
    GENESIS_HASH,
    canonical_json,
    hash_value,
    json_copy,
    json_equal,
    round_trip,
    sha256_hex,
)
from .chance import (
    KINDS,
    ChanceKind,
    ChanceSpec,
    DrawStream,
    bot_context,
    chance_context,
    check_outcome,
    derive_outcome,
    dice_spec,
    draw_spec,
    new_commitment,
    pick_spec,
    roll_spec,
    shuffle_spec,
)
from .contract import (
    Bot,
    Chance,
    Decision,
    DeckRules,
    Draw,
    GameInfo,
    GameRules,
    Move,
    OptionSpec,
    Over,
    Prompt,
    Reveals,
    Rules,
    State,
    Step,
    Traits,
    abandonment,
    ask_bot,
    default_redact,
    play_chance,
    play_move,
    resignation,
)
from .errors import BadOptions, GameError, GameOver, IllegalMove, NotAChanceStep, NotYourTurn
from .options import validate_options

__all__ = [
    "GENESIS_HASH", "canonical_json", "hash_value", "json_equal", "json_copy", "round_trip",
    "sha256_hex",
    "KINDS", "ChanceKind", "ChanceSpec", "DrawStream", "bot_context", "chance_context",
    "check_outcome", "derive_outcome", "dice_spec", "draw_spec", "new_commitment",
    "pick_spec", "roll_spec", "shuffle_spec",
    "Bot", "Chance", "Decision", "DeckRules", "Draw", "GameInfo", "Move", "OptionSpec", "Over",
    "Prompt",
    "GameRules", "Reveals", "Rules", "State", "Step", "Traits", "abandonment", "ask_bot",
    "default_redact", "play_chance", "play_move", "resignation",
    "BadOptions", "GameError", "GameOver", "IllegalMove", "NotAChanceStep", "NotYourTurn",
    "validate_options",
]
