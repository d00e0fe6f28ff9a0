// The windows a seat chooses not to be asked in (a game whose summary has `windows`: Thrones'
// action windows of each phase and its response windows, as throneteki's prompt settings).
// One checkbox a kind, ticked while the seat is asked in it; a change is sent at once
// (PUT /games/{id}/seats/{seat}/preferences) and recorded in the game's public history.

import { h } from "./dom.js";
import { request } from "./http.js";
import { notify } from "./notice.js";

export function askingPanel(page) {
  const windows = page.summary.windows;
  if (!windows || !page.token || page.answer.status === "over" || page.answer.status === "abandoned") return null;
  const skipped = new Set(windows.skip[Number(page.seat)] || []);
  const boxes = windows.kinds.map((kind) => h("label", { class: "ask-kind" },
    h("input", { type: "checkbox", "data-kind": kind.id, checked: !skipped.has(kind.id),
      onchange: () => choose(page, details) }),
    ` ${kind.label[0].toUpperCase()}${kind.label.slice(1)}`));
  const details = h("details", { class: "asking", open: page.askingOpen },
    h("summary", { text: `Ask me in… (${windows.kinds.length - skipped.size} of ${windows.kinds.length} kinds of window)` }),
    h("p", { class: "hint", text: "Untick a kind and the server passes those windows for you, " +
      "whatever you hold, so passing tells nothing of your hand. Your choice is public." }),
    h("fieldset", {}, h("legend", { text: "Windows you are asked in" }), boxes));
  details.addEventListener("toggle", () => { page.askingOpen = details.open; });
  return details;
}

async function choose(page, details) {
  const skip = [...details.querySelectorAll("input[data-kind]")]
    .filter((box) => !box.checked).map((box) => box.dataset.kind);
  try {
    await request("PUT", `/games/${page.gameId}/seats/${page.seat}/preferences`,
      { token: page.token, body: { skip } });
    await page.refresh();
  } catch (error) {
    notify(error.message);
  }
}
