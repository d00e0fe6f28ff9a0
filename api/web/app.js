// The page's router: the URL's fragment says which page is shown (#/ the lobby,
// #/play/ID[/SEAT] a game, #/join/ID/SEAT/TOKEN an invitation, #/replay[/ID] the viewer).
// Fragments never reach the server, so an invitation's token stays in the browser.

import { keepToken } from "./api.js";
import { showLobby } from "./lobby.js";
import { showPlay } from "./play.js";
import { showReplay } from "./replay.js";
import { clear } from "./dom.js";
import { notify } from "./notice.js";

let leave = null; // the current page's clean-up (closing its live stream)

async function route() {
  if (leave) leave();
  leave = null;
  notify(null);
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const main = document.getElementById("main");
  clear(main);
  const [page, id, seat, token] = parts;
  try {
    if (page === "join" && id && seat && token) {
      keepToken(id, seat, token);
      // The token leaves the address bar and the history at once.
      history.replaceState(null, "", `#/play/${id}/${seat}`);
      leave = await showPlay(main, id, seat);
    } else if (page === "play" && id) {
      leave = await showPlay(main, id, seat);
    } else if (page === "replay") {
      leave = await showReplay(main, id);
    } else {
      leave = await showLobby(main);
    }
  } catch (error) {
    notify(error.message);
  }
}

window.addEventListener("hashchange", route);
route();
