// God of War's look: the party's board. The quest and its bosses, the scene grid (its cards
// with their enemies' health, armor, attack and runes), the heroes standing below the columns
// with health and rage, the upgrade row, the tokens, and every seat's hand (hands are open to
// the party, GOW-R-50). A move is clicked where it sits: a card in hand, then the enemy it
// strikes; a hero, then a space; an upgrade in the row.

import { h } from "../dom.js";
import { describeMove, infoOn, nameOf, pickHint, pickable, picker, rawView, seatName }
  from "./common.js";

// Each rune by its letter (the runic glyphs themselves are missing from many fonts).
const RUNES = { fehu: "F", uruz: "U", thurisaz: "Þ", ansuz: "A" };
const SPACES = ["front", "back"];

export function label(move, components) {
  const name = (id) => nameOf(id, components);
  switch (move.kind) {
    case "attack": return `Attack ${enemyName(move.target, components)} with ${name(move.card)} (${move.as})`;
    case "move": return `Move ${name(move.tile)} to column ${move.column}, ${move.space}`;
    case "place": return `Stand ${name(move.tile)} below column ${move.column}, ${move.space}`;
    case "interact": return `${name(move.tile)} uses ${name(move.card)}: ${move.point}`;
    case "defend": return `Defend with ${name(move.card)}`;
    case "no-defense": return "Do not defend";
    case "add": return `Add ${name(move.card)}`;
    case "pay": return `Pay with ${name(move.card)}${move.as ? ` (${move.as})` : ""}`;
    case "take": return `Take ${name(move.card)}`;
    case "remove": return `Remove ${name(move.card)} from the game`;
    case "hero": return `Play ${name(move.hero)}`;
    case "rage": return `${name(move.tile)} unleashes rage`;
    case "special": return `${name(move.tile)} plays ${name(move.card)}`;
    case "end": return "End your turn";
    case "done": return "Done";
    case "cancel": return "Cancel";
    case "pass": return "Pass";
    case "swap": return `${name(move.tile)} swaps front and back`;
    case "companion": return `${name(move.ability)}: ${MODES[move.mode] || move.mode}`;
    case "cancel-box": return move.cancel ? "Foresight: cancel this box" : "Let the box happen";
    case "order": return `Foresight: put ${name(move.card)} next`;
    case "mimir": return move.take ? "Mimir takes the wounds" : "Mimir stays out of it";
    case "freya": return move.spend ? "Spend a Freya token: no wounds" : "Keep the Freya token";
    case "brother": return `${name(move.tile)} takes the wound`;
    case "carrier": return `Mimir rides with ${name(move.tile)}`;
    case "hit": return `${name(move.tile)} is the one hit`;
    case "target": return `Also strike ${enemyName(move.target, components)}`;
    case "quest": return `Next quest: ${name(move.id)}`;
    case "boss": return `Face ${name(move.id)}`;
    default: return describeMove(move, components);
  }
}

// What each solo companion mode does (heroes.json names the abilities, not their modes).
const MODES = {
  "ranged-stun": "the attack stuns", "plus-three": "+3 to this attack",
  "second-target": "strike a second enemy", "plus-one-defense": "+1 to this defense",
  heal: "heal Kratos", draw: "draw cards",
  "reorder-upgrades": "look at and reorder the upgrade deck", "cancel-box": "cancel a text box",
};

function enemyName(id, components) {
  const found = components.get(id);
  return found ? found.name : String(id);
}

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
  const parts = [`round ${view.round}`, `${view.quests_won} quest(s) won`,
    `first player ${seatName(ctx.summary, view.first_player)}`];
  if (view.carrier) parts.push(`Mimir carried by ${nameOf(view.carrier, ctx.components)}`);
  if (view.last_attack) {
    const a = view.last_attack;
    parts.push(`last attack: ${nameOf(a.tile, ctx.components)} ${a.value} (die ${a.die}), ` +
      `${a.wounds} wound(s)`);
  }
  if (view.incoming) parts.push(`incoming: ${view.incoming.amount} to ${nameOf(view.incoming.tile, ctx.components)}`);
  const tokens = Object.entries(view.supply).map(([id, n]) => `${nameOf(id, ctx.components)} ${n}`);
  return h("p", { class: "turn" }, h("strong", { text: view.result ? "Game over" : view.stage }),
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
    class: `scene-card${enemy ? " enemy" : ""}${card.dead ? " dead" : ""}`,
    "aria-label": `${title}, column ${card.column}${card.dead ? ", dead" : ""}` },
    h("span", { class: "name", text: title }),
    enemy ? enemyStats(card, enemy) : null,
    card.name && enemy ? h("span", { class: "sub", text: card.name }) : null,
    (card.interactions || []).map((i) => h("span", { class: "interaction", text: i.text })),
    (card.boxes || []).map((b) => h("span", { class: "box" }, rune(b.rune), b.text)),
    card.storage_slots ? h("span", { class: "token storage",
      text: `${card.storage}/${card.storage_slots} tokens` }) : null,
    card.stun ? h("span", { class: "token stun", text: `stun ${card.stun}` }) : null);
  infoOn(el, ctx, card.id);
  return pickable(ctx, pick, card.id, el, label);
}

