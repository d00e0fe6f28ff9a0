// "Your turn", told while a game's page is open: in the tab's title (seen from any other
// tab) and, once the player allowed it, as a browser notification when the page is hidden.
// The page asks for that permission only when the player clicks (browsers refuse a request
// made without one).

const MARK = "(your turn) ";
let told = null; // the game version last told, so one turn is told once

export function showTurn(gameId, version, mine, title) {
  const plain = document.title.startsWith(MARK) ? document.title.slice(MARK.length)
    : document.title;
  document.title = mine ? MARK + plain : plain;
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

export function clearTurn() {
  if (document.title.startsWith(MARK)) document.title = document.title.slice(MARK.length);
}
