// Each game whose players bring decks of their own, with its deck builder (the deck page's
// game-specific half: which cards make a deck and how it is laid out).

import * as thrones from "./thrones-deck.js";

export const DECK_BUILDERS = { thrones };
