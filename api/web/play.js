// A game's page: the board as the seat sees it (the game's own renderer), the prompt with
// its legal moves as choices (kept in view at the top, the seat's hand at the bottom), the
// details of cards and tiles, the log, and live updates over Server-Sent Events. Without a
// token for the game the page watches as a spectator.
// For a screen reader: the page's title says the game and whose turn it is, "Your turn" and
// every new log line are announced, and the focus goes to the prompt after a move.
// The head above the board (the game's standing, clock and actions) is head.js; a move on its
// way, retried, and every control that acts on the game held meanwhile, sending.js.

import { tick } from "./clock.js";
import { componentsOf, titleOf } from "./components.js";
import { clear, h } from "./dom.js";
import { componentDetails, promptPanel, sameMove, seatName } from "./games/common.js";
import { gameContext } from "./games/context.js";
import { rendererFor } from "./games/index.js";
import { drawHead } from "./head.js";
import { ApiError, get } from "./http.js";
import { playerHeld, seatsHeld } from "./keys.js";
import { Follower } from "./live.js";
import { notify } from "./notice.js";
import { MOVE_PATIENCE_MS, Sending, sendMove } from "./sending.js";
import { askToNotify, showTurn } from "./turn.js";

export async function showPlay(main, gameId, wantedSeat) {
  const page = new PlayPage(main, gameId, wantedSeat);
  await page.open();
  return () => page.close();
}

class PlayPage {
  constructor(main, gameId, wantedSeat) {
    Object.assign(this, { main, gameId });
    const held = seatsHeld(gameId);
    const seats = Object.keys(held);
    this.seat = wantedSeat !== undefined && held[wantedSeat] ? wantedSeat : seats[0] ?? null;
    this.token = this.seat === null ? null : held[this.seat];
    this.held = seats;
    this.ui = {};
  }

  async open() {
    this.summary = await get(`/games/${this.gameId}`);
    if (this.seat === null) await this.takePlayersSeat();
    this.components = await componentsOf(this.summary.game, this.summary.rules_version);
    this.renderer = rendererFor(this.summary.game);
    this.title = await titleOf(this.summary.game);
    this.header = h("div", { class: "game-head" });
    this.boardBox = h("div", { class: "board-box" });
    this.promptPanel = h("div", { class: "prompt-panel" });
    this.promptBox = h("div", { class: "prompt-box" }, this.promptPanel);
    this.dock = h("section", { class: "dock", "aria-label": "Your hand" });
    this.info = h("aside", { class: "info", "aria-label": "Card or tile details",
      "aria-live": "polite" }, componentDetails(null));
    this.log = h("ol", { class: "log-lines", tabindex: 0 }); // scrolled by keys too
    // The new lines for a screen reader (the eye reads them in the log below).
    this.latest = h("div", { class: "sr-only", "aria-live": "polite",
      "aria-relevant": "additions" });
    this.liveState = h("span", { class: "live-state", text: "connecting…" });
    this.layout = h("div", { class: "layout" },
      // The table's own heading (read, not seen): with no prompt of this seat's on the page,
      // the board's h3s would otherwise follow the page's h1 straight.
      h("div", { class: "play-area" }, this.promptBox,
        h("h2", { class: "sr-only", text: "The table" }), this.boardBox, this.dock),
      h("div", { class: "side-area" }, this.info,
        h("section", { class: "log", "aria-labelledby": "log-title" },
          h("h2", { id: "log-title" }, "Log ", this.liveState), this.latest, this.log)));
    this.sending = new Sending(this.main, [this.header, this.layout]);
    // The status region stays beside the prompt, out of what a redraw replaces.
    this.promptBox.append(this.sending.status);
    this.main.append(this.header, this.layout);
    await this.refresh();
    this.ticker = setInterval(() => tick(this.header), 1000); // the clock counts down
    this.heard = this.answer.version; // the log lines before it are history, not news
    if (this.seat !== null) askToNotify();
    this.follower = new Follower(`/games/${this.gameId}/stream`, this.token, 0, {
      onEvent: (event) => this.onEvent(event),
      onEnd: () => this.onEnd(),
      onState: (text) => { this.liveState.textContent = text; },
    }).start();
  }

  close() {
    this.sending?.close();
    if (this.follower) this.follower.stop();
    clearInterval(this.ticker);
  }

  // No seat token kept here, but a player signed in: the player's key plays the seat the
  // player holds in this game (taken on another device, or joined from the inbox), if any.
  async takePlayersSeat() {
    const player = playerHeld();
    if (!player) return;
    const view = await get(`/games/${this.gameId}/view`, { token: player.key }).catch(() => null);
    if (!view || view.seat === null || view.seat === undefined) return;
    this.seat = String(view.seat);
    this.token = player.key;
    this.held = [this.seat];
  }

  onEvent(event) {
    const line = h("li", { "data-seq": event.seq, text: event.log || event.type });
    this.log.append(line);
    this.log.scrollTop = this.log.scrollHeight; // the log's own scroll, never the page's
    if (event.seq > this.heard) this.announce(event.log || "");
    if (this.answer && event.seq > this.answer.version) this.scheduleRefresh();
  }

  // Every new line is announced, not only the last: each is added to the live region (a
  // screen reader reads each addition), which holds the lines since the seat's last move.
  announce(text) {
    this.latest.append(h("p", { text }));
  }

  onEnd() {
    this.liveState.textContent = "game over";
    this.scheduleRefresh();
  }

  scheduleRefresh() {
    if (this.pending) return;
    this.pending = setTimeout(async () => {
      this.pending = null;
      try {
        await this.refresh();
      } catch (error) {
        notify(error.message);
      }
    }, 60);
  }

