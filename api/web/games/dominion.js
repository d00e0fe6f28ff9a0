// Dominion's look: the Supply (the base piles and the ten kingdom piles, with counts), the
// turn's actions, buys and coins, each player's deck, discard and play area, and your hand
// (kept in view at the bottom of the play page: ``hand``). Cards the prompt lets you use are
// highlighted and play the move when clicked.

import { counted, fact, h, spoken } from "../dom.js";
import { cardButton, picker, rawView, seatName } from "./common.js";

const BASE = ["copper", "silver", "gold", "estate", "duchy", "province", "curse"];
const FROM_SUPPLY = new Set(["buy", "gain"]);

export function draw(ctx) {
  const view = ctx.answer.view;
  const me = ctx.seat === null ? null : Number(ctx.seat);
  const players = view.players.map((p, i) => ({ ...p, index: i }));
  const others = players.filter((p) => p.index !== me);
  const mine = me === null ? null : players[me];
  return h("section", { class: "board dominion", "aria-label": "Dominion" },
    turnBar(ctx, view),
    spyReveal(ctx, view),
    supply(ctx, view),
    h("div", { class: "players" }, others.map((p) => playerArea(ctx, p, false))),
    mine ? playerArea(ctx, mine, true) : null,
    view.trash.length ? h("div", { class: "trash" }, h("h3", { text: "Trash" }),
      cardRow(ctx, view.trash, "trash")) : null,
    rawView(view));
}

function turnBar(ctx, view) {
  const t = view.turn;
  const mine = ctx.seat !== null && Number(t.seat) === Number(ctx.seat);
  const who = mine ? "Your turn" : `Turn of ${seatName(ctx.summary, t.seat)}`;
  return h("p", { class: "turn" }, h("strong", { text: who }),
    ` · ${t.phase} phase · ${counted(t.actions, "action")} · ${counted(t.buys, "buy")} · $${t.coins}`);
}

// The card a Spy made a player reveal from the top of their deck: shown to everyone.
function spyReveal(ctx, view) {
  const spy = view.spy_reveal;
  if (!spy) return null;
  return h("div", { class: "zone spy" },
    h("span", { class: "zone-name", text: `Spy: ${seatName(ctx.summary, spy.seat)} reveals` }),
    card(ctx, spy.card, "reveal"));
}

function supply(ctx, view) {
  const pile = (id) => {
    const el = card(ctx, id, "supply", view.supply[id]);
    if (view.supply[id] === 0) el.classList.add("empty");
    return el;
  };
  const base = BASE.filter((id) => id in view.supply);
  const kingdom = Object.keys(view.supply).filter((id) => !BASE.includes(id));
  return h("div", { class: "supply" },
    h("h3", { text: "Supply" }),
    h("div", { class: "piles base" }, base.map(pile)),
    h("div", { class: "piles kingdom" }, kingdom.map(pile)));
}

function playerArea(ctx, p, mine) {
  const name = (mine ? `You, ${seatName(ctx.summary, p.index)}` : seatName(ctx.summary, p.index)) +
    (ctx.answer.view.first === p.index ? " · first player" : "");
  const facts = [`deck ${p.deck_size}`, `hand ${p.hand_size}`, `${p.victory_points} VP`,
    `turns ${p.turns}`];
  if (p.discard_size !== undefined) facts.push(`discard ${p.discard_size}`);
  return h("div", { class: mine ? "player mine" : "player", "data-seat": p.index },
    h("h3", { text: name }),
    h("p", { class: "counts", text: facts.join(" · ") }),
    h("div", { class: "zone" }, h("span", { class: "zone-name", text: "Discard top" }),
      p.discard_top ? card(ctx, p.discard_top, "discard") : h("span", { text: "empty" })),
    p.in_play.length ? zone(ctx, "In play", p.in_play, "play") : null,
    p.set_aside.length ? zone(ctx, "Set aside", p.set_aside, "aside") : null,
    p.looking_at && p.looking_at.length ? zone(ctx, "Looking at", p.looking_at, "look") : null,
    p.hand && !(mine && ctx.docked) ? handZone(ctx, p, mine) : null);
}

function handZone(ctx, p, mine) {
  return zone(ctx, mine ? "Your hand" : "Hand", p.hand, mine ? "hand" : "other");
}

// The seat's own hand, drawn apart where the page keeps it in view (ctx.docked).
export function hand(ctx) {
  const p = ctx.seat === null ? null : ctx.answer.view.players[Number(ctx.seat)];
  return p && p.hand ? h("div", { class: "player mine" }, handZone(ctx, p, true)) : null;
}

function zone(ctx, title, cards, area) {
  return h("div", { class: `zone ${area}` }, h("span", { class: "zone-name", text: title }),
    cardRow(ctx, cards, area));
}

function cardRow(ctx, cards, area) {
  return h("div", { class: "cards" }, cards.map((id) => card(ctx, id, area)));
}

// The board key a move sits on: its card, in the Supply for a buy or a gain, else in the hand
// (or among the cards the seat is looking at).
function keysOf(move) {
  if (typeof move.card !== "string") return [];
  return [FROM_SUPPLY.has(move.kind) ? `supply:${move.card}` : move.card];
}

// A card's name says what the eye sees on it ("Silver, $3, 39 left") and the move it offers.
function card(ctx, id, area, count) {
  return cardButton(ctx, id, { area, data: { "data-count": count },
    classes: (c) => (c.types || []).map((t) => "t-" + t).join(" "),
    parts: (c) => [area === "supply" ? fact("cost", `$${c.cost ?? "?"}`) : null,
      count !== undefined ? spoken(`×${count}`, `, ${count} left`, { class: "count" }) : null],
    pick: ["supply", "hand", "look"].includes(area) ? picker(ctx, keysOf) : null,
    key: area === "supply" ? `supply:${id}` : id });
}
