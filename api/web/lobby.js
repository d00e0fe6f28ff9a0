// The lobby: every game of the catalog with its options as a form (built from
// GET /games/catalog, so a new game or option needs no change here), seats as human or bot,
// invitation links per seat, and the list of games.

import { clockField, readClock } from "./clock.js";
import { catalogOf } from "./components.js";
import { decksHeld } from "./decks.js";
import { clear, h } from "./dom.js";
import { resultText, seatName } from "./games/common.js";
import { ApiError, get, post } from "./http.js";
import { gamesHeld, keepToken, playerHeld, seatsHeld } from "./keys.js";
import { notify } from "./notice.js";
import { listOpenGames } from "./open.js";

export async function showLobby(main) {
  document.title = "Lobby — gamehall";
  const catalog = await catalogOf();
  // A created game's invitation links stand at the top, where the page scrolls to show them.
  const created = h("section", { id: "created", "aria-labelledby": "created-title", hidden: true });
  const list = h("section", { id: "games", "aria-labelledby": "games-title" });
  const open = h("section", { id: "open-games" });
  main.append(
    h("h1", { text: "Lobby" }),
    created,
    h("section", { class: "new-games", "aria-label": "Start a game" },
      catalog.games.map((game) => gameForm(game, created, list))),
    open, list);
  await Promise.all([listGames(list), listOpenGames(open)]);
  return null;
}

function gameForm(game, created, list) {
  const seats = h("fieldset", { class: "seats" }, h("legend", { text: "Seats" }));
  const count = h("input", { type: "number", min: game.seats.min, max: game.seats.max,
    value: game.seats.min, id: `${game.name}-count`, name: "seat-count" });
  const drawSeats = () => {
    const n = Math.max(game.seats.min, Math.min(game.seats.max, Number(count.value) || 0));
    // Seats already drawn keep what was chosen for them: only those past the count go, and
    // only the missing ones are added (the change event fires when the field loses focus,
    // often as a seat's select is clicked).
    const rows = [...seats.querySelectorAll(".seat")];
    rows.slice(n).forEach((el) => el.remove());
    for (let s = rows.length; s < n; s++) seats.append(seatRow(game, s));
  };
  count.addEventListener("change", drawSeats);
  const form = h("form", { class: "card-form", "data-game": game.name },
    h("h2", { text: game.title }),
    h("p", { class: "summary", text: game.summary }),
    h("label", { for: `${game.name}-count`, text: `Players (${game.seats.min}` +
      (game.seats.max > game.seats.min ? `-${game.seats.max}` : "") + ")" }), count,
    seats,
    game.options.length ? h("details", { class: "options" }, h("summary", { text: "Options" }),
      game.options.map((option) => optionField(game.name, option))) : null,
    game.takebacks ? takebacksField(game.name) : null,
    clockField(game.name),
    listedField(game.name),
    h("button", { type: "submit", text: `Start ${game.title}` }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    create(game, form, created, list);
  });
  drawSeats();
  return form;
}

function seatRow(game, s) {
  const id = `${game.name}-seat-${s}`;
  const player = playerHeld();
  const who = h("select", { id, name: `seat-${s}`, "aria-label": `Seat ${s}` },
    player ? h("option", { value: "me", text: `You (${player.name})` }) : null,
    h("option", { value: "human", text: "Human" }),
    h("option", { value: "open", text: "Open seat (joined by link)" }),
    game.bots.map((bot) => h("option", { value: "bot:" + bot, text: `Bot: ${bot.replaceAll("_", " ")}` })));
  if (s > 0 && game.bots.length) who.value = "bot:" + game.bots[0];
  else if (s > 0 && player) who.value = "human";
  const name = h("input", { type: "text", name: `name-${s}`, maxlength: 40,
    value: `player ${s}`, "aria-label": `Seat ${s} name` });
  const deck = deckField(game, s);
  const sync = () => {  // bots and open seats: no name, and the game's ready-made deck
    name.hidden = who.value !== "human";
    if (deck) deck.hidden = who.value !== "human";
  };
  who.addEventListener("change", sync);
  sync();
  return h("div", { class: "seat" }, h("label", { for: id, text: `Seat ${s}` }), who, name, deck);
}

