// Thrones' look: each player's House (gold, power, the revealed plot, the used pile and the
// plot deck, public in the fixed-deck mode), the cards in play standing or knelt (turned) with
// their derived STR, icons, keywords, power, attachments and duplicates beneath, the hand, the
// deck, discard and dead piles, and the challenge in progress (at the top, with the hand kept in
// view at the bottom of the play page: ``hand``). A move is clicked on its card:
// a character to declare, a card in hand to marshal, a plot to choose; a move naming two
// cards (an attachment and its host) takes a click on each.

import { counted, fact, h, spoken, unseen } from "../dom.js";
import { cardButton, pickHint, picker, rawView, seatName } from "./common.js";

const ICONS = { military: "⚔", intrigue: "✦", power: "♛" };
const HOUSES = { stark: "House Stark", lannister: "House Lannister" };
const TITLES = { "master-of-laws": "Master of Laws", "hand-of-the-king": "Hand of the King",
  "master-of-whispers": "Master of Whispers", "master-of-coins": "Master of Coin",
  "crown-regent": "Crown Regent", "lord-commander-of-the-kingsguard": "Lord Commander of the Kingsguard" };

// The board keys a move sits on: a card in play (by its uid), a card in hand or a plot (by its
// card id). "hand", "" and -1 are no card.
function keysOf(move) {
  return ["card", "source", "target", "onto", "host"].map((f) => move[f])
    .filter((v) => typeof v === "string" && v !== "" && v !== "hand");
}

export function draw(ctx) {
  const view = ctx.answer.view;
  const me = ctx.seat === null ? 0 : Number(ctx.seat);
  // Every other House clockwise from the seat's left (one with two players), then its own.
  const others = view.players.map((_, i) => (me + 1 + i) % view.players.length).slice(0, -1);
  const tctx = tctxOf(ctx);
  const byUid = tctx.byUid;
  return h("section", { class: "board thrones", "aria-label": "Thrones" },
    challenge(tctx, view),
    statusBar(tctx, view),
    lastResults(tctx, view),
    pickHint({ ...ctx, components: { get: (id) => (byUid.has(id) ? byUid.get(id) : ctx.components.get(id)) } }),
    ...others.map((seat) => house(tctx, view, seat, false)),
    house(tctx, view, me, true),
    view.looking_at ? h("div", { class: "zone" }, h("span", { class: "zone-name", text: "Looking at" }),
      cards(tctx, view.looking_at, "look")) : null,
    rawView(view));
}

function tctxOf(ctx) {
  const view = ctx.answer.view;
  const byUid = new Map(view.in_play.map((c) => [c.uid, c]));
  return { ...ctx, pick: picker(ctx, keysOf), byUid,
    named: (uid) => (byUid.has(uid) ? byUid.get(uid).name : uid) };
}

// The seat's own hand, drawn apart where the page keeps it in view (ctx.docked).
export function hand(ctx) {
  const p = ctx.seat === null ? null : ctx.answer.view.players[Number(ctx.seat)];
  if (!p || !p.hand) return null;
  return h("div", { class: "thrones" }, h("div", { class: "player mine" },
    zone(tctxOf(ctx), "Your hand", p.hand, "hand")));
}

function statusBar(ctx, view) {
  const who = (view.to_act || []).map((s) => seatName(ctx.summary, s));
  return h("p", { class: "turn" }, h("strong", { text: view.result ? "Game over" : `Round ${view.round}, ${view.phase} phase` }),
    view.first_player === null ? "" : ` · first player ${seatName(ctx.summary, view.first_player)}`,
    who.length ? ` · to act: ${who.join(", ")}` : "",
    view.waiting_for ? ` · ${view.waiting_for}` : "",
    ` · token pool: ${view.token_pool.gold} gold, ${view.token_pool.power} power`);
}

// The last challenge resolved and the last initiative won (rules 2.2.0 on), in words: what a
// player would otherwise scroll the log for.
function lastResults(ctx, view) {
  const ch = view.last_challenge, ini = view.last_initiative;
  const name = (seat) => seatName(ctx.summary, seat);
  const said = [];
  if (ch) {
    const against = name(ch.target ?? ch.defender);
    const outcome = ch.winner === null ? "nobody won it"
      : `${name(ch.winner)} won${ch.unopposed ? ", unopposed" : ""}`;
    said.push(`Last challenge (round ${ch.round}): ${name(ch.attacker)}'s ${ch.type} challenge ` +
      `against ${against}, STR ${ch.totals.attacker} to ${ch.totals.defender}; ${outcome}.`);
  }
  if (ini) {
    said.push(`Initiative (round ${ini.round}): ${name(ini.winner)} won it` +
      (ini.drawn ? " on a draw, initiative and power being equal." : "."));
  }
  return said.length ? h("div", { class: "last-results" },
    said.map((text) => h("p", { text }))) : null;
}

