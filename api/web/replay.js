// The replay viewer: a finished game (by id) or a replay document dropped on the page, step
// by step with a slider and the keyboard; the board or any seat's view at each step, the log
// line, and the document's verification verdict (the failing step, if any, highlighted).

import { ApiError, componentsOf, get, post, request } from "./api.js";
import { clear, h } from "./dom.js";
import { componentDetails, showDetails } from "./games/common.js";
import { rendererFor } from "./games/index.js";
import { notify } from "./notice.js";

const MAX_BYTES = 8 * 1024 * 1024;

// Stepping keys anywhere on the page (not only on the slider), while the viewer is shown.
let pageKeys = null;

function stopKeys() {
  if (pageKeys) document.removeEventListener("keydown", pageKeys);
  pageKeys = null;
}

export async function showReplay(main, gameId) {
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

// A dropped document: folded by the server (POST /replays/steps), one perspective a request.
async function openDocument(main, doc, text) {
  if (!doc || typeof doc !== "object" || !Array.isArray(doc.events)) {
    throw new Error("That is not a replay document (it has no events).");
  }
  const folds = new Map();
  const fold = (seat) => {
    const key = String(seat);
    if (!folds.has(key)) {
      const query = seat === null ? "" : `?seat=${seat}`;
      folds.set(key, request("POST", `/replays/steps${query}`, { body: text, raw: true })
        .catch((error) => { folds.delete(key); throw error; }));
    }
    return folds.get(key);
  };
  const board = await fold(null);
  const viewAt = async (step, seat) => {
    const found = (await fold(seat)).steps[step - 1];
    if (!found || !found.view) {
      throw new ApiError(422, { title: "No view at this step",
        detail: "A view is shown only for steps that verify." });
    }
    return { view: found.view, prompt: null, status: null };
  };
  const steps = board.steps.map((s) => ({ seq: s.seq, log: s.log, type: s.type }));
  await viewer(main, { doc, verdict: board.verdict, steps, viewAt,
    title: `Dropped document: ${doc.game_id || "a game"}` });
}

async function viewer(main, { doc, verdict, steps, viewAt, title }) {
  if (!steps.length) {
    main.append(h("p", { text: "The document has no events." }), verdictBox(verdict));
    return;
  }
  const game = typeof doc.game === "string" ? doc.game : "";
  const components = await componentsOf(game, doc.rules_version);
  const renderer = rendererFor(game);
  const seats = Array.isArray(doc.seats) ? doc.seats : [];
  const summary = { seats: seats.map((s, i) => ({ seat: i, name: s && s.name, bot: s && s.bot })) };
  const slider = h("input", { type: "range", min: 1, max: steps.length, value: steps.length,
    id: "step", "aria-label": "Step" });
  const stepText = h("output", { for: "step", class: "step-no" });
  const perspective = h("select", { id: "perspective" },
    h("option", { value: "", text: "The board" }),
    seats.map((_, i) => h("option", { value: i, text: `Seat ${i}'s view` })));
  const logLine = h("p", { class: "log-line", "aria-live": "polite" });
  const stage = h("div", { class: "replay-board" });
  const info = h("aside", { class: "info", "aria-label": "Card or tile details",
    "aria-live": "polite" }, componentDetails(null));
  const list = h("ol", { class: "log-lines replay-log" }, steps.map((s) => h("li", {
    "data-seq": s.seq, class: s.seq === verdict.failed_step ? "failed" : null,
    text: s.log || s.type, onclick: () => go(s.seq) })));
  let current = 0;
  const failure = (failed) => (failed ? h("p", { class: "failed",
    text: `This step fails verification: ${verdict.reason}` }) : "");
  const go = async (step) => {
    step = Math.max(1, Math.min(steps.length, step));
    current = step;
    slider.value = step;
    const item = steps[step - 1];
    stepText.textContent = `step ${step} of ${steps.length}`;
    logLine.textContent = item.log || item.type;
    const failed = verdict.failed_step === item.seq;
    logLine.classList.toggle("failed", failed);
    list.querySelectorAll("li.current").forEach((li) => li.classList.remove("current"));
    const li = list.children[step - 1];
    if (li) {
      li.classList.add("current");
      li.scrollIntoView({ block: "nearest" });
    }
    const seat = perspective.value === "" ? null : Number(perspective.value);
    try {
      const answer = await viewAt(step, seat);
      if (current !== step) return; // a later step was asked for meanwhile
      const ctx = { game, seat, answer, summary, components, legal: [], ui: {},
        choose() {}, chooseAmong() {}, redraw() {},
        showInfo: (c, tapped = false) => showDetails(info, c, tapped) };
      clear(stage).append(failure(failed), renderer.draw(ctx));
    } catch (error) {
      if (current === step) {
        clear(stage).append(failure(failed), h("p", { class: "hint", text: error.message }));
      }
    }
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  perspective.addEventListener("change", () => go(current));
  const keys = (e) => {
    if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target !== slider) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    if (e.key in moves) go(current + moves[e.key]);
    else if (e.key === "Home") go(1);
    else if (e.key === "End") go(steps.length);
    else return;
    e.preventDefault();
  };
  main.append(h("h2", { text: title }), verdictBox(verdict),
    h("div", { class: "controls", onkeydown: keys },
      h("button", { type: "button", "aria-label": "First step", onclick: () => go(1), text: "|◀" }),
      h("button", { type: "button", "aria-label": "Previous step", class: "prev", onclick: () => go(current - 1), text: "◀" }),
      slider,
      h("button", { type: "button", "aria-label": "Next step", class: "next", onclick: () => go(current + 1), text: "▶" }),
      h("button", { type: "button", "aria-label": "Last step", onclick: () => go(steps.length), text: "▶|" }),
      stepText,
      h("label", { for: "perspective", text: "Show " }), perspective),
    h("p", { class: "hint", text: "Keys: ← → one step, PgUp PgDn ten, Home End the ends." }),
    logLine,
    h("div", { class: "layout" }, h("div", { class: "play-area" }, stage),
      h("div", { class: "side-area" }, info, h("section", { class: "log" },
        h("h2", { text: "Log" }), list))));
  stopKeys();
  pageKeys = (e) => { if (e.target === document.body) keys(e); };
  document.addEventListener("keydown", pageKeys);
  await go(steps.length);
  slider.focus();
}

function verdictBox(verdict) {
  if (verdict.valid) {
    return h("p", { class: "verdict valid", text: `✓ Verified: all ${verdict.events} events ` +
      "replay under the game's rules, every draw matches the revealed seed." });
  }
  const where = verdict.failed_step ? `at step ${verdict.failed_step}` : "in its header";
  return h("p", { class: "verdict invalid", text: `✗ Does not verify ${where}: ${verdict.reason}` });
}
