// Revolution's look: the 3x3 board turned so that your side is at the bottom, each tile
// upright for the seat it is an ally of (the opponent's allies stand upside down, as across a
// real table), destroyed tiles face down, the unused tiles of each side and the neutral tiles.
// To place, pick a tile from your area (kept in view at the bottom of the play page: ``hand``),
// then a highlighted square.

import { fact, h, spoken, svg, unseen } from "../dom.js";
import { infoOn, nameOf, offers, picker, rawView, seatName } from "./common.js";

// Each faction's mark beside its colour, so that a tile's side is not told by colour alone.
const MARKS = { regality: "♛", religion: "✚", neutral: "◆" };

// The board keys a move sits on, in the order they are picked: a tile from the seat's row
// (its id, or "hidden:N" for a face-down one), then the square it is placed on; a square,
// then the square its tile moves to; the square an ability targets.
function keysOf(move) {
  if (move.kind === "place") return [tileKey(move), move.square];
  if (move.kind === "move_tile") return [move.from, move.to];
  return typeof move.square === "number" ? [move.square] : [];
}

function tileKey(move) {
  return move.tile !== undefined ? move.tile : `hidden:${move.hidden}`;
}

function pickerOf(ctx) {
  return picker(ctx, keysOf, { inOrder: true });
}

export function draw(ctx) {
  const view = ctx.answer.view;
  const viewer = ctx.seat === null ? 0 : Number(ctx.seat);
  const other = 1 - viewer;
  const placing = ctx.legal.some((m) => m.kind === "place");
  return h("section", { class: "board revolution", "aria-label": "Revolution" },
    scoreLine(ctx, view),
    placing ? h("p", { class: "hint", text: ctx.ui.pick === undefined
      ? "Pick a tile from your row, then one of the highlighted squares."
      : "Now pick a highlighted square (or another tile)." }) : null,
    side(ctx, view, other, false),
    grid(ctx, view, viewer),
    ctx.docked ? null : side(ctx, view, viewer, true),
    neutrals(ctx, view),
    results(view),
    rawView(view));
}

// The seat's own side, drawn apart where the page keeps it in view (ctx.docked).
export function hand(ctx) {
  if (ctx.seat === null) return null;
  return h("div", { class: "revolution" }, side(ctx, ctx.answer.view, Number(ctx.seat), true));
}

function scoreLine(ctx, view) {
  const who = (s) => seatName(ctx.summary, s);
  const parts = [`game ${view.game_no}`, `wins ${who(0)} ${view.wins[0]} – ${view.wins[1]} ${who(1)}`];
  if (view.options && view.options.match === "points") parts.push(`points ${view.points.join(" – ")}`);
  return h("p", { class: "turn" }, h("strong", { text: view.stage === "over" ? "Match over" :
    ctx.seat !== null && view.to_act.includes(Number(ctx.seat)) ? "Your move" : `Waiting for ${view.to_act.map(who).join(", ") || "a draw"}` }),
    " · " + parts.join(" · "));
}

// The squares on screen, top-left to bottom-right: seat 0 sees the board as numbered, seat 1
// sees it turned half a circle (its side, the bottom row as it sits, is squares 0-2).
function grid(ctx, view, viewer) {
  const cells = [];
  for (let p = 0; p < 9; p++) {
    const square = viewer === 1 ? 8 - p : p;
    cells.push(squareCell(ctx, view, square, viewer));
  }
  return h("div", { class: "grid", role: "group", "aria-label": `The board, seat ${viewer}'s side at the bottom` }, cells);
}

function squareCell(ctx, view, square, viewer) {
  const cell = view.board[square];
  const pick = pickerOf(ctx);
  const moves = pick.movesAt(square);
  const el = h("button", { type: "button", class: "square" + (moves.length ? " legal" : ""),
    "data-square": square },
    h("span", { class: "sq-no" }, unseen("Square "), String(square), unseen(": ")),
    cell ? tile(ctx, cell.tile, { up: cell.up === viewer, down: cell.down, under: cell.under })
      : unseen("empty"),
    cell ? unseen(describeCell(cell, viewer)) : null);
  offers(ctx, el, pick.picks(square, moves) ? [] : moves);  // a square picked first says no move
  if (cell) infoOn(el, ctx, cell.tile);
  el.addEventListener("click", () => pick.click(square));
  return el;
}

