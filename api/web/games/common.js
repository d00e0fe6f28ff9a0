// What every game's page shares: the prompt with its legal moves as buttons (in the words the
// game's rules give each move), the details of a component (card, tile) one hover, focus or
// tap away, and things on the board that stand for moves.

import { dataTree, h, unseen } from "../dom.js";

// A legal move in words: the prompt's own label for it (the rules write them), else words
// built from its fields (a prompt from a server without labels).
export function moveLabel(ctx, move) {
  const prompt = ctx.answer.prompt;
  if (prompt && Array.isArray(prompt.labels)) {
    const at = prompt.legal_moves.findIndex((m) => sameMove(m, move));
    if (at >= 0 && prompt.labels[at]) return prompt.labels[at];
  }
  return describeMove(move, ctx.components);
}

// Words for a move's fields, with component ids named by the game's catalogue.
export function describeMove(move, components) {
  const kind = String(move.kind ?? "move").replaceAll("_", " ");
  const parts = [];
  for (const [key, value] of Object.entries(move)) {
    if (key === "kind") continue;
    parts.push(`${key.replaceAll("_", " ")} ${nameOf(value, components)}`);
  }
  const text = kind.charAt(0).toUpperCase() + kind.slice(1);
  return parts.length ? `${text}: ${parts.join(", ")}` : text;
}

export function nameOf(value, components) {
  if (Array.isArray(value)) return value.map((v) => nameOf(v, components)).join(" ");
  if (value === null || value === undefined) return "?";
  if (typeof value === "object") return JSON.stringify(value);
  const found = components && components.get(String(value));
  return found ? found.name : String(value);
}

export function sameMove(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// The prompt: its text and every legal move as a button (a long list folded away, since the
// board offers the same moves as clickable cards or squares).
// The heading (or the waiting line) takes the focus after a move: tabindex -1.
export function promptPanel(ctx) {
  const prompt = ctx.answer.prompt;
  const panel = h("section", { class: "prompt", "aria-labelledby": "prompt-title" });
  if (!prompt) {
    panel.append(h("p", { class: "waiting", id: "prompt-title", tabindex: -1,
      text: waitingText(ctx) }));
    return panel;
  }
  panel.append(h("h2", { id: "prompt-title", tabindex: -1, text: prompt.text || "Your move" }));
  const buttons = prompt.legal_moves.map((move, i) => h("button", {
    type: "button", class: "move", "data-move": JSON.stringify(move), "data-index": i,
    "data-kind": move.kind, onclick: () => ctx.choose(move), text: moveLabel(ctx, move),
  }));
  const list = h("div", { class: "moves" }, buttons);
  // On a phone the prompt, kept in view, would hide the board: fewer buttons stay unfolded.
  const most = window.matchMedia("(max-width: 480px)").matches ? 4 : 12;
  if (buttons.length > most) {
    panel.append(h("details", { class: "all-moves" },
      h("summary", { text: `All ${buttons.length} moves as a list` }), list));
  } else {
    panel.append(list);
  }
  return panel;
}

function waitingText(ctx) {
  const { answer, summary } = ctx;
  if (answer.status === "over" || answer.status === "abandoned") return "The game is over.";
  if (answer.status === "waiting") return "Waiting for players to take their seats.";
  const waiting = (answer.waiting_for || []).map((s) => seatName(summary, s));
  return waiting.length ? `Waiting for ${waiting.join(", ")}.` : "Waiting…";
}

// A finished game's result in words: "the party won" (co-operative), "won by seat 0 (ann)".
export function resultText(summary) {
  const r = summary.result || {};
  const shared = summary.shared || r.shared;
  if (summary.cooperative && shared) return shared === "win" ? "the party won" : "the party lost";
  const won = summary.winners || r.winners || [];
  return won.length ? `won by ${won.map((x) => seatName(summary, x)).join(" and ")}` : "no winner";
}

export function seatName(summary, seat) {
  const s = summary && summary.seats && summary.seats[seat];
  const name = s ? (s.bot ? botName(s) : s.name || "open seat") : "";
  return name ? `seat ${seat} (${name})` : `seat ${seat}`;
}

// A component's details, shown in the page's info panel when hovered, focused or tapped.
// Hovering or focusing updates the panel; a tap on something that is not a move, or a long
// press (the context menu) on anything, also opens it over a phone's screen.
export function infoOn(el, ctx, id) {
  const component = ctx.components.get(id);
  if (!component) return el;
  el.addEventListener("pointerenter", () => ctx.showInfo(component));
  el.addEventListener("focus", () => ctx.showInfo(component));
  el.addEventListener("click", () => ctx.showInfo(component, !el.classList.contains("legal")));
  el.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    ctx.showInfo(component, true);
  });
  el.title = `${component.name}: ${component.text}`;
  return el;
}

