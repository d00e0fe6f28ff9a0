// The page's router: the URL's fragment says which page is shown (#/ the lobby,
// #/play/ID[/SEAT] a game, #/join/ID/SEAT/TOKEN an invitation, #/replay[/ID] the viewer,
// #/decks[/GAME] the deck page, #/inbox the player's games, or registering and signing in).
// Fragments never reach the server, so an invitation's token stays in the browser.

import { keepToken } from "./keys.js";
import { showDecks } from "./decks.js";
import { showLobby } from "./lobby.js";
import { showInbox } from "./player.js";
import { showPlay } from "./play.js";
import { showReplay } from "./replay.js";
import { clear } from "./dom.js";
import { notify } from "./notice.js";

const GAME_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
let leave = null; // the current page's clean-up (closing its live stream)

async function route() {
  if (leave) leave();
  leave = null;
  notify(null);
  document.title = "gamehall";
  const main = clear(document.getElementById("main"));
  window.scrollTo(0, 0); // every page opens at its top
  try {
    leave = await show(main, location.hash.replace(/^#\/?/, "").split("/").map(decoded));
  } catch (error) {
    notify(error.message);
  }
}

function decoded(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // malformed escapes: kept as they are, and refused below
  }
}

async function show(main, [page, id, seat, token]) {
  if (page === "decks") return showDecks(main, id || undefined);
  if (page === "inbox") return showInbox(main);
  if ((id && !GAME_ID.test(id)) || (seat && !/^\d{1,2}$/.test(seat))) {
    notify("That link does not name a game: check that it was copied whole.");
    return showLobby(main);
  }
  if (page === "join" && id && seat && token) {
    keepToken(id, seat, token);
    // The token leaves the address bar and the history at once.
    history.replaceState(null, "", `#/play/${id}/${seat}`);
    return showPlay(main, id, seat);
  }
  if (page === "play" && id) return showPlay(main, id, seat || undefined);
  if (page === "replay") return showReplay(main, id);
  return showLobby(main);
}

window.addEventListener("hashchange", route);
route();
