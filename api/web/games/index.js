// Each hosted game's own look, by game name; a game without one (a game that lands later)
// is drawn by the generic renderer: its prompt, its legal moves as buttons, its view as data.

import * as dominion from "./dominion.js";
import * as generic from "./generic.js";
import * as godofwar from "./godofwar.js";
import * as revolution from "./revolution.js";
import * as thrones from "./thrones.js";

const RENDERERS = { dominion, godofwar, revolution, thrones };

export function rendererFor(game) {
  return RENDERERS[game] || generic;
}