// A human seat of a game whose players bring decks picks one of the decks saved here (the
// deck page, #/decks); the others see only its House and agenda until the game ends. The
// server says whether these options take decks (Thrones: profile lcg).
function deckField(game, s) {
  const decks = decksHeld(game.name);
  if (!decks.length) return null;
  return h("select", { name: `deck-${s}`, "aria-label": `Seat ${s} deck`, class: "seat-deck" },
    h("option", { value: "", text: "Ready-made deck" }),
    decks.map((d) => h("option", { value: d.deck_id, text: `Deck: ${d.name}` })));
}

// A listed game's open seats are offered in every visitor's lobby; unlisted, by link only.
function listedField(gameName) {
  const id = `${gameName}-listed`;
  return h("div", { class: "option" },
    h("input", { type: "checkbox", id, name: "listed" }),
    h("label", { for: id, text: " List its open seats in the lobby, for anyone to join" }));
}

// Takebacks are off unless the players agree before play (docs/takebacks-forks-receipts.md, "Takebacks").
function takebacksField(gameName) {
  const id = `${gameName}-takebacks`;
  return h("div", { class: "option" },
    h("input", { type: "checkbox", id, name: "takebacks" }),
    h("label", { for: id, text: " Allow takebacks (a seat may ask to take back its last move)" }));
}

function optionField(gameName, option) {
  const id = `${gameName}-opt-${option.name}`;
  let input;
  if (option.kind === "bool") {
    input = h("input", { type: "checkbox", id, checked: option.default === true });
  } else if (option.kind === "choice") {
    input = h("select", { id }, option.choices.map((c) =>
      h("option", { value: JSON.stringify(c), text: String(c),
        selected: c === option.default })));
  } else if (option.kind === "list") {
    input = h("select", { id, multiple: true, size: 6 }, option.choices.map((c) =>
      h("option", { value: JSON.stringify(c), text: String(c) })));
  } else {
    input = h("input", { type: option.kind === "int" ? "number" : "text", id,
      min: option.minimum, max: option.maximum,
      value: option.default === null ? "" : option.default, placeholder: "default" });
  }
  input.dataset.option = option.name;
  input.dataset.kind = option.kind;
  return h("div", { class: "option" }, h("label", { for: id, text: option.name.replaceAll("_", " ") }),
    input, h("small", { text: option.description }));
}

function readOptions(form) {
  const options = {};
  for (const input of form.querySelectorAll("[data-option]")) {
    const { option, kind } = input.dataset;
    if (kind === "bool") options[option] = input.checked;
    else if (kind === "choice") options[option] = JSON.parse(input.value);
    else if (kind === "list") {
      const picked = [...input.selectedOptions].map((o) => JSON.parse(o.value));
      if (picked.length) options[option] = picked;
    } else if (input.value !== "") {
      options[option] = kind === "int" ? Number(input.value) : input.value;
    }
  }
  return options;
}

function readPlayers(form) {
  return [...form.querySelectorAll(".seat")].map((row) => {
    const who = row.querySelector("select").value;
    if (who.startsWith("bot:")) return { bot: who.slice(4) };
    if (who === "open") return {};
    if (who === "me") return { player: "me" };
    const deck = row.querySelector("select.seat-deck");
    const player = { name: row.querySelector("input").value.trim() || "player" };
    return deck && deck.value ? { ...player, deck: deck.value } : player;
  });
}

