// The deck page (#/decks): build a deck from a game's card pool with the server's own deck
// rules checked as it changes (POST /decks/check: the same violations POST /decks gives,
// shown beside the cards they concern), paste a decklist as players write it, export one as
// text, save it (POST /decks), list the decks saved here and copy one to change it. Which
// cards make a deck, and how it is laid out, is the game's builder (games/*-deck.js).

import { clear, counted, h } from "./dom.js";
import { DECK_BUILDERS } from "./games/deck-builders.js";
import { ApiError, post } from "./http.js";
import { notify } from "./notice.js";

// ---- the decks kept in this browser, like seat tokens ----

const STORE = "gamehall:decks";

// Whose decks these are. The browser holds no player key yet (only seat tokens), so its own
// (null). Once it does, return that key here: POST /decks with it makes the deck the
// player's, and GET /players/me/decks lists them in place of this store.
export function deckOwner() {
  return null;
}

export function decksHeld(game) {
  let all = [];
  try { all = JSON.parse(localStorage.getItem(STORE) || "[]"); } catch { all = []; }
  if (!Array.isArray(all)) all = [];
  const owner = deckOwner();
  return all.filter((d) => d && (!game || d.game === game) && (d.owner ?? null) === owner);
}

function keepDeck(deck) {
  const all = decksHeld(null).filter((d) => d.deck_id !== deck.deck_id);
  all.push({ ...deck, owner: deckOwner() });
  localStorage.setItem(STORE, JSON.stringify(all));
}

function forgetDeck(deckId) {
  localStorage.setItem(STORE, JSON.stringify(decksHeld(null).filter((d) => d.deck_id !== deckId)));
}

// ---- the page ----

export async function showDecks(main, game = Object.keys(DECK_BUILDERS)[0]) {
  document.title = "Decks — gamehall";
  const builder = DECK_BUILDERS[game];
  if (!builder) {
    notify(`Players of ${game} bring no decks of their own.`);
    return null;
  }
  const page = { game, list: h("section", { "aria-labelledby": "saved-title" }) };
  const editor = await builder.editor(game, (decklist, name) => check(page, decklist, name));
  Object.assign(page, { editor, problems: h("div", { class: "deck-problems", role: "status" }),
    exported: h("textarea", { id: "deck-export", readonly: true, rows: 8, cols: 50 }) });
  const name = h("input", { id: "deck-name", type: "text", maxlength: 60, value: "My deck" });
  page.name = name;
  name.addEventListener("change", () => editor.changed());
  main.append(h("h1", { text: "Decks" }),
    page.list,
    h("section", { class: "deck-builder", "aria-labelledby": "build-title" },
      h("h2", { id: "build-title", text: "Build a deck" }),
      h("div", { class: "option" }, h("label", { for: "deck-name", text: "Deck name" }), name),
      page.problems,
      editor.element,
      h("div", { class: "deck-actions" },
        h("button", { type: "button", text: "Save deck", onclick: () => save(page) }),
        h("button", { type: "button", text: "New empty deck",
          onclick: () => { name.value = "My deck"; editor.load(null); } }))),
    importSection(page), exportSection(page));
  listDecks(page);
  editor.load(null);
  return null;
}

function importSection(page) {
  const text = h("textarea", { id: "deck-import", rows: 8, cols: 50,
    placeholder: "3x Eddard Stark\nHouse Stark\nAgenda: Fealty\n…" });
  const lines = h("ol", { class: "import-lines", "aria-label": "Lines not understood" });
  const read = async () => {
    clear(lines);
    try {
      const answer = await post("/decks/check", { game: page.game, text: text.value });
      if (answer.name) page.name.value = answer.name;
      page.editor.load(answer);
      lines.append(...answer.lines.map((l) => h("li", { class: "bad-line", "data-line": l.line,
        text: `Line ${l.line}: ${l.message}` + (l.suggestion ? ` Did you mean ${l.suggestion}?` : "") })));
      if (answer.lines.length) notify(`${counted(answer.lines.length, "line")} of the list ${answer.lines.length === 1 ? "names" : "name"} no card: see below the list.`);
    } catch (error) {
      notify(error instanceof ApiError ? error.message : String(error));
    }
  };
  return h("section", { class: "deck-import", "aria-labelledby": "import-title" },
    h("h2", { id: "import-title", text: "Import a list" }),
    h("label", { for: "deck-import", text: "Paste a decklist as text (one card a line: 3x Eddard Stark)" }),
    text, h("button", { type: "button", text: "Read the list", onclick: read }), lines);
}

function exportSection(page) {
  return h("section", { class: "deck-export", "aria-labelledby": "export-title" },
    h("h2", { id: "export-title", text: "Export" }),
    h("label", { for: "deck-export", text: "The deck being built, as text (copy it)" }),
    page.exported);
}

// Checked by the server as the deck changes: the newest answer wins.
let checking = 0;

async function check(page, decklist, name) {
  const ticket = ++checking;
  try {
    const answer = await post("/decks/check", { game: page.game, name: name ?? page.name.value,
      ...decklist });
    if (ticket !== checking) return;
    page.exported.value = answer.text;
    page.editor.showViolations(answer.violations);
    clear(page.problems);
    const general = answer.violations.filter((v) => !v.card);
    page.problems.append(answer.violations.length
      ? h("p", { text: `${counted(answer.violations.length, "deck rule")} broken.` }) : h("p", { text: "A legal deck." }),
    general.length ? h("ul", {}, general.map((v) => h("li", { text: v.message }))) : null);
  } catch (error) {
    if (ticket === checking) notify(error instanceof ApiError ? error.message : String(error));
  }
}

async function save(page) {
  try {
    const deck = await post("/decks", { game: page.game, name: page.name.value.trim() || "My deck",
      ...page.editor.decklist() });
    keepDeck(deck);
    listDecks(page);
    notify(`Saved ${deck.name}.`, "news");
  } catch (error) {
    const broken = error.problem && error.problem.violations;
    if (broken) page.editor.showViolations(broken);
    notify(error instanceof ApiError ? error.message : String(error));
  }
}

function listDecks(page) {
  clear(page.list);
  const decks = decksHeld(page.game);
  page.list.append(h("h2", { id: "saved-title", text: "Your decks" }),
    decks.length ? h("ul", { class: "saved-decks" }, decks.map((d) => h("li", { "data-deck-id": d.deck_id },
      h("span", { text: `${d.name} (${page.editor.summary(d)}) ` }),
      h("button", { type: "button", text: "Copy to change", "aria-label": `Copy ${d.name} to change it`,
        onclick: () => { page.name.value = `${d.name} (copy)`; page.editor.load(d); } }),
      h("button", { type: "button", text: "Forget", "aria-label": `Forget ${d.name}`,
        onclick: () => { forgetDeck(d.deck_id); listDecks(page); } }))))
      : h("p", { text: "No deck saved in this browser yet: build one below, or import a list." }));
}
