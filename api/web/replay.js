// The replay viewer: a finished game (by id) or a replay document dropped on the page, step
// by step with a slider and the keyboard; the board or any seat's view at each step, the log
// line, and the document's verification verdict in words (the failing step, if any,
// highlighted). A dropped document shows only what verifies: the log lines the rules write
// (never the document's own text), and past the failing step the last good board.

import { componentsOf } from "./components.js";
import { clear, h } from "./dom.js";
import { componentDetails } from "./games/common.js";
import { gameContext } from "./games/context.js";
import { rendererFor } from "./games/index.js";
import { ApiError, get, post, request } from "./http.js";
import { notify } from "./notice.js";

const MAX_BYTES = 8 * 1024 * 1024;

// Stepping keys anywhere on the page (not only on the slider), while the viewer is shown.
let pageKeys = null;

function stopKeys() {
  if (pageKeys) document.removeEventListener("keydown", pageKeys);
  pageKeys = null;
}

export async function showReplay(main, gameId) {
  document.title = "Replay viewer — gamehall";
  main.append(h("h1", { text: "Replay viewer" }));
  if (gameId) {
    await openStoredGame(main, gameId);
  } else {
    main.append(dropZone(main));
  }
  return stopKeys;
}

function dropZone(main) {
  const input = h("input", { type: "file", accept: ".json,application/json", id: "replay-file" });
  const zone = h("div", { class: "drop", tabindex: 0 },
    h("p", { text: "Drop a replay document (a game's JSON, from GET /games/{id}/replay or " +
      "`gamehall replay export`) here, or choose a file." }),
    h("label", { for: "replay-file", text: "Replay document: " }), input,
    h("p", { class: "hint", text: "Finished games are listed in the lobby with a Replay link." }));
  const load = async (file) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      notify("That file is larger than 8 MiB, the most a replay document may be.");
      return;
    }
    try {
      const text = await file.text();
      let doc;
      try { doc = JSON.parse(text); } catch { throw new Error("That file is not JSON."); }
      zone.remove();
      await openDocument(main, doc, text);
    } catch (error) {
      notify(error.message);
    }
  };
  input.addEventListener("change", () => load(input.files[0]));
  zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    load(e.dataTransfer.files[0]);
  });
  return zone;
}

// A stored game: its document (for the log lines), its verdict, and its views by step from
// GET /games/{id}/view?at=N&seat=S.
async function openStoredGame(main, gameId) {
  const summary = await get(`/games/${gameId}`);
  if (summary.status !== "over" && summary.status !== "abandoned") {
    main.append(h("p", { text: "This game is still being played: its replay opens once it " +
      "is over." }), h("a", { href: `#/play/${gameId}`, text: "Watch it" }));
    return;
  }
  const doc = await get(`/games/${gameId}/replay`);
  const verdict = await post("/replays/verify", doc);
  const cache = new Map();
  const viewAt = async (step, seat) => {
    const key = `${step}/${seat}`;
    if (!cache.has(key)) {
      const query = `at=${step}` + (seat === null ? "" : `&seat=${seat}`);
      cache.set(key, get(`/games/${gameId}/view?${query}`));
    }
    try {
      return await cache.get(key);
    } catch (error) {
      cache.delete(key);
      throw error;
    }
  };
  const steps = doc.events.map((e) => ({ seq: e.seq, log: e.log, type: e.type }));
  await viewer(main, { doc, verdict, steps, viewAt, title: `Game ${gameId}` });
}

