// What the server's catalogue says, fetched once a page load: the games' titles, and each
// game's components (cards, tiles) once a game and rules version.

import { get } from "./http.js";

// ---- the catalog: fetched once a page load; a game's title ("God of War") ----

let catalog = null;

export function catalogOf() {
  if (!catalog) catalog = get("/games/catalog").catch((error) => { catalog = null; throw error; });
  return catalog;
}

// Without the title's closing remark in brackets (Thrones' "(two-player box; ...)"): a page's
// heading and a tab's title are short.
export async function titleOf(game) {
  const found = await catalogOf().then((c) => c.games.find((g) => g.name === game), () => null);
  const title = found ? found.title : game.charAt(0).toUpperCase() + game.slice(1);
  return title.replace(/\s*\([^)]*\)$/, "");
}

// ---- components (cards, tiles): fetched once a game and rules version ----

const componentCache = new Map();

export function componentsOf(game, rulesVersion) {
  const key = `${game} ${rulesVersion || ""}`;
  if (!componentCache.has(key)) {
    const query = rulesVersion ? `?rules_version=${encodeURIComponent(rulesVersion)}` : "";
    componentCache.set(key, get(`/games/catalog/${encodeURIComponent(game)}/components${query}`)
      .then((answer) => new Map(answer.components.map((c) => [c.id, c])))
      .catch(() => new Map()));
  }
  return componentCache.get(key);
}