  async refresh() {
    const [summary, answer] = await Promise.all([
      get(`/games/${this.gameId}`),
      get(`/games/${this.gameId}/view`, { token: this.token })]);
    this.summary = summary;
    await this.show(answer, { summaryFresh: true });
  }

  async show(answer, { summaryFresh = false } = {}) {
    const late = () => this.answer && answer.version < this.answer.version;
    if (late()) return;
    // The summary is fetched again when the game started or ended (its result), and, in a
    // game on a clock, after a move's answer: the clock now runs for another seat, and the
    // move's own live event may have come before the answer, so no refresh follows it.
    const clockMoved = !summaryFresh && this.summary.clock && this.answer &&
      answer.version !== this.answer.version;
    if (answer.status !== this.summary.status || clockMoved) {
      this.summary = await get(`/games/${this.gameId}`, { timeout: MOVE_PATIENCE_MS })
        .catch(() => this.summary);
      if (late()) return;
    }
    if (!this.answer || answer.version !== this.answer.version) this.ui = {};
    const wasMyTurn = Boolean(this.answer && this.answer.prompt);
    this.answer = answer;
    this.redraw();
    const myTurn = Boolean(answer.prompt);
    if (myTurn && !wasMyTurn) this.sending.tell(`Your turn: ${answer.prompt.text || ""}`);
    else if (!myTurn) this.sending.tell("");
    document.title = this.pageTitle();
    showTurn(this.gameId, answer.version, Boolean(answer.prompt), this.title);
  }

  // "Dominion — your turn — gamehall": the game and where it stands, for a tab or a reader.
  pageTitle() {
    const a = this.answer;
    const over = a.status === "over" || a.status === "abandoned";
    const standing = over ? "game over" : a.prompt ? "your turn"
      : a.status === "active" ? `waiting for ${(a.waiting_for || []).map((x) =>
        seatName(this.summary, x)).join(", ") || "a draw"}` : "waiting for players";
    return `${this.title} — ${standing} — gamehall`;
  }

  context() {
    return gameContext({ game: this.summary.game, seat: this.seat, answer: this.answer,
      summary: this.summary, components: this.components, info: this.info, ui: this.ui,
      docked: true, play: { choose: (move) => this.choose(move),
        chooseAmong: (moves) => this.chooseAmong(moves), redraw: () => this.redraw() } });
  }

  redraw() {
    const ctx = this.context();
    const focused = document.activeElement && document.activeElement.dataset;
    const keep = focused ? { ...focused } : {};
    const hadFocus = this.main.contains(document.activeElement) && document.activeElement !== this.main;
    // A list of moves the player unfolded stays unfolded: a live update redraws the prompt.
    const unfolded = this.promptPanel.querySelector("details.all-moves[open]") !== null;
    drawHead(this);
    clear(this.boardBox).append(this.renderer.draw(ctx));
    const hand = this.renderer.hand ? this.renderer.hand(ctx) : null;
    clear(this.dock).append(hand || "");
    this.dock.hidden = !hand;
    clear(this.promptPanel).append(promptPanel(ctx));
    const folded = this.promptPanel.querySelector("details.all-moves");
    if (unfolded && folded) folded.open = true;
    this.sending.hold(); // a live redraw while a move is out draws the controls held too
    this.restoreFocus(keep, hadFocus);
  }

  // After a redraw, focus the element that stood where the focus was (keyboard play); when
  // it is gone, the prompt (the focus never drops to the page's body).
  restoreFocus(keep, hadFocus) {
    for (const key of ["square", "tile", "card", "move"]) {
      if (keep[key] === undefined) continue;
      const attr = `data-${key}`;
      const found = [...this.main.querySelectorAll(`[${attr}]`)]
        .find((el) => el.getAttribute(attr) === keep[key]);
      if (found) {
        found.focus({ preventScroll: true });
        return;
      }
    }
    if (hadFocus && !this.main.contains(document.activeElement)) {
      document.getElementById("prompt-title")?.focus({ preventScroll: true });
    }
  }

  chooseAmong(moves) {
    if (moves.length === 1) return this.choose(moves[0]);
    const buttons = [...this.promptPanel.querySelectorAll("button.move")];
    const matching = buttons.filter((b) => moves.some((m) => sameMove(m, JSON.parse(b.dataset.move))));
    const details = this.promptPanel.querySelector("details");
    if (details) details.open = true;
    buttons.forEach((b) => b.classList.toggle("suggested", matching.includes(b)));
    if (matching[0]) matching[0].focus();
    notify("That can be done in several ways: pick one of the highlighted moves.", "info");
    return null;
  }

  // The controls are given back once the answer is drawn or the failure known, before the
  // board is fetched again after a failure: a fetch that hangs leaves no page held.
  async choose(move) {
    if (this.sending.out) return;
    this.sending.set(true);
    this.latest.replaceChildren(); // the news since this move starts here
    let failed = null;
    try {
      const answer = await sendMove(this.gameId, this.token, this.answer.version, move)
        .catch((error) => { failed = error; });
      if (answer) {
        notify(null);
        await this.show(answer.view);
      }
    } finally {
      this.sending.set(false);
    }
    if (failed) {
      const why = failed instanceof ApiError ? failed.message : String(failed);
      notify(`Your move did not go through: ${why}`);
      await this.refresh().catch(() => {}); // the board as it stands, the move made or not
      return;
    }
    // The page was redrawn under the focus: it goes to the prompt, which says what next.
    document.getElementById("prompt-title")?.focus();
  }
}