// A dropped document: folded by the server (POST /replays/steps), a page of steps for one
// perspective a request, each page fetched when the viewer first reaches one of its steps
// (a document's views, each a whole state, can weigh thirty times the document). The log
// list starts with the document's own lines and takes the server's as pages come.
async function openDocument(main, doc, text) {
  if (!doc || typeof doc !== "object" || !Array.isArray(doc.events)) {
    throw new Error("That is not a replay document (it has no events).");
  }
  const pages = new Map(); // "seat/from" -> the page's answer (a promise)
  const folded = new Map(); // seat -> the steps folded so far, by index (sparse)
  let relabel = () => {};
  const page = (seat, from) => {
    const key = `${seat}/${from}`;
    if (!pages.has(key)) {
      const query = `?from=${from}` + (seat === null ? "" : `&seat=${seat}`);
      pages.set(key, request("POST", `/replays/steps${query}`, { body: text, raw: true })
        .then((answer) => {
          const known = folded.get(seat) || [];
          folded.set(seat, known);
          answer.steps.forEach((s, i) => {
            known[answer.from + i] = s;
            if (seat === null) relabel(answer.from + i, s); // the list shows the board's lines
          });
          return answer;
        })
        .catch((error) => { pages.delete(key); throw error; }));
    }
    return pages.get(key);
  };
  const first = await page(null, 0);
  const size = Math.max(1, first.next === null ? first.total : first.next);
  const stepAt = async (index, seat) => {
    const found = () => (folded.get(seat) || [])[index];
    if (!found()) await page(seat, Math.floor(index / size) * size);
    if (!found()) await page(seat, index); // that page was cut short by its size in bytes
    return found();
  };
  // Past the failing step, the last good board: the one after the step before it.
  const trusted = first.verdict.valid ? first.total : (first.verdict.failed_step || 1) - 1;
  const viewAt = async (step, seat) => {
    const shownAt = Math.min(step, trusted);
    const found = shownAt > 0 ? await stepAt(shownAt - 1, seat) : null;
    if (!found || !found.view) {
      throw new ApiError(422, { title: "No board to show", detail: "No step of this " +
        "document up to here verifies, so no board of it can be trusted." });
    }
    return { view: found.view, prompt: null, status: null, shownAt };
  };
  // Each step's line as the server recomputes it, page by page (never the document's text:
  // no hash covers it); a step whose page is not read yet shows its type meanwhile.
  const own = doc.events.filter((e) => e && typeof e === "object" && !Array.isArray(e));
  const steps = Array.from({ length: first.total }, (_, i) => {
    const s = (folded.get(null) || [])[i];
    return s ? stepOf(s) : { seq: (own[i] || {}).seq, log: null, type: (own[i] || {}).type,
      pending: true };
  });
  await viewer(main, { doc, verdict: first.verdict, steps, viewAt,
    title: `Dropped document: ${doc.game_id || "a game"}`,
    bind: (view) => { relabel = (index, s) => view.relabel(index, s); } });
}

async function viewer(main, { doc, verdict, steps, viewAt, title, bind = () => {} }) {
  if (!steps.length) {
    main.append(h("p", { text: "The document has no events." }), verdictBox(verdict));
    return;
  }
  const game = typeof doc.game === "string" ? doc.game : "";
  const components = await componentsOf(game, doc.rules_version);
  const seats = Array.isArray(doc.seats) ? doc.seats : [];
  const view = new StepViewer({ game, components, seats, verdict, steps, viewAt });
  bind(view);
  main.append(h("h2", { text: title }), verdictBox(verdict), ...view.layout());
  stopKeys();
  pageKeys = (e) => { if (e.target === document.body) view.keys(e); };
  document.addEventListener("keydown", pageKeys);
  await view.go(steps.length);
  view.slider.focus();
}

// One document's steps on screen: the controls, the step's log line, the board (or a seat's
// view) drawn by the game's renderer with nothing clickable, and the whole log.
class StepViewer {
  constructor({ game, components, seats, verdict, steps, viewAt }) {
    Object.assign(this, { game, components, verdict, steps, viewAt });
    this.renderer = rendererFor(game);
    this.summary = { seats: seats.map((s, i) => ({ seat: i, name: s && s.name, bot: s && s.bot })) };
    this.current = 0;
    this.slider = h("input", { type: "range", min: 1, max: steps.length, value: steps.length,
      id: "step", "aria-label": "Step", oninput: () => this.go(Number(this.slider.value)) });
    this.stepText = h("output", { for: "step", class: "step-no" });
    this.perspective = h("select", { id: "perspective", onchange: () => this.go(this.current) },
      h("option", { value: "", text: "The board" }),
      seats.map((_, i) => h("option", { value: i, text: `Seat ${i}'s view` })));
    this.logLine = h("p", { class: "log-line", "aria-live": "polite" });
    this.stage = h("div", { class: "replay-board" });
    this.info = h("aside", { class: "info", "aria-label": "Card or tile details",
      "aria-live": "polite" }, componentDetails(null));
    this.list = h("ol", { class: "log-lines replay-log", tabindex: 0 }, steps.map((s, i) => h("li", {
      "data-seq": s.seq, class: s.seq === verdict.failed_step ? "failed" : null,
      text: lineOf(s), onclick: () => this.go(i + 1) })));
  }