function enemyStats(card, enemy) {
  const left = Math.max(0, enemy.health - card.wounds);
  const attack = enemy.attack ? `${enemy.attack.type === "melee" ? "⚔" : "➶"} ${enemy.attack.value}` +
    (enemy.attack.arrows.length ? ` (${enemy.attack.arrows.join(", ")})` : "") : "no attack";
  return h("span", { class: "stats" },
    h("span", { class: "health", text: `♥ ${left}/${enemy.health}` }),
    enemy.armor_left.length ? h("span", { class: "armor", text: `armor ${enemy.armor_left.join("/")}` }) : null,
    h("span", { class: "attack", text: attack }),
    enemy.abilities.map((a) => h("span", { class: "ability", text: a })),
    h("span", { class: "runes" }, enemy.runes.map(rune)));
}

function rune(name) {
  if (!name) return null;
  return h("span", { class: `rune r-${name}`, title: name, "aria-label": `rune ${name}`,
    text: RUNES[name] || name });
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
        const el = h("div", { class: `space ${space}`, "data-space": `${col}:${space}`,
          role: "button", tabindex: 0, "aria-label": `Column ${col}, ${space}` },
          h("span", { class: "space-name", text: `${col} ${space}` }),
          here.map(([tile, hero]) => heroTile(ctx, view, tile, hero, pick)));
        return pickable(ctx, pick, `${col}:${space}`, el, label);
      })))),
    offBoard.length ? h("div", { class: "zone" }, h("span", { class: "zone-name", text: "Not standing" }),
      offBoard.map(([tile, hero]) => heroTile(ctx, view, tile, hero, pick))) : null);
}

function heroTile(ctx, view, tile, hero, pick) {
  const left = Math.max(0, hero.health - hero.wounds);
  const el = h("button", { type: "button", class: `hero h-${tile}${hero.knocked_out ? " out" : ""}`,
    "data-hero": tile, "aria-label": `${nameOf(tile, ctx.components)}, health ${left} of ${hero.health}` },
    h("span", { class: "name", text: nameOf(tile, ctx.components) }),
    h("span", { class: "health", text: `♥ ${left}/${hero.health}` }),
    hero.rage !== undefined && hero.rage !== null ? h("span", { class: "rage", text: `rage ${hero.rage}` }) : null,
    hero.seat !== undefined && hero.seat !== null ? h("span", { class: "sub", text: seatName(ctx.summary, hero.seat) }) : null,
    hero.freya_token ? h("span", { class: "token", text: "Freya token" }) : null,
    hero.knocked_out ? h("span", { class: "token", text: "knocked out" }) : null,
    view.carrier === tile ? h("span", { class: "token", text: "carries Mimir" }) : null);
  // A hero standing in a space covers it: a click on a hero with no move of its own is a
  // click on its space.
  el.addEventListener("click", (event) => {
    if (el.classList.contains("legal")) event.stopPropagation();
  });
  infoOn(el, ctx, tile);
  return pickable(ctx, pick, tile, el, label);
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
    p.hand ? h("div", { class: "zone hand" }, h("span", { class: "zone-name", text: "Hand" }),
      cardRow(ctx, p.hand, mine ? pick : null, "hand")) : null,
    p.discard.length ? h("div", { class: "zone" }, h("span", { class: "zone-name", text: "Discard" }),
      cardRow(ctx, p.discard.slice(-6), null, "discard")) : null,
    view.decks ? h("div", { class: "zone" }, h("span", { class: "zone-name", text: "Deck" }),
      cardRow(ctx, view.decks[seat], null, "deck")) : null);
}

function cardRow(ctx, cards, pick, area) {
  return h("div", { class: "cards" }, cards.map((id) => actionCard(ctx, id, pick, area)));
}

function actionCard(ctx, id, pick, area) {
  const c = ctx.components.get(id) || { name: id, types: [], text: "" };
  const el = h("button", { type: "button", class: `card gow ${(c.types || []).map((t) => "t-" + t).join(" ")}`,
    "data-card": id, "data-area": area, "aria-label": c.name },
    h("span", { class: "name", text: c.name }),
    h("span", { class: "types", text: (c.types || []).join(" · ") }),
    c.rune ? rune(c.rune) : null);
  infoOn(el, ctx, id);
  return pick ? pickable(ctx, pick, id, el, label) : el;
}
