// The one place errors and news are told to the player (an ARIA alert).

import { clear, h } from "./dom.js";

export function notify(message, kind = "error") {
  const box = document.getElementById("notice");
  clear(box);
  if (!message) {
    box.hidden = true;
    return;
  }
  box.className = kind;
  box.append(h("span", { text: message }),
    h("button", { type: "button", class: "close", "aria-label": "Dismiss",
      onclick: () => notify(null), text: "×" }));
  box.hidden = false;
}
