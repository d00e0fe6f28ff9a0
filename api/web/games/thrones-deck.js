// Thrones' deck builder: a House, an agenda (or none), a plot deck and a house deck, picked
// from the card pool (filtered by House, type and cost; a card's text on hover, focus or
// tap). The rules are the server's: the deck page asks POST /decks/check after each change
// and hands the violations back here, shown beside the cards they concern.

import { componentsOf } from "../components.js";
import { clear, h } from "../dom.js";
import { componentDetails, infoOn } from "./common.js";

const HOUSE_TYPES = ["character", "location", "attachment", "event"];
const TYPES = [...HOUSE_TYPES, "plot"];
const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);

export async function editor(game, onChange) {
  const components = await componentsOf(game);
  // The box's own versions of named cards ("-box") are not cards of the pool (README,
  // "Full card game: decks and agendas"): the server's check refuses them too.
  const pool = [...components.values()].filter((c) => !c.id.endsWith("-box") &&
    [...TYPES, "agenda"].includes(c.types[0]));
  const houses = [...new Set(pool.map((c) => c.house))].filter((x) => x !== "neutral").sort();
  const deck = { house: houses[0], agenda: null, plots: new Map(), cards: new Map() };
  const info = h("aside", { class: "info", "aria-label": "Card details", "aria-live": "polite" },
    componentDetails(null));
  const ctx = { components, showInfo: (c) => { clear(info).append(componentDetails(c)); } };

  const house = h("select", { id: "deck-house" }, houses.map((x) => h("option", { value: x, text: `House ${capital(x)}` })));
  const agenda = h("select", { id: "deck-agenda" }, h("option", { value: "", text: "No agenda" }),
    pool.filter((c) => c.types[0] === "agenda").map((c) => h("option", { value: c.id, text: c.name })));
  const byHouse = h("select", { id: "filter-house" }, h("option", { value: "", text: "Every House" }),
    [...houses, "neutral"].map((x) => h("option", { value: x, text: capital(x) })));
  const byType = h("select", { id: "filter-type" }, h("option", { value: "", text: "Every type" }),
    TYPES.map((t) => h("option", { value: t, text: capital(t) })));
  const byCost = h("input", { id: "filter-cost", type: "number", min: 0, max: 20, placeholder: "any" });
  const rows = new Map();
  const table = h("tbody", {}, pool.filter((c) => TYPES.includes(c.types[0])).map((c) => poolRow(c)));
  const contents = h("div", { class: "deck-contents" });
  const violations = new Map();

  function poolRow(c) {
    const count = h("td", { class: "count", text: "0" });
    const broken = h("td", { class: "violation" });
    const name = h("button", { type: "button", class: "card-name", text: c.name });
    infoOn(name, ctx, c.id);
    const row = h("tr", { "data-card": c.id }, h("th", { scope: "row" }, name),
      h("td", { text: c.types[0] }), h("td", { text: capital(c.house) }),
      h("td", { text: c.cost ?? "" }), count,
      h("td", {}, h("button", { type: "button", text: "Add", "aria-label": `Add ${c.name}`,
        "data-action": "add", onclick: () => change(c, 1) }),
      h("button", { type: "button", text: "Remove", "aria-label": `Remove ${c.name}`,
        "data-action": "remove", onclick: () => change(c, -1) })), broken);
    rows.set(c.id, { row, count, broken, card: c });
    return row;
  }

  function partOf(c) { return c.types[0] === "plot" ? deck.plots : deck.cards; }

  function change(c, by) {
    const part = partOf(c);
    const n = Math.max(0, (part.get(c.id) || 0) + by);
    if (n) part.set(c.id, n); else part.delete(c.id);
    changed();
  }

  function filter() {
    const cost = byCost.value === "" ? null : Number(byCost.value);
    for (const { row, card } of rows.values()) {
      row.hidden = (byHouse.value && card.house !== byHouse.value) ||
        (byType.value && card.types[0] !== byType.value) ||
        (cost !== null && (card.cost ?? 0) > cost);
    }
  }

  function drawContents() {
    const focused = document.activeElement && contents.contains(document.activeElement)
      ? document.activeElement.getAttribute("aria-label") : null;
    const list = (title, part) => {
      const total = [...part.values()].reduce((a, b) => a + b, 0);
      return h("div", { class: "deck-part" }, h("h3", { text: `${title} (${total})` }),
        part.size ? h("ul", {}, [...part.entries()].sort().map(([id, n]) => {
          const c = components.get(id) || { name: id };
          return h("li", { "data-card": id }, `${n}× ${c.name} `,
            h("button", { type: "button", text: "Remove one", "aria-label": `Remove one ${c.name}`,
              onclick: () => change({ ...c, id, types: c.types || ["card"] }, -1) }),
            (violations.get(id) || []).map((m) => h("span", { class: "violation", text: ` ${m}` })));
        })) : h("p", { class: "nil", text: "none yet" }));
    };
    clear(contents).append(list("Plot deck", deck.plots), list("House deck", deck.cards));
    const again = focused && [...contents.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === focused);
    if (again) again.focus();
  }

  function changed() {
    deck.house = house.value;
    deck.agenda = agenda.value || null;
    for (const { count, card } of rows.values()) count.textContent = String(partOf(card).get(card.id) || 0);
    drawContents();
    onChange(decklist());
  }

  function decklist() {
    return { house: deck.house, agenda: deck.agenda,
      plots: [...deck.plots.entries()].flatMap(([id, n]) => Array(n).fill(id)).sort(),
      cards: [...deck.cards.entries()].sort() };
  }

  function load(given) {
    deck.plots.clear();
    deck.cards.clear();
    house.value = given && houses.includes(given.house) ? given.house : houses[0];
    agenda.value = (given && given.agenda) || "";
    for (const id of (given && given.plots) || []) deck.plots.set(id, (deck.plots.get(id) || 0) + 1);
    for (const [id, n] of (given && given.cards) || []) deck.cards.set(id, (deck.cards.get(id) || 0) + n);
    changed();
  }

  function showViolations(found) {
    violations.clear();
    for (const v of found) if (v.card) violations.set(v.card, [...(violations.get(v.card) || []), v.message]);
    for (const { broken, card } of rows.values()) broken.textContent = (violations.get(card.id) || []).join(" ");
    drawContents();
  }

  house.addEventListener("change", changed);
  agenda.addEventListener("change", changed);
  for (const f of [byHouse, byType, byCost]) f.addEventListener("input", filter);
  const element = h("div", { class: "thrones-deck" },
    h("div", { class: "deck-head" },
      h("div", { class: "option" }, h("label", { for: "deck-house", text: "House" }), house),
      h("div", { class: "option" }, h("label", { for: "deck-agenda", text: "Agenda" }), agenda)),
    contents,
    h("fieldset", { class: "filters" }, h("legend", { text: "Show cards" }),
      h("label", { for: "filter-house", text: "House" }), byHouse,
      h("label", { for: "filter-type", text: "Type" }), byType,
      h("label", { for: "filter-cost", text: "Cost at most" }), byCost),
    info,
    h("div", { class: "scroll" }, h("table", { class: "card-pool" },
      h("caption", { text: "The card pool" }),
      h("thead", {}, h("tr", {}, ["Card", "Type", "House", "Cost", "In deck", "Change", "Rules broken"]
        .map((t) => h("th", { scope: "col", text: t })))), table)));
  return { element, load, decklist, changed, showViolations,
    summary: (d) => `House ${capital(d.house)}, ${d.plots.length} plots, ` +
      `${d.cards.reduce((a, [, n]) => a + n, 0)} cards` };
}
