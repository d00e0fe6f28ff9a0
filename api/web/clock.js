// Clocks in words: a game's clock as its page shows it (the time left to the seats asked to
// decide, counting down, and what happens when it runs out), the lobby's clock field with
// its presets, and durations and moments as a person says them.

import { h } from "./dom.js";

const MINUTE = 60, HOUR = 3600, DAY = 86400;

// The lobby's presets: [words, per_move, bank] (seconds).
export const CLOCK_PRESETS = [
  ["5 minutes a move", 5 * MINUTE, 0],
  ["1 hour a move", HOUR, 0],
  ["1 day a move", DAY, 0],
  ["1 day a move, with 2 days in reserve", DAY, 2 * DAY],
  ["3 days a move", 3 * DAY, 0],
];

// "2 days 3 hours", "4 hours 12 minutes", "3 minutes 5 seconds": the two largest units.
export function duration(seconds) {
  const total = Math.max(0, Math.floor(seconds)); // time left: never more than there is
  const units = [[DAY, "day"], [HOUR, "hour"], [MINUTE, "minute"], [1, "second"]];
  const first = units.findIndex(([size]) => total >= size);
  if (first < 0) return "no time";
  const said = [];
  let left = total;
  for (const [size, unit] of units.slice(first, first + 2)) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n) said.push(`${n} ${unit}${n === 1 ? "" : "s"}`);
  }
  return said.join(" ");
}

// "Sat 29 Nov, 03:30" in the reader's own time zone.
export function moment(iso) {
  return new Date(iso).toLocaleString(undefined, { weekday: "short", day: "numeric",
    month: "short", hour: "2-digit", minute: "2-digit" });
}

// "3 minutes ago", "just now".
export function ago(iso) {
  const seconds = (Date.now() - new Date(iso).getTime()) / 1000;
  return seconds < 60 ? "just now" : `${duration(seconds)} ago`;
}

// The game's clock in one sentence: "1 day a move, with 2 days in reserve; a seat whose time
// runs out loses the game."
export function clockRule(clock, cooperativeOrCrowded) {
  const pace = `${duration(clock.per_move)} a move` +
    (clock.bank ? `, with ${duration(clock.bank)} in reserve` : "");
  const after = clock.on_timeout === "forfeit"
    ? (cooperativeOrCrowded
      ? "a seat whose time runs out is played by the autopilot for the rest of the game"
      : "a seat whose time runs out loses the game")
    : "when a seat's time runs out, the autopilot makes that one move for it";
  return `${pace}; ${after}.`;
}

// The clock panel of a game's page (null for a game with no clock): its rule, then a line
// for each seat on the clock with the time left, counting down (``tick`` redraws the times).
export function clockPanel(summary, nameOf) {
  const clock = summary.clock;
  if (!clock) return null;
  const crowded = summary.cooperative || summary.seats.length > 2;
  const lines = clock.deadlines.map((d) => {
    const reserve = (new Date(d.deadline) - new Date(d.since)) / 1000 - clock.per_move;
    const time = h("time", { datetime: d.deadline, "data-deadline": d.deadline });
    return h("li", { "data-seat": d.seat }, `${nameOf(d.seat)} has `, time,
      ` left to move, until ${moment(d.deadline)}` +
      (clock.bank ? ` (reserve included: ${duration(Math.max(0, reserve))})` : "") + ".");
  });
  const handed = (clock.autopilot || []).map((seat) => h("li", {
    text: `${nameOf(seat)} ran out of time: the autopilot plays that seat from now on.` }));
  // A heading (level 2, as the prompt's): the board's own headings follow it in order.
  const panel = h("section", { class: "clock", "aria-labelledby": "clock-title" },
    h("h2", { id: "clock-title", text: "Clock" }),
    h("p", { class: "clock-rule", text: clockRule(clock, crowded) }),
    lines.length || handed.length ? h("ul", { class: "clock-times" }, lines, handed) : null);
  tick(panel);
  return panel;
}

// Each deadline's time left, as of now.
export function tick(panel) {
  for (const time of panel.querySelectorAll("time[data-deadline]")) {
    const left = (new Date(time.dataset.deadline) - Date.now()) / 1000;
    time.textContent = left > 0 ? duration(left) : "no time";
    time.parentElement.classList.toggle("short", left < 5 * MINUTE);
  }
}

// The lobby's clock field: a preset (or none), and what a timeout does.
export function clockField(gameName) {
  const id = `${gameName}-clock`;
  const pace = h("select", { id, name: "clock" },
    h("option", { value: "", text: "No clock" }),
    CLOCK_PRESETS.map(([words, perMove, bank]) =>
      h("option", { value: `${perMove}/${bank}`, text: words })));
  const onTimeout = h("select", { id: `${id}-timeout`, name: "on-timeout", disabled: true },
    h("option", { value: "autopilot", text: "The autopilot makes that move" }),
    h("option", { value: "forfeit", text: "The seat forfeits" }));
  pace.addEventListener("change", () => { onTimeout.disabled = !pace.value; });
  return h("div", { class: "option clock-option" },
    h("label", { for: id, text: "Clock" }), pace,
    h("label", { for: `${id}-timeout`, text: "When a seat's time runs out" }), onTimeout,
    h("small", { text: "The autopilot is the game's first bot. A seat that forfeits loses " +
      "a two-seat game; with more seats, or in a co-operative game, the autopilot plays it " +
      "from then on." }));
}

// The clock the lobby's form asks for (undefined: none).
export function readClock(form) {
  const pace = form.querySelector("select[name=clock]");
  if (!pace || !pace.value) return undefined;
  const [perMove, bank] = pace.value.split("/").map(Number);
  const onTimeout = form.querySelector("select[name=on-timeout]").value;
  return { per_move: perMove, bank, on_timeout: onTimeout };
}
