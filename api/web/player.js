// The player's page (#/inbox): registering (a name; the key is shown once), signing in with a
// key, rotating it, and the inbox: the player's games (whose turn, since when, the deadline),
// kept live by the player's one stream (GET /players/me/stream), so a new "your turn" shows
// with no reload, in the tab's title and (page hidden, permission given) as a notification.

import { ago, duration, moment } from "./clock.js";
import { catalogOf } from "./components.js";
import { append, clear, h } from "./dom.js";
import { seatName } from "./games/common.js";
import { get, post } from "./http.js";
import { keepPlayer, playerHeld } from "./keys.js";
import { Follower } from "./live.js";
import { notify } from "./notice.js";
import { askToNotify, showTurn } from "./turn.js";

const GROUPS = [
  ["mine", "Your turn", "No game is waiting for you."],
  ["theirs", "Their turn", "No game is waiting for the others."],
  ["over", "Over", "No game of yours is over yet."],
];

export async function showInbox(main) {
  const player = playerHeld();
  if (!player) {
    document.title = "Sign in — gamehall";
    main.append(h("h1", { text: "Your games" }), signIn());
    return null;
  }
  const page = new InboxPage(main, player, justMade);
  justMade = null;
  await page.open();
  return () => page.close();
}

// Registering or signing in: two small forms.
function signIn() {
  const name = h("input", { type: "text", id: "player-name", maxlength: 40, required: true,
    autocomplete: "nickname" });
  const register = h("form", { class: "card-form register" },
    h("h2", { text: "New here? Register" }),
    h("p", { text: "A player holds seats in many games with one key, and finds every game " +
      "waiting for them on this page." }),
    h("label", { for: "player-name", text: "Your name" }), name,
    h("button", { type: "submit", text: "Register" }));
  register.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const player = await post("/players", { name: name.value.trim() });
      keepPlayer(player);
      reopen(player.key);
    } catch (error) {
      notify(error.message);
    }
  });
  const key = h("input", { type: "password", id: "player-key", required: true,
    autocomplete: "current-password", spellcheck: "false" });
  const signin = h("form", { class: "card-form signin" },
    h("h2", { text: "Sign in with your key" }),
    h("label", { for: "player-key", text: "Your player key" }), key,
    h("button", { type: "submit", text: "Sign in" }));
  signin.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const me = await get("/players/me", { token: key.value.trim() });
      keepPlayer({ player_id: me.player_id, name: me.name, key: key.value.trim() });
      reopen(null);
    } catch (error) {
      notify(error.status === 401 ? "That key is not a player's current key: check that it " +
        "was copied whole, or register." : error.message);
    }
  });
  return h("div", { class: "new-games sign-in" }, register, signin);
}

let justMade = null; // a key just made: shown once, above the inbox

// The page drawn again by the router, signed in; ``key``: a key just made, to show.
function reopen(key) {
  justMade = key;
  if (location.hash === "#/inbox") window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = "#/inbox";
}

// The key, shown once, with what to do with it.
function keyNotice(key) {
  const field = h("input", { type: "text", readonly: true, id: "new-key", class: "invite",
    value: key, onfocus: (e) => e.target.select() });
  return h("section", { class: "key-notice", role: "status", "aria-labelledby": "key-title" },
    h("h2", { id: "key-title", tabindex: -1, text: "Keep this key" }),
    h("p", { text: "This is your player key. It is shown this once: the server keeps only a " +
      "fingerprint of it. This browser remembers it; copy it somewhere safe (a password " +
      "manager) to sign in on another device, or here again if this browser forgets it. " +
      "Anyone who has it can play your seats." }),
    h("label", { for: "new-key", text: "Your key" }), field,
    h("button", { type: "button", class: "copy-key", text: "Copy the key",
      onclick: async (e) => {
        try {
          await navigator.clipboard.writeText(key);
          e.target.textContent = "Copied";
        } catch {
          field.select(); // no clipboard here: selected, for the keyboard's copy
        }
      } }));
}

class InboxPage {
  constructor(main, player, shownKey = null) {
    Object.assign(this, { main, player, shownKey });
    this.lists = h("div", { class: "inbox" });
    this.liveState = h("span", { class: "live-state", text: "connecting…" });
  }

