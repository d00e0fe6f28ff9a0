// A move on its way: while its request is out, every control of the play page that acts on the
// game is held (aria-disabled, a click on it stopped before it gets there, the cursor saying
// not allowed: style.css), and, once the answer is slow to come, the controls look held and the
// page's status region says "Sending your move…", seen as well as read (a quick answer makes no
// flicker and no needless words). The move's answer, or its failure, gives them back. A redraw
// meanwhile (the live stream) draws fresh controls: the page holds them again after each.
// The move itself is sent by sendMove, tried again when the server was out of reach or busy.

import { h } from "./dom.js";
import { newKey, post } from "./http.js";
import { notify } from "./notice.js";

// How long a request of a move's waits for its answer (a try of the move is then tried again,
// with the same key): a server that never answers leaves no page held.
export const MOVE_PATIENCE_MS = 45_000;

// The controls that act on the game: the prompt's moves, the things on the board that stand
// for moves (class "legal": the picker's mark, and every game page's), unpicking, resigning,
// takebacks. Not a card's details, the log, or unfolding the list of moves.
const MOVE_CONTROLS = "button.move, .legal, .unpick, .resign, .ask-takeback, .accept-takeback, " +
  ".decline-takeback";
// How long a move may take before the page shows and says that it is being sent.
const SLOW_MS = 300;

export class Sending {
  // ``main``: the page's element, of class "busy" while a move is out; ``parts``: the page's
  // elements that hold its controls.
  constructor(main, parts) {
    Object.assign(this, { main, parts, out: false, news: undefined });
    // The status region: "Your turn: …" for a screen reader; "Sending your move…" seen too.
    this.status = h("p", { class: "turn-news sr-only", role: "status" });
    // Capture: the page sees a click before the control it is on does.
    this.guard = (event) => {
      if (!this.out || !event.target.closest(MOVE_CONTROLS)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    main.addEventListener("click", this.guard, true);
  }

  close() {
    clearTimeout(this.slow);
    this.main.removeEventListener("click", this.guard, true);
  }

  // What the status region says; while a move is out it says so, and the news waits for the
  // move's answer (which may bring other news, or none).
  tell(text) {
    if (this.out) this.news = text;
    else this.status.textContent = text;
  }

  // A move goes out (``out``), or its answer or failure came.
  set(out) {
    this.out = out;
    this.main.classList.toggle("busy", out);
    clearTimeout(this.slow);
    if (out) this.slow = setTimeout(() => this.show(true), SLOW_MS);
    else this.show(false);
    this.hold();
  }

  show(sending) {
    this.main.classList.toggle("sending", sending);
    this.status.className = sending ? "turn-news sending" : "turn-news sr-only";
    this.status.textContent = sending ? "Sending your move…" : this.news ?? "";
    if (!sending) this.news = undefined;
  }

  hold() {
    const controls = this.parts.flatMap((part) => [...part.querySelectorAll(MOVE_CONTROLS)]);
    for (const control of controls) {
      if (this.out) control.setAttribute("aria-disabled", "true");
      else control.removeAttribute("aria-disabled");
    }
  }
}

// A move, retried with the same Idempotency-Key when the server was out of reach or busy
// (it is then applied once, whichever try got through). ``version``: the game's version the
// move was chosen at.
export async function sendMove(gameId, token, version, move) {
  const body = { move, expected_version: version };
  const options = { token, headers: { "Idempotency-Key": newKey() }, timeout: MOVE_PATIENCE_MS };
  for (let attempt = 1; ; attempt++) {
    try {
      return await post(`/games/${gameId}/moves`, body, options);
    } catch (error) {
      const passing = error.status === 0 || error.status === 503 || error.status === 429;
      if (!passing || attempt >= 3) throw error;
      notify(`${error.message} Trying again…`, "info");
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}
