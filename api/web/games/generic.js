// The renderer of a game that has no look of its own yet: the view as readable data. Its
// prompt and legal moves come from the shared prompt panel, so any game is playable.

import { dataTree, h } from "../dom.js";

export function draw(ctx) {
  return h("section", { class: "board generic", "aria-label": "The game" },
    h("h2", { text: "The game as your seat sees it" }), dataTree(ctx.answer.view));
}