// Whose ally the tile on a square is, in words (the eye sees it upright or upside down).
function describeCell(cell, viewer) {
  return `, ${cell.up === viewer ? "your ally" : "the opponent's ally"}` +
    `${cell.under ? ", on a tower" : ""}`;
}

function tile(ctx, id, { up = true, down = false, under = null, small = false } = {}) {
  const c = ctx.components.get(id) || { name: id || "face down", faction: "hidden" };
  const classes = ["tile", `f-${c.faction || "hidden"}`, up ? "upright" : "away"];
  if (down) classes.push("down");
  if (small) classes.push("small");
  const faction = c.faction || "hidden";
  return h("span", { class: classes.join(" ") },
    faction in MARKS ? spoken(MARKS[faction], `${faction} `, { class: "tile-mark" }) : null,
    h("span", { class: "tile-name", text: id ? c.name : "?" }),
    c.ability && c.ability !== "none" ? fact("tile-ability", c.ability) : null,
    c.shield ? shieldIcon() : null,
    down ? spoken("destroyed", ", destroyed", { class: "tile-down" }) : null,
    under ? fact("under", `on ${nameOf(under.tile, ctx.components)}`) : null);
}

// One seat's unused tiles (their hand, public in this game) and its face-down tiles.
function side(ctx, view, seat, mine) {
  const pick = pickerOf(ctx);
  const hand = (view.hands[seat] || []).map((id) => tileButton(ctx, pick, id, id, mine));
  // Face-down tiles, named where this seat may know them (in secret random nobody does, its
  // owner included, yet the owner places them by their place in the row).
  const known = view.hidden[seat] || [];
  const faceDown = Array.from({ length: view.hidden_counts[seat] }, (_, i) =>
    tileButton(ctx, pick, known[i] ?? null, `hidden:${i}`, mine));
  const who = mine && ctx.seat !== null ? `You, ${seatName(ctx.summary, seat)}` : seatName(ctx.summary, seat);
  return h("div", { class: `side${mine ? " mine" : ""}`, "data-seat": seat },
    h("h3", { text: `${who}: ${view.factions[seat]}` }),
    h("div", { class: "tiles" }, hand, faceDown));
}

// A tile of the seat's row: a click picks it (or unpicks it), and the squares it may be
// placed on light up; it stays pickable, so that another tile may take its place.
function tileButton(ctx, pick, id, key, mine) {
  const legal = mine && pick.startingAt(key).length > 0;
  const el = h("button", { type: "button", class: "pick" + (legal ? " legal" : "") +
    (pick.picked(key) ? " selected" : ""), "data-tile": key,
    "aria-pressed": legal ? String(pick.picked(key)) : null },
    id ? null : unseen("a face-down tile"), tile(ctx, id, { small: true }));
  if (id) infoOn(el, ctx, id);
  if (legal) {
    el.addEventListener("click", () => {
      ctx.ui.pick = pick.picked(key) ? undefined : key;
      ctx.redraw();
      const first = document.querySelector(".revolution .square.legal");
      if (first) first.focus();
    });
  }
  return el;
}

function neutrals(ctx, view) {
  const groups = [["Neutral tiles", view.centre], ["Removed", view.removed],
    ["Used in earlier games", view.used]].filter(([, tiles]) => tiles && tiles.length);
  if (view.draft && view.draft.offer) groups.push(["Draft offer", view.draft.offer]);
  return h("div", { class: "neutrals" }, groups.map(([title, tiles]) => h("div", { class: "zone" },
    h("span", { class: "zone-name", text: title }),
    h("div", { class: "tiles" }, tiles.map((id) => {
      const el = h("span", { class: "pick", tabindex: 0 }, tile(ctx, id, { small: true }));
      return infoOn(el, ctx, id);
    })))));
}

function results(view) {
  if (!view.results || !view.results.length) return null;
  return h("ol", { class: "results" }, view.results.map((r) => h("li", {
    text: r.winner === null ? `Game ${r.game}: a draw (${r.allies.join("–")} allies)`
      : `Game ${r.game}: seat ${r.winner} wins (${r.reason}; allies ${r.allies.join("–")})` })));
}

function shieldIcon() {
  return svg("svg", { class: "shield", viewBox: "0 0 10 12", role: "img", "aria-label": ", shield" },
    svg("title", { text: "shield" }), svg("path", { d: "M5 0 L10 2 V6 C10 9 7.5 11 5 12 C2.5 11 0 9 0 6 V2 Z" }));
}
