// What this browser holds: the seat tokens of each game and the player's key, in local
// storage, sent only in the Authorization header.

// ---- seat tokens: one entry a game ----

const PREFIX = "gamehall:seats:";

export function seatsHeld(gameId) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + gameId) || "{}");
  } catch {
    return {};
  }
}

export function keepToken(gameId, seat, token) {
  const held = seatsHeld(gameId);
  held[seat] = token;
  localStorage.setItem(PREFIX + gameId, JSON.stringify(held));
}

export function gamesHeld() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith(PREFIX)) ids.push(key.slice(PREFIX.length));
  }
  return ids;
}

// ---- the player: a key for all of the player's seats, kept in local storage like tokens ----

const PLAYER = "gamehall:player";

// The player signed in on this browser ({player_id, name, key}), or null.
export function playerHeld() {
  try {
    const held = JSON.parse(localStorage.getItem(PLAYER) || "null");
    return held && held.key ? held : null;
  } catch {
    return null;
  }
}

export function keepPlayer(player) {
  if (player) localStorage.setItem(PLAYER, JSON.stringify(
    { player_id: player.player_id, name: player.name, key: player.key }));
  else localStorage.removeItem(PLAYER);
}
