// God of War's look: the party's board. The quest and its bosses, the scene grid (its cards
// with their enemies' health, armor, attack and runes), the heroes standing below the columns
// with health and rage, the upgrade row, the tokens, and every seat's hand (hands are open to
// the party, GOW-R-50). A move is clicked where it sits: a card in hand, then the enemy it
// strikes; a hero, then a space; an upgrade in the row.

import { counted, fact, h, spoken, unseen } from "../dom.js";
import { cardButton, infoOn, nameOf, pickHint, pickable, picker, rawView, seatName }
  from "./common.js";

// Each rune by its letter (the runic glyphs themselves are missing from many fonts).
const RUNES = { fehu: "F", uruz: "U", thurisaz: "Þ", ansuz: "A" };
const SPACES = ["front", "back"];
// The stages before the rounds, in words (the rounds say "Round N").
const STAGES = { hero: "Choosing heroes", deal: "Dealing", quests: "Drawing the quests",
  bosses: "Drawing the bosses", upgrades: "Revealing the upgrades",
  first: "Choosing the first player", place: "Placing the heroes" };

// The board keys a move sits on: a hero, a card (in hand, in the row, on the scene), a target
// (an enemy or a hero), a space below a column.
function keysOf(move) {
  const keys = ["tile", "card", "target", "hero"].filter((f) => typeof move[f] === "string")
    .map((f) => move[f]);
  if (move.column !== undefined && move.space) keys.push(`${move.column}:${move.space}`);
  return keys;
}

export function draw(ctx) {
  const view = ctx.answer.view;
  const pick = picker(ctx, keysOf);
  return h("section", { class: "board godofwar", "aria-label": "God of War" },
    statusBar(ctx, view),
    pickHint(ctx),
    quest(ctx, view),
    scene(ctx, view, pick),
    heroRow(ctx, view, pick),
    upgrades(ctx, view, pick),
    h("div", { class: "players" }, view.players.map((p, seat) => party(ctx, view, p, seat, pick))),
    rawView(view));
}

function statusBar(ctx, view) {
  const parts = [`${counted(view.quests_won, "quest")} won`];
  if (view.first_player !== null && view.first_player !== undefined) {
    parts.push(`first player ${seatName(ctx.summary, view.first_player)}`);
  }
  if (view.carrier) parts.push(`Mimir carried by ${nameOf(view.carrier, ctx.components)}`);
  if (view.last_attack) {
    const a = view.last_attack;
    parts.push(`last attack: ${nameOf(a.tile, ctx.components)} ${a.value} (die ${a.die}), ` +
      `${counted(a.wounds, "wound")}`);
  }
  if (view.incoming) parts.push(`incoming: ${view.incoming.amount} to ${nameOf(view.incoming.tile, ctx.components)}`);
  const tokens = Object.entries(view.supply).map(([id, n]) => `${nameOf(id, ctx.components)} ${n}`);
  const stage = view.stage === "round" ? `Round ${view.round}` : STAGES[view.stage] || view.stage;
  return h("p", { class: "turn" }, h("strong", { text: view.result ? "Game over" : stage }),
    ` · ${parts.join(" · ")} · tokens: ${tokens.join(", ")}`);
}

function quest(ctx, view) {
  const c = view.campaign;
  const chip = (id, kind) => infoOn(h("span", { class: `chip ${kind}`, tabindex: 0,
    "data-card": id, text: nameOf(id, ctx.components) }), ctx, id);
  return h("div", { class: "quest" },
    h("span", { class: "zone-name", text: "Quest" }), c.current ? chip(c.current, "current") : "none",
    h("span", { class: "zone-name", text: "Quests" }), (c.quests || []).map((q) =>
      chip(q, c.played && c.played.includes(q) ? "played" : "ahead")),
    h("span", { class: "zone-name", text: "Bosses" }), (c.bosses || []).map((b) => chip(b, "boss")));
}

function scene(ctx, view, pick) {
  const rows = ["top", "bottom", "aux"].map((row) => view.scene.filter((c) => c.row === row))
    .filter((cards) => cards.length);
  return h("div", { class: "scene", role: "group", "aria-label": "The scene" },
    rows.map((cards) => h("div", { class: "scene-row" },
      [...cards].sort((a, b) => a.column - b.column).map((c) => sceneCard(ctx, c, pick)))));
}

function sceneCard(ctx, card, pick) {
  const enemy = card.enemy;
  const title = enemy ? enemy.name : card.name || "face down";
  const el = h("button", { type: "button", "data-card": card.id, "data-column": card.column,
    class: `scene-card${enemy ? " enemy" : ""}${card.dead ? " dead" : ""}` },
    h("span", { class: "name", text: title }),
    unseen(`, column ${card.column}${card.dead ? ", dead" : ""}`),
    enemy ? enemyStats(card, enemy) : null,
    card.name && enemy ? h("span", { class: "sub" }, unseen(", on "), card.name) : null,
    (card.interactions || []).map((i) => fact("interaction", i.text)),
    (card.boxes || []).map((b) => fact("box", rune(b.rune), b.text)),
    card.storage_slots ? fact("token storage", `${card.storage}/${card.storage_slots} tokens`) : null,
    card.stun ? fact("token stun", `stun ${card.stun}`) : null);
  infoOn(el, ctx, card.id);
  return pickable(ctx, pick, card.id, el);
}

