// The one thing a game's page is given: ``draw(ctx)`` and ``hand(ctx)`` of games/*.js read the
// game's answer through it and act through it. The play page and the replay viewer build it
// here, so both hand every game page the same shape.

import { showDetails } from "./common.js";

/**
 * What a game's page draws from and acts through (docs/browser.md, "A game's page").
 * @typedef {object} GameContext
 * @property {string} game the game's name ("dominion")
 * @property {string|number|null} seat the seat the board is drawn for; null: a spectator
 * @property {object} answer the view (GET /games/{id}/view): view, prompt (its text,
 *   legal_moves and labels, or null), status, waiting_for, version
 * @property {object} summary the game (GET /games/{id}): seats, status, result
 * @property {Map<string, object>} components the game's cards or tiles by id
 * @property {object[]} legal the moves the seat may make now ([] when it is not asked, and in
 *   the replay viewer)
 * @property {object} ui what the player picked on the board between two redraws (``pick``,
 *   or a game's own fields); emptied when the game moves on
 * @property {boolean} docked the page draws the seat's hand apart (``hand(ctx)``, kept in view
 *   at the bottom), so the board leaves it out
 * @property {(move: object) => void} choose plays one move
 * @property {(moves: object[]) => void} chooseAmong plays the move if there is one, else offers
 *   the moves as buttons
 * @property {(component: object, tapped?: boolean) => void} showInfo shows a card's or tile's
 *   details in the page's info panel (over a phone's screen when tapped)
 * @property {() => void} redraw draws the page again (after a pick)
 */

/**
 * A page that plays passes ``play`` (its choose, chooseAmong and redraw); a page that only
 * shows (the replay viewer) passes none, and nothing on the board is a move.
 * @returns {GameContext}
 */
export function gameContext({ game, seat, answer, summary, components, info, ui = {},
  docked = false, play = null }) {
  const prompt = answer.prompt;
  return {
    game, seat, answer, summary, components, ui, docked,
    legal: play && prompt ? prompt.legal_moves : [],
    choose: play ? play.choose : () => {},
    chooseAmong: play ? play.chooseAmong : () => {},
    redraw: play ? play.redraw : () => {},
    showInfo: (component, tapped = false) => showDetails(info, component, tapped),
  };
}
