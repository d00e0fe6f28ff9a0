// The API as the page uses it: JSON requests with the seat's token in the Authorization
// header (never in a URL), problem+json errors turned into sentences, tokens kept in local
// storage per game, and an SSE reader that resumes after a dropped connection.

export class ApiError extends Error {
  constructor(status, problem) {
    super(explain(status, problem));
    this.status = status;
    this.problem = problem || {};
    this.code = this.problem.code || "http-" + status;
  }
}

const MESSAGES = {
  "not-your-turn": "It is not your turn: the game waits for another seat.",
  "stale-version": "The game moved on before your move arrived; the board is refreshed, " +
    "choose again.",
  "illegal-move": "That move is not allowed now.",
  "token-required": "This page holds no token for a seat of this game: you are watching.",
  "unknown-token": "The token kept for this game was not issued by it.",
  "not-your-seat": "Your seat may not do or see that.",
  "game-not-found": "There is no such game.",
  "game-over": "The game is over.",
  "game-closed": "The game has ended or has not started.",
  "seat-unavailable": "That seat is taken.",
  "rate-limited": "Too many requests: wait a moment and try again.",
  "unavailable": "The server is busy: try again in a moment.",
  "payload-too-large": "That is larger than the server accepts.",
  "busy": "Too many moves at once: try again.",
};

export function explain(status, problem) {
  const p = problem || {};
  const known = MESSAGES[p.code];
  let text = known || p.title || `The server answered ${status}.`;
  if (p.detail && p.detail !== text) text += " " + p.detail;
  if (p.errors) text += " " + fieldErrors(p.errors);
  return text;
}

function fieldErrors(errors) {
  const parts = [];
  const walk = (value, path) => {
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
      parts.push(`${path || "request"}: ${value.join(" ")}`);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    }
  };
  walk(errors, "");
  return parts.join("; ");
}

export async function request(method, path, { token, body, headers = {}, raw } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (token) init.headers.Authorization = "Bearer " + token;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = raw ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, { title: "The server cannot be reached.",
      detail: "Check your connection; the page retries live updates by itself." });
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const get = (path, options) => request("GET", path, options);
export const post = (path, body, options = {}) => request("POST", path, { ...options, body });

export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ---- tokens: local storage, one entry a game ----

const PREFIX = "gamehall:seats:";

export function seatsHeld(gameId) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + gameId) || "{}");
  } catch {
    return {};
  }
}

export function keepToken(gameId, seat, token) {
  const held = seatsHeld(gameId);
  held[seat] = token;
  localStorage.setItem(PREFIX + gameId, JSON.stringify(held));
}

export function gamesHeld() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith(PREFIX)) ids.push(key.slice(PREFIX.length));
  }
  return ids;
}

// ---- the player: a key for all of the player's seats, kept in local storage like tokens ----

const PLAYER = "gamehall:player";

// The player signed in on this browser ({player_id, name, key}), or null.
export function playerHeld() {
  try {
    const held = JSON.parse(localStorage.getItem(PLAYER) || "null");
    return held && held.key ? held : null;
  } catch {
    return null;
  }
}

export function keepPlayer(player) {
  if (player) localStorage.setItem(PLAYER, JSON.stringify(
    { player_id: player.player_id, name: player.name, key: player.key }));
  else localStorage.removeItem(PLAYER);
}

// ---- the catalog: fetched once a page load; a game's title ("God of War") ----

let catalog = null;

export function catalogOf() {
  if (!catalog) catalog = get("/games/catalog").catch((error) => { catalog = null; throw error; });
  return catalog;
}

// Without the title's closing remark in brackets (Thrones' "(two-player box; ...)"): a page's
// heading and a tab's title are short.
export async function titleOf(game) {
  const found = await catalogOf().then((c) => c.games.find((g) => g.name === game), () => null);
  const title = found ? found.title : game.charAt(0).toUpperCase() + game.slice(1);
  return title.replace(/\s*\([^)]*\)$/, "");
}

// ---- components (cards, tiles): fetched once a game and rules version ----

const componentCache = new Map();

export function componentsOf(game, rulesVersion) {
  const key = `${game} ${rulesVersion || ""}`;
  if (!componentCache.has(key)) {
    const query = rulesVersion ? `?rules_version=${encodeURIComponent(rulesVersion)}` : "";
    componentCache.set(key, get(`/games/catalog/${encodeURIComponent(game)}/components${query}`)
      .then((answer) => new Map(answer.components.map((c) => [c.id, c])))
      .catch(() => new Map()));
  }
  return componentCache.get(key);
}

// ---- live updates: Server-Sent Events read with fetch, so the token goes in a header ----

export class Follower {
  // A stream at ``path`` (a game's, or a player's): onEvent(event) for each event, onEnd()
  // when the game is over, onState(text) for the connection's state. Resumes from the last
  // event seen (``after`` at first; null: from now) after a dropped connection.
  constructor(path, token, after, { onEvent, onEnd = () => {}, onState = () => {} }) {
    Object.assign(this, { path, token, last: after, onEvent, onEnd, onState });
    this.stopped = false;
    this.delay = 500;
  }

  start() {
    this.loop();
    return this;
  }

  stop() {
    this.stopped = true;
    if (this.controller) this.controller.abort();
  }

  async loop() {
    while (!this.stopped) {
      let ended = false;
      try {
        ended = await this.once();
        this.delay = 500;
      } catch (error) {
        if (this.stopped) return;
        if (error.status >= 400 && error.status < 500 && error.status !== 429) {
          this.onState(`No live updates: ${error.message}`); // retrying would not help
          return;
        }
        this.onState(`Live updates interrupted (${error.message}); reconnecting…`);
        await new Promise((r) => setTimeout(r, this.delay));
        this.delay = Math.min(this.delay * 2, 8000);
        continue;
      }
      if (ended) {
        this.onEnd();
        return;
      }
    }
  }

  async once() {
    this.controller = new AbortController();
    const headers = { Accept: "text/event-stream" };
    if (this.last !== null) headers["Last-Event-ID"] = String(this.last);
    if (this.token) headers.Authorization = "Bearer " + this.token;
    const response = await fetch(this.path,
      { headers, signal: this.controller.signal });
    if (!response.ok) {
      let problem = null;
      try { problem = await response.json(); } catch { /* not JSON */ }
      throw new ApiError(response.status, problem);
    }
    this.onState("live");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return false; // the server closed the stream: resume from this.last
      buffer += value.replaceAll("\r\n", "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (this.frame(frame)) return true;
      }
    }
  }

  frame(text) {
    let id = null, kind = "message";
    const data = [];
    for (const line of text.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "event") kind = value;
      else if (field === "data") data.push(value);
    }
    if (kind === "end") return true;
    if (!data.length) return false;
    if (id !== null) this.last = id;
    this.onEvent(JSON.parse(data.join("\n")));
    return false;
  }
}
