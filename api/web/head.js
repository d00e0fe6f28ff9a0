// The head of a game's page: the game and the seat played, the seats, where the game stands,
// its clock, and what can be done from there: resign (or, once over, open the replay), play
// as another seat held here, take an open seat (a spectator), ask for or answer a takeback,
// and choose the windows to be asked in (asking.js). Drawn again with the rest of the page
// (play.js), from its summary and latest answer; an action refreshes the page once done.

import { askingPanel } from "./asking.js";
import { clockPanel } from "./clock.js";
import { append, clear, h } from "./dom.js";
import { resultText, seatName } from "./games/common.js";
import { post } from "./http.js";
import { keepToken } from "./keys.js";
import { notify } from "./notice.js";

export function drawHead(page) {
  const s = page.summary;
  const over = page.answer.status === "over" || page.answer.status === "abandoned";
  const seats = s.seats.map((seat) => seatName(s, seat.seat)).join(" · ");
  append(clear(page.header), [
    h("h1", { text: `${page.title} · ${page.seat === null ? "watching" : `seat ${page.seat}`}` }),
    h("p", { class: "seats", text: seats }),
    h("p", { class: "status", "data-status": page.answer.status,
      text: statusText(s, page.answer) }),
    clockPanel(s, (seat) => seatName(s, seat)),
    h("div", { class: "actions" }, seatSwitcher(page),
      over ? h("a", { class: "button", href: `#/replay/${page.gameId}`, text: "Open the replay" })
        : page.token ? h("button", { type: "button", class: "resign", text: "Resign",
          onclick: () => resign(page) }) : null),
    page.token ? null : joinForm(page),
    takebackBar(page),
    askingPanel(page)]);
}

// The seats held here (more than one: a game played by several seats on one device).
function seatSwitcher(page) {
  if (page.held.length <= 1) return null;
  return h("label", { class: "switch" }, "Play as ",
    h("select", { onchange: (e) => { location.hash = `#/play/${page.gameId}/${e.target.value}`; } },
      page.held.map((seat) => h("option", { value: seat, selected: seat === String(page.seat),
        text: `seat ${seat}` }))));
}

// The game's standing: version and whose turn from the latest view, the result from the
// summary (fetched again when the view says the game ended).
function statusText(s, answer) {
  if (answer.status === "active") {
    const waiting = (answer.waiting_for || []).map((x) => seatName(s, x)).join(", ");
    return `Active · event ${answer.version} · waiting for ${waiting || "a draw"}`;
  }
  if (answer.status === "over" || answer.status === "abandoned") {
    const r = s.result || {};
    const reason = r.reason ? ` (${String(r.reason).replaceAll("_", " ")})` : "";
    const scores = r.scores && typeof r.scores === "object" ? " · scores " +
      Object.entries(r.scores).map(([seat, n]) => `${seatName(s, seat)} ${n}`).join(", ") : "";
    return `Game over${reason}: ${resultText(s)}${scores}`;
  }
  return `Waiting for players (${answer.status})`;
}

// An action of the head sent as the seat; the page shows the game as it then stands.
function act(page, path, body) {
  return async () => {
    try {
      await post(`/games/${page.gameId}/${path}`, body, { token: page.token });
      await page.refresh();
    } catch (error) {
      notify(error.message);
    }
  };
}

function resign(page) {
  if (!confirm("Resign this game? The other seats win.")) return;
  act(page, "resign", undefined)();
}

// Takebacks (a game created with them): ask for your last move back; answer another seat's
// request; see who has accepted so far.
function takebackBar(page) {
  const s = page.summary;
  if (!page.token || !s.takebacks || page.answer.status !== "active") return null;
  const asked = s.takeback;
  if (!asked) {
    return h("div", { class: "takeback" }, h("button", { type: "button", class: "ask-takeback",
      text: "Ask to take back my last move", onclick: act(page, "takeback", { moves: 1 }) }));
  }
  const accepted = (asked.accepted || []).map(String);
  const agreed = accepted.map((seat) => seatName(s, Number(seat))).join(", ");
  const text = h("span", { text: `${seatName(s, asked.seat)} asks to take back moves ` +
    `after event ${asked.to}${agreed ? `; accepted by ${agreed}` : ""}.` });
  if (String(asked.seat) === String(page.seat) || accepted.includes(String(page.seat))) {
    return h("div", { class: "takeback", role: "status" }, text, " Waiting for answers.");
  }
  return h("div", { class: "takeback", role: "status" }, text,
    h("button", { type: "button", class: "accept-takeback", text: "Accept",
      onclick: act(page, "takeback/answer", { accept: true }) }),
    h("button", { type: "button", class: "decline-takeback", text: "Decline",
      onclick: act(page, "takeback/answer", { accept: false }) }));
}

// A spectator may take an open seat, with a name; the seat's token is kept like any other.
function joinForm(page) {
  const open = page.summary.seats.filter((s) => s.open);
  if (!open.length) return null;
  const name = h("input", { type: "text", maxlength: 40, required: true, id: "join-name",
    placeholder: "your name" });
  const form = h("form", { class: "join" }, h("label", { for: "join-name", text: "Your name " }),
    name, open.map((s) => h("button", { type: "submit", value: s.seat, "data-seat": s.seat,
      text: `Take seat ${s.seat}` })));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const seat = e.submitter ? e.submitter.value : open[0].seat;
    try {
      const joined = await post(`/games/${page.gameId}/seats/${seat}`,
        { name: name.value.trim() });
      keepToken(page.gameId, joined.seat, joined.token);
      location.hash = `#/play/${page.gameId}/${joined.seat}`;
    } catch (error) {
      notify(error.message);
    }
  });
  return form;
}
