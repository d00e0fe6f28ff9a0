// A move on its way: while its request is out, every control of the play page that acts on the
// game is held (aria-disabled, a click on it stopped before it gets there, the cursor saying
// not allowed: style.css), and, once the answer is slow to come, the controls look held and the
// page's status region says "Sending your move…", seen as well as read (a quick answer makes no
// flicker and no needless words). The move's answer, or its failure, gives them back. A redraw
// meanwhile (the live stream) draws fresh controls: the page holds them again after each.

import { h } from "./dom.js";

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