function challenge(ctx, view) {
  const ch = view.challenge;
  if (!ch) return null;
  const side = (title, uids, total) => h("div", { class: "side-list" },
    h("span", { class: "zone-name", text: `${title} (STR ${total})` }),
    uids.length ? uids.map((u) => h("span", { class: "chip", text: ctx.named(u) })) : "none");
  return h("div", { class: `challenge c-${ch.type}` },
    h("h3", { text: `${ICONS[ch.type] || ""} ${ch.type} challenge: ${seatName(ctx.summary, ch.attacker)} attacks ${seatName(ctx.summary, ch.target ?? ch.defender)}`
      + (ch.target !== undefined && ch.target !== ch.defender ? ` (defended by ${seatName(ctx.summary, ch.defender)})` : "") }),
    // The live totals (the rules' `strength` is only filled in when the challenge resolves);
    // a replay of rules before 2.1.0 has only `strength`.
    side("Attackers", ch.attackers, ch.totals ? ch.totals.attacker : ch.strength[0]),
    side("Defenders", ch.defenders, ch.totals ? ch.totals.defender : ch.strength[1]),
    ch.winner !== null && ch.winner !== undefined ? h("p", { text: `Won by ${seatName(ctx.summary, ch.winner)}` }) : null);
}

function house(ctx, view, seat, mine) {
  const p = view.players[seat];
  const who = `${mine && ctx.seat !== null ? "You, " : ""}${seatName(ctx.summary, seat)}: ${HOUSES[p.house] || p.house}`;
  const inPlay = view.in_play.filter((c) => c.controller === seat && !c.host);
  const facts = [`${p.gold} gold`, `${p.power} power on the House`, `${p.total_power} total power`,
    `hand ${p.hand_size}`, `deck ${p.deck_size}`];
  if (p.setup_count) facts.push(`${p.setup_count} set up face down`);
  if (p.plot_chosen && !p.chosen_plot) facts.push("plot chosen");
  if (p.challenges_made.length) facts.push(`challenges: ${p.challenges_made.join(", ")}`);
  const title = view.titles && view.titles[seat];  // melee: the title held this round
  if (title) facts.push(`title: ${TITLES[title] || title}`);
  return h("div", { class: `player house h-${p.house}${mine ? " mine" : ""}`, "data-seat": seat },
    h("h3", { text: who }),
    h("p", { class: "counts", text: facts.join(" · ") }),
    h("div", { class: "plots" },
      zone(ctx, "Revealed plot", p.revealed_plot ? [p.revealed_plot] : [], "revealed"),
      p.chosen_plot ? zone(ctx, "Chosen plot", [p.chosen_plot], "chosen") : null,
      zone(ctx, p.plot_deck ? "Plot deck" : `Plot deck (${p.plot_deck_size}, hidden)`, p.plot_deck || [], mine ? "plots" : "their-plots"),
      zone(ctx, "Used plots", p.used_plots, "used")),
    h("div", { class: "in-play" }, inPlay.map((c) => inPlayCard(ctx, view, c))),
    p.setup ? zone(ctx, "Set up", p.setup, "setup") : null,
    p.hand && !(mine && ctx.docked) ? zone(ctx, mine ? "Your hand" : "Hand", p.hand, mine ? "hand" : "their-hand") : null,
    p.deck ? zone(ctx, "Deck", p.deck, "deck") : null,
    zone(ctx, "Discard", p.discard, "discard"),
    zone(ctx, "Dead", p.dead, "dead"));
}

function zone(ctx, title, ids, area) {
  return h("div", { class: `zone ${area}` }, h("span", { class: "zone-name", text: title }),
    ids.length ? cards(ctx, ids, area) : h("span", { class: "nil", text: "none" }));
}

function cards(ctx, ids, area) {
  const clickable = ["hand", "plots", "setup", "look"].includes(area);
  return h("div", { class: "cards" }, ids.map((id) => cardButton(ctx, id, { area,
    pick: clickable ? ctx.pick : null,
    classes: (c) => `thr t-${(c.types || [])[0] || "card"}`,
    parts: (c) => [
      c.cost !== undefined ? spoken(String(c.cost), `, cost ${c.cost}`, { class: "cost" }) : null,
      fact("types", (c.types || []).join(" · "))] })));
}

// A card in play: knelt cards are turned; attachments and duplicates lie beneath it.
function inPlayCard(ctx, view, c) {
  const attached = view.in_play.filter((a) => a.host === c.uid);
  const el = cardButton(ctx, c.card, { name: c.name, key: c.uid, pick: ctx.pick,
    data: { "data-uid": c.uid }, classes: () => `thr in t-${c.type}${c.knelt ? " knelt" : ""}`,
    parts: () => [unseen(c.knelt ? ", knelt" : ", standing"),
      c.strength !== null ? fact("str", `STR ${c.strength}`) : null,
      c.icons.length ? h("span", { class: "icons" }, c.icons.map((i) =>
        spoken(ICONS[i] || i, `, ${i} icon`, { class: `icon i-${i}`, title: i }))) : null,
      c.keywords.length ? fact("keywords", c.keywords.join(", ")) : null,
      c.power ? fact("token power", `${c.power} power`) : null,
      c.gold ? fact("token gold", `${c.gold} gold`) : null,
      c.duplicates ? fact("token dup", counted(c.duplicates, "duplicate")) : null,
      c.knelt ? h("span", { class: "token", "aria-hidden": "true", text: "knelt" }) : null] });
  return h("div", { class: "stack" }, el, attached.map((a) => inPlayCard(ctx, view, a)));
}