// An enemy's health, armor, attack, abilities and runes, as symbols for the eye and in words
// for a screen reader.
function enemyStats(card, enemy) {
  const left = Math.max(0, enemy.health - card.wounds);
  const attack = enemy.attack;
  const arrows = attack && attack.arrows.length ? ` (${attack.arrows.join(", ")})` : "";
  return h("span", { class: "stats" },
    spoken(`♥ ${left}/${enemy.health}`, `, health ${left} of ${enemy.health}`, { class: "health" }),
    enemy.armor_left.length ? fact("armor", `armor ${enemy.armor_left.join("/")}`) : null,
    attack ? spoken(`${attack.type === "melee" ? "⚔" : "➶"} ${attack.value}${arrows}`,
      `, ${attack.type} attack ${attack.value}${arrows}`, { class: "attack" })
      : fact("attack", "no attack"),
    enemy.abilities.map((a) => fact("ability", a)),
    h("span", { class: "runes" }, enemy.runes.map(rune)));
}

function rune(name) {
  if (!name) return null;
  return spoken(RUNES[name] || name, `, rune ${name} `, { class: `rune r-${name}`, title: name });
}

// The heroes below the columns: each column has a front and a back space.
function heroRow(ctx, view, pick) {
  const columns = Math.max(4, ...view.scene.map((c) => c.column));
  const heroes = Object.entries(view.heroes);
  const offBoard = heroes.filter(([, hero]) => !hero.column);
  return h("div", { class: "heroes", role: "group", "aria-label": "The heroes" },
    h("div", { class: "spaces" }, Array.from({ length: columns }, (_, i) => i + 1).map((col) =>
      h("div", { class: "column" }, SPACES.map((space) => {
        const here = heroes.filter(([, hero]) => hero.column === col && hero.back === (space === "back"));
        // A real button (Enter and Space press it) beside the heroes standing there.
        const el = h("button", { type: "button", class: `space ${space}`,
          "data-space": `${col}:${space}` },
          h("span", { class: "space-name" }, unseen("Column "), `${col} ${space}`));
        return h("div", { class: "spot" }, pickable(ctx, pick, `${col}:${space}`, el),
          here.map(([tile, hero]) => heroTile(ctx, view, tile, hero, pick)));
      })))),
    offBoard.length ? h("div", { class: "zone" }, h("span", { class: "zone-name", text: "Not standing" }),
      offBoard.map(([tile, hero]) => heroTile(ctx, view, tile, hero, pick))) : null);
}

function heroTile(ctx, view, tile, hero, pick) {
  const left = Math.max(0, hero.health - hero.wounds);
  const has = (value) => value !== undefined && value !== null;
  const el = h("button", { type: "button", class: `hero h-${tile}${hero.knocked_out ? " out" : ""}`,
    "data-hero": tile },
    h("span", { class: "name", text: nameOf(tile, ctx.components) }),
    spoken(`♥ ${left}/${hero.health}`, `, health ${left} of ${hero.health}`, { class: "health" }),
    has(hero.rage) ? fact("rage", `rage ${hero.rage}`) : null,
    has(hero.seat) ? fact("sub", seatName(ctx.summary, hero.seat)) : null,
    hero.freya_token ? fact("token", "Freya token") : null,
    hero.knocked_out ? fact("token", "knocked out") : null,
    view.carrier === tile ? fact("token", "carries Mimir") : null);
  infoOn(el, ctx, tile);
  return pickable(ctx, pick, tile, el);
}

function upgrades(ctx, view, pick) {
  return h("div", { class: "zone upgrades" },
    h("span", { class: "zone-name", text: `Upgrade row (deck ${view.upgrade_deck_size})` }),
    view.revealed.length ? cardRow(ctx, view.revealed, pick, "row") : h("span", { text: "empty" }),
    view.looking_at ? h("span", { class: "zone-name", text: "Looking at" }) : null,
    view.looking_at ? cardRow(ctx, view.looking_at, pick, "look") : null);
}

function party(ctx, view, p, seat, pick) {
  const mine = ctx.seat !== null && Number(ctx.seat) === seat;
  const who = `${mine ? "You, " : ""}${seatName(ctx.summary, seat)}: ${p.hero ? nameOf(p.hero, ctx.components) : "no hero yet"}`;
  const facts = [`deck ${p.deck_size}`, `hand ${p.hand_size} of ${p.hand_limit}`, `discard ${p.discard.length}`];
  return h("div", { class: mine ? "player mine" : "player", "data-seat": seat },
    h("h3", { text: who }),
    h("p", { class: "counts", text: facts.join(" · ") }),
    p.hand && !(mine && ctx.docked) ? handZone(ctx, p, mine ? pick : null, mine) : null,
    p.discard.length ? h("div", { class: "zone" }, h("span", { class: "zone-name", text: "Discard" }),
      cardRow(ctx, p.discard.slice(-6), null, "discard")) : null,
    view.decks ? h("div", { class: "zone" }, h("span", { class: "zone-name", text: "Deck" }),
      cardRow(ctx, view.decks[seat], null, "deck")) : null);
}

function handZone(ctx, p, pick, mine) {
  return h("div", { class: "zone hand" }, h("span", { class: "zone-name", text: mine ? "Your hand" : "Hand" }),
    cardRow(ctx, p.hand, pick, "hand"));
}

// The seat's own hand, drawn apart where the page keeps it in view (ctx.docked).
export function hand(ctx) {
  const p = ctx.seat === null ? null : ctx.answer.view.players[Number(ctx.seat)];
  if (!p || !p.hand) return null;
  return h("div", { class: "godofwar" }, h("div", { class: "player mine" },
    handZone(ctx, p, picker(ctx, keysOf), true)));
}

function cardRow(ctx, cards, pick, area) {
  return h("div", { class: "cards" }, cards.map((id) => actionCard(ctx, id, pick, area)));
}

function actionCard(ctx, id, pick, area) {
  return cardButton(ctx, id, { area, pick,
    classes: (c) => `gow ${(c.types || []).map((t) => "t-" + t).join(" ")}`,
    parts: (c) => [fact("types", (c.types || []).join(" · ")), c.rune ? rune(c.rune) : null] });
}
