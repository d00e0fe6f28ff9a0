// The API over HTTP: JSON requests with a token or key in the Authorization header (never in
// a URL), and problem+json errors turned into sentences.

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
  let text = known || p.title || (status >= 500 ? `The server failed (error ${status}).`
    : `The server answered ${status}.`);
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

// ``timeout`` (ms): a request unanswered by then fails as one that did not reach the server.
export async function request(method, path, { token, body, headers = {}, raw, timeout } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (timeout) init.signal = AbortSignal.timeout(timeout);
  if (token) init.headers.Authorization = "Bearer " + token;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = raw ? body : JSON.stringify(body);
  }
  let response, text;
  try {
    response = await fetch(path, init);
    text = await response.text();
  } catch (error) {
    throw new ApiError(0, error.name === "TimeoutError"
      ? { title: "The server did not answer in time." }
      : { title: "The server cannot be reached.",
        detail: "Check your connection and try again." });
  }
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