  layout() {
    const button = (label, text, onclick) =>
      h("button", { type: "button", "aria-label": label, text, onclick });
    return [
      h("div", { class: "controls", onkeydown: (e) => this.keys(e) },
        button("First step", "|◀", () => this.go(1)),
        button("Previous step", "◀", () => this.go(this.current - 1)),
        this.slider,
        button("Next step", "▶", () => this.go(this.current + 1)),
        button("Last step", "▶|", () => this.go(this.steps.length)),
        this.stepText, h("label", { for: "perspective", text: "Show " }), this.perspective),
      h("p", { class: "hint", text: "Keys: ← → one step, PgUp PgDn ten, Home End the ends." }),
      this.logLine,
      h("div", { class: "layout" }, h("div", { class: "play-area" }, this.stage),
        h("div", { class: "side-area" }, this.info, h("section", { class: "log" },
          h("h2", { text: "Log" }), this.list)))];
  }

  keys(e) {
    const target = e.target;
    if (target.tagName === "SELECT" || (target.tagName === "INPUT" && target !== this.slider)) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    if (e.key in moves) this.go(this.current + moves[e.key]);
    else if (e.key === "Home") this.go(1);
    else if (e.key === "End") this.go(this.steps.length);
    else return;
    e.preventDefault();
  }

  // A step's log line as the server folded it (a page of a dropped document, just fetched).
  relabel(index, step) {
    const item = this.steps[index];
    if (!item) return;
    Object.assign(item, stepOf(step));
    this.list.children[index].textContent = lineOf(item);
    if (this.current === index + 1) this.logLine.textContent = lineOf(item);
  }

  async go(wanted) {
    const step = Math.max(1, Math.min(this.steps.length, wanted));
    this.current = step;
    const item = this.steps[step - 1];
    const failed = this.verdict.failed_step === item.seq;
    this.mark(step, item, failed);
    const seat = this.perspective.value === "" ? null : Number(this.perspective.value);
    const failure = failed ? h("p", { class: "failed",
      text: `This step fails verification. ${explanationOf(this.verdict)}` }) : "";
    let shown;
    let note = "";
    try {
      const answer = await this.viewAt(step, seat);
      if (answer.shownAt && answer.shownAt !== step) {
        note = h("p", { class: "hint last-good", text: `Shown: the board after step ` +
          `${answer.shownAt}, the last step that verifies. What follows it cannot be trusted.` });
      }
      shown = this.renderer.draw(this.context(seat, answer));
    } catch (error) {
      shown = h("p", { class: "hint", text: error.message });
    }
    if (this.current === step) clear(this.stage).append(failure, note, shown); // not overtaken
  }

  mark(step, item, failed) {
    this.slider.value = step;
    this.stepText.textContent = `step ${step} of ${this.steps.length}`;
    this.logLine.textContent = lineOf(item);
    this.logLine.classList.toggle("failed", failed);
    this.list.querySelectorAll("li.current").forEach((li) => li.classList.remove("current"));
    const li = this.list.children[step - 1];
    li.classList.add("current");
    li.scrollIntoView({ block: "nearest" });
  }

  context(seat, answer) {
    return gameContext({ game: this.game, seat, answer, summary: this.summary,
      components: this.components, info: this.info });
  }
}

function verdictBox(verdict) {
  if (verdict.valid) {
    return h("p", { class: "verdict valid", text: `✓ Verified: all ${verdict.events} events ` +
      "replay under the game's rules, every draw matches the revealed seed." });
  }
  const where = verdict.failed_step ? `at step ${verdict.failed_step}` : "as a whole";
  return h("p", { class: "verdict invalid",
    text: `✗ Does not verify ${where}. ${explanationOf(verdict)}` });
}

// A verdict in words (an older server's answer has only the reason, for programs).
function explanationOf(verdict) {
  return verdict.explanation || verdict.reason;
}

// A step as the server folded it: its line is the rules' (null past the last step that
// verifies).
function stepOf(s) {
  return { seq: s.seq, log: s.log, type: s.type, unverified: s.log === null, pending: false };
}

// A step's log line: the one the rules write; none past the last step that verifies.
function lineOf(step) {
  const type = String(step.type || "an unreadable event").replaceAll("_", " ");
  if (step.pending) return `${type} …`;
  if (step.unverified) return `(not verified) ${type}`;
  return step.log || type;
}