  async open() {
    document.title = "Your games — gamehall";
    this.titles = new Map((await catalogOf()).games.map((g) => [g.name,
      g.title.replace(/\s*\([^)]*\)$/, "")]));
    append(this.main, [h("h1", { text: "Your games" }),
      this.shownKey ? keyNotice(this.shownKey) : null, this.account(), this.lists]);
    if (this.shownKey) this.main.querySelector("#key-title").focus();
    await this.load();
    askToNotify();
    this.follower = new Follower("/players/me/stream", this.player.key, null, {
      onEvent: (event) => this.onEvent(event),
      onState: (text) => {
        this.liveState.textContent = text === "live" ? "Updates arrive live." : text;
        if (text === "live") this.load().catch((error) => notify(error.message));
      },
    }).start();
    this.ticker = setInterval(() => this.tick(), 30_000); // "since" and deadlines age
  }

  close() {
    if (this.follower) this.follower.stop();
    clearInterval(this.ticker);
  }

  account() {
    return h("section", { class: "account", "aria-label": "Your account" },
      h("p", {}, `Signed in as ${this.player.name}. `, this.liveState),
      h("div", { class: "actions" },
        h("button", { type: "button", class: "rotate-key", text: "Make a new key",
          onclick: () => this.rotate() }),
        h("button", { type: "button", class: "sign-out", text: "Sign out",
          onclick: () => this.signOut() })));
  }

  async rotate() {
    if (!confirm("Make a new key? The key you have now stops working at once, on every " +
      "device.")) return;
    try {
      const answer = await post("/players/me/keys", undefined, { token: this.player.key });
      keepPlayer(answer);
      reopen(answer.key);
    } catch (error) {
      notify(error.message);
    }
  }

  signOut() {
    if (!confirm("Sign out? Without your key you cannot sign in again: keep it first.")) return;
    keepPlayer(null);
    location.hash = "#/";
  }

  onEvent(event) {
    const data = event.data || {};
    if (event.type === "your-turn") {
      const title = this.titles.get(data.game) || data.game;
      showTurn(data.game_id, data.version, true, title);
    }
    this.load().catch((error) => notify(error.message));
  }

  async load() {
    let games;
    try {
      ({ games } = await get("/players/me/games?limit=100", { token: this.player.key }));
    } catch (error) {
      if (error.status !== 401) throw error;
      // The key was replaced on another device: this one signs in again.
      keepPlayer(null);
      reopen(null);
      notify(`The key kept here for ${this.player.name} no longer works (a new one was ` +
        "made, perhaps on another device): sign in with the new key.");
      return;
    }
    this.games = games;
    this.draw();
  }

  tick() {
    if (this.games) this.draw();
  }

  draw() {
    const mine = this.games.filter((g) => g.turn === "mine").length;
    document.title = mine ? `Your turn (${mine}) — your games — gamehall`
      : "Your games — gamehall";
    clear(this.lists).append(...GROUPS.map(([turn, heading, none]) => {
      const games = this.games.filter((g) => g.turn === turn);
      return h("section", { class: `turn-${turn}`, "aria-labelledby": `inbox-${turn}` },
        h("h2", { id: `inbox-${turn}`, text: `${heading} (${games.length})` }),
        games.length ? h("ul", { class: "inbox-games" }, games.map((g) => this.row(g)))
          : h("p", { class: "hint", text: none }));
    }));
  }

  row(g) {
    const title = this.titles.get(g.game) || g.game;
    const others = g.seats.filter((s) => s.seat !== g.seat).map((s) => seatName(g, s.seat));
    const link = g.turn === "over" ? `#/replay/${g.game_id}` : `#/play/${g.game_id}/${g.seat}`;
    return h("li", { "data-game-id": g.game_id, class: `turn-${g.turn}` },
      h("a", { href: link, text: g.turn === "mine" ? `Play ${title}` : g.turn === "over"
        ? `Replay ${title}` : `Open ${title}` }),
      h("span", { text: ` as ${seatName(g, g.seat)}` +
        (others.length ? `, with ${others.join(", ")}` : "") + ". " }),
      h("span", { class: "standing", text: standing(g) }));
  }
}

// Where the game stands for the player, in a sentence.
function standing(g) {
  if (g.turn === "over") return `The game ended ${ago(g.since)}.`;
  if (g.status === "waiting") {
    return `Waiting since ${ago(g.since)} for ${g.open_seats === 1 ? "a player" :
      `${g.open_seats} players`} to take a seat.`;
  }
  const deadline = g.deadline ? ` Your time runs out in ${duration(
    (new Date(g.deadline) - Date.now()) / 1000)}, at ${moment(g.deadline)}.` : "";
  if (g.turn === "mine") {
    const asked = g.takeback_asked ? "A takeback waits for your answer" : "Your turn";
    return `${asked} since ${ago(g.since)}.${deadline}`;
  }
  const waiting = (g.waiting_for || []).map((s) => seatName(g, s)).join(", ");
  return `Waiting for ${waiting || "the game"} since ${ago(g.since)}.`;
}