export function componentDetails(component) {
  if (!component) return h("p", { class: "hint", text: "Hover, focus or tap a card or tile " +
    "to read what it does." });
  const facts = [];
  if (component.cost !== undefined) facts.push(`cost ${component.cost}`);
  if (component.types && component.types.length) facts.push(component.types.join(", "));
  return h("div", { class: "details" }, h("h3", { text: component.name }),
    h("p", { class: "facts", text: facts.join(" · ") }),
    h("p", { text: component.text }));
}

export function rawView(view) {
  return h("details", { class: "raw" }, h("summary", { text: "The view as data" }),
    dataTree(view));
}

function botName(seat) {
  const name = seat.name || seat.bot;
  return /\bbot\b/i.test(name) ? name : `${name} (bot)`;
}

// Show a component's details in ``panel``; a tap opens it over a phone's screen (see CSS).
export function showDetails(panel, component, tapped) {
  panel.replaceChildren(componentDetails(component),
    h("button", { type: "button", class: "close-info", text: "Close",
      onclick: () => panel.classList.remove("tapped") }));
  panel.classList.toggle("tapped", tapped);
}

// Picking on the board, the one way every game page turns a click into a move: ``keysOf(move)``
// lists the board keys a move sits on (a card in hand and the enemy it strikes, a character
// and its attachment, a tile and a square). A thing is clickable while some legal move sits on
// it (and on the thing picked first, if any); a click plays the move if only one fits, else
// picks the thing so that the things completing its moves light up, else offers the fitting
// moves as buttons. ``inOrder``: a move's keys are picked in their order (a tile, then the
// square it goes to; a square, then the square its tile moves to).
export function picker(ctx, keysOf, { inOrder = false } = {}) {
  const fits = (move, key) => {
    const keys = keysOf(move);
    const picked = ctx.ui.pick;
    if (inOrder) return picked === undefined ? keys[0] === key : keys[0] === picked && keys[1] === key;
    return keys.includes(key) && (picked === undefined || keys.includes(picked));
  };
  const movesAt = (key) => ctx.legal.filter((m) => fits(m, key));
  // Whether a click on ``key`` picks it (its moves go on to other things) rather than plays.
  const picks = (key, moves) => {
    if (ctx.ui.pick !== undefined) return false;
    if (inOrder) return moves.some((m) => keysOf(m).length > 1);
    return moves.length > 1 && moves.some((m) => keysOf(m).some((k) => k !== key));
  };
  return {
    picked: (key) => ctx.ui.pick === key,
    movesAt,
    picks,
    // The moves whose first key is ``key``, whatever is picked (a thing picked first may be
    // picked again, or another in its place).
    startingAt: (key) => ctx.legal.filter((m) => keysOf(m)[0] === key),
    click(key) {
      const moves = movesAt(key);
      if (!moves.length) return;
      if (picks(key, moves)) {
        ctx.ui.pick = key;
        ctx.redraw();
        return;
      }
      ctx.ui.pick = undefined;
      ctx.chooseAmong(moves);
    },
  };
}

// A card as a button, the one every game page draws: its name, then what the eye sees on it
// (``parts(component)``: cost, count, types, icons, health, each said in words too), its
// details one hover, focus or tap away, and, given a ``pick`` (a picker), highlighted and
// played while legal moves sit on ``key`` (its id, or a card in play's own key). ``name``
// replaces the catalogue's name (a card in play says its own), ``data`` adds attributes.
export function cardButton(ctx, id, { area, classes = () => "", parts = () => [], name, data = {},
  pick = null, key = id } = {}) {
  const c = ctx.components.get(id) || { id, name: id, types: [] };
  const el = h("button", { type: "button", class: `card ${classes(c)}`.trim(), "data-card": id,
    "data-area": area, ...data },
    h("span", { class: "name", text: name ?? c.name }), parts(c));
  infoOn(el, ctx, id);
  return pick ? pickable(ctx, pick, key, el) : el;
}

// A clickable board thing: highlighted while moves sit on it, picked when chosen first.
export function pickable(ctx, pick, key, el) {
  const moves = key === null ? [] : pick.movesAt(key);
  if (!moves.length) return el;
  el.classList.add("legal");
  if (pick.picked(key)) el.classList.add("selected");
  offers(ctx, el, moves);
  el.addEventListener("click", () => pick.click(key));
  return el;
}

// A thing on the board that stands for ``moves``: its name is what the eye sees on it, then
// the move's label ("Silver, $3, 39 left: Buy Silver"), or how many moves it offers.
export function offers(ctx, el, moves) {
  if (!moves.length) return el;
  el.append(unseen(moves.length === 1 ? `: ${moveLabel(ctx, moves[0])}`
    : `: ${moves.length} moves`));
  return el;
}

export function pickHint(ctx) {
  if (ctx.ui.pick === undefined) return null;
  return h("p", { class: "hint", text: `Picked ${nameOf(ctx.ui.pick, ctx.components)}: now ` +
    "pick one of the highlighted things, or a move below. ", },
    h("button", { type: "button", class: "unpick", text: "Unpick",
      onclick: () => { ctx.ui.pick = undefined; ctx.redraw(); } }));
}
