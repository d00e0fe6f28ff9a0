// "Your turn", told while a game's page is open, once the player allowed it, as a browser
// notification when the page is hidden (the tab's title says it too: play.js pageTitle).
// The page asks for that permission only when the player clicks (browsers refuse a request
// made without one).

let told = null; // the game version last told, so one turn is told once

export function showTurn(gameId, version, mine, title) {
  const key = `${gameId}@${version}`;
  if (!mine || told === key) return;
  told = key;
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification("Your turn", { body: title, tag: `gamehall-${gameId}` });
  }
}

export function askToNotify() {
  if ("Notification" in window && Notification.permission === "default") {
    document.addEventListener("click", () => Notification.requestPermission(), { once: true });
  }
}