async function create(game, form, created, list) {
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const takebacks = form.querySelector("input[name=takebacks]");
    const players = readPlayers(form);
    // A seat taken as the player is asked for with the player's key.
    const token = players.some((p) => p.player) ? playerHeld()?.key : undefined;
    const answer = await post("/games", { game: game.name, options: readOptions(form),
      players, takebacks: Boolean(takebacks && takebacks.checked), clock: readClock(form),
      listed: form.querySelector("input[name=listed]").checked }, { token });
    // This browser keeps the first human seat only: the others' tokens go out in their
    // invitation links (open one here to play that seat on this device too).
    const [mine, ...others] = Object.entries(answer.tokens);
    if (mine) keepToken(answer.game_id, mine[0], mine[1]);
    showInvitations(created, game, answer, mine && mine[0]);
    await listGames(list);
    if (mine && !others.length) location.hash = `#/play/${answer.game_id}/${mine[0]}`;
  } catch (error) {
    notify(error instanceof ApiError ? error.message : String(error));
  } finally {
    button.disabled = false;
  }
}

export function invitation(gameId, seat, token) {
  return `${location.origin}/#/join/${gameId}/${seat}/${encodeURIComponent(token)}`;
}

function showInvitations(created, game, answer, mine) {
  clear(created);
  const rows = Object.entries(answer.tokens).map(([seat, token]) => (seat === mine
    ? h("li", {}, h("a", { href: `#/play/${answer.game_id}/${seat}`, text: `Play seat ${seat}` }))
    : h("li", {}, h("label", { text: `Invitation link for seat ${seat}: ` },
      h("input", { type: "text", readonly: true, class: "invite",
        value: invitation(answer.game_id, seat, token), onfocus: (e) => e.target.select() })))));
  const open = answer.game.seats.filter((s) => s.open).map((s) => h("li", {},
    h("label", { text: `Link for open seat ${s.seat} (whoever opens it first takes it): ` },
      h("input", { type: "text", readonly: true, class: "invite",
        value: `${location.origin}/#/play/${answer.game_id}`,
        onfocus: (e) => e.target.select() }))));
  created.hidden = false;
  const title = h("h2", { id: "created-title", tabindex: -1, text: `${game.title} created` });
  created.append(title,
    h("p", { text: "Send each invitation link to its player: the link carries the seat's " +
      "secret token (after the #, so it never reaches a server log). Anyone with it can " +
      "play that seat." }),
    h("ul", { class: "invites" }, rows, open));
  window.scrollTo(0, 0);
  title.focus({ preventScroll: true });
}

async function listGames(list) {
  const { games } = await get("/games?limit=50");
  const mine = new Set(gamesHeld());
  clear(list);
  list.append(h("h2", { id: "games-title" }, "Games ",
    h("button", { type: "button", class: "refresh", text: "Refresh",
      onclick: () => listGames(list).catch((error) => notify(error.message)) })));
  if (!games.length) {
    list.append(h("p", { text: "No games yet: start one above." }));
    return;
  }
  const titles = new Map((await catalogOf()).games.map((c) => [c.name, c.title]));
  const rows = games.map((g) => {
    const held = Object.keys(seatsHeld(g.game_id));
    const players = g.seats.map((s) => seatName(g, s.seat));
    const turn = g.status === "active" ? (g.waiting_for || []).map((s) => seatName(g, s)).join(", ")
      : g.status === "over" || g.status === "abandoned" ? resultText(g) : "";
    return h("tr", { "data-game-id": g.game_id },
      h("td", { text: titles.get(g.game) || g.game }), h("td", { text: players.join(" · ") }),
      h("td", { text: g.status }), h("td", { text: turn }),
      h("td", {}, mine.has(g.game_id) && g.status === "active"
        ? h("a", { href: `#/play/${g.game_id}/${held[0]}`, text: "Play" })
        : h("a", { href: `#/play/${g.game_id}`, text: "Watch" }),
      g.status === "over" || g.status === "abandoned"
        ? [" · ", h("a", { href: `#/replay/${g.game_id}`, text: "Replay" })] : null));
  });
  list.append(h("div", { class: "scroll" }, h("table", {},
    h("thead", {}, h("tr", {}, ["Game", "Players", "Status", "To play / won", "Open"].map((t) =>
      h("th", { scope: "col", text: t })))),
    h("tbody", {}, rows))));
}
