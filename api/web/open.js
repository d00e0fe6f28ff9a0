// Open games: the listed games with a seat anyone may take (GET /games?open=true), each
// joined with a name, or as the player signed in (with the player's key); the seat's token
// is kept like an invitation's.

import { titleOf } from "./components.js";
import { clear, h } from "./dom.js";
import { get, post } from "./http.js";
import { keepToken, playerHeld } from "./keys.js";
import { notify } from "./notice.js";

export async function listOpenGames(section) {
  const { games } = await get("/games?open=true&limit=50");
  const titles = new Map(await Promise.all(games.map(async (g) => [g.game, await titleOf(g.game)])));
  clear(section);
  if (!games.length) return;
  section.append(h("h2", { text: "Open seats" }),
    h("ul", { class: "open-games" }, games.map((g) => {
      const seat = g.seats.find((s) => s.open);
      const players = g.seats.map((s) => s.name ?? "open seat").join(" · ");
      const player = playerHeld();
      const name = player ? null : h("input", { type: "text", maxlength: 40, required: true,
        "aria-label": `Your name for seat ${seat.seat}` });
      const join = async (event) => {
        event.preventDefault();
        try {
          const answer = await post(`/games/${g.game_id}/seats/${seat.seat}`,
            player ? {} : { name: name.value }, { token: player?.key });
          keepToken(g.game_id, seat.seat, answer.token);
          location.hash = `#/play/${g.game_id}/${seat.seat}`;
        } catch (error) {
          notify(error.message);
        }
      };
      return h("li", { "data-game-id": g.game_id },
        h("form", { onsubmit: join }, h("span", { text: `${titles.get(g.game)}: ${players} ` }), name,
          h("button", { type: "submit", text: player ? `Join seat ${seat.seat} as ${player.name}`
            : `Join seat ${seat.seat}` })));
    })));
}
