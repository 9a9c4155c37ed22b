// The board area: the main board view that fits the game, and the extra views beside it.

import { viewsFor } from "./registry.js";
import { $, onDraw, state } from "./store.js";
import { onHole } from "./sim.js";
import { threatsOn } from "./hints.js";
import { t } from "./i18n.js";

function mount(view, container, shown) {
  container.dataset.view = view.id;
  const key = view.key?.(shown) ?? "";
  return { view, key, painter: view.mount(container, { onHole: tapped, view: shown }) };
}

function marks() {
  return { hint: state.hint.hole, threats: threatsOn() };
}

function drawMain(shown) {
  const mounted = state.views;
  document.body.classList.toggle("replaying", state.replay !== null);
  const { main, extras } = viewsFor(shown);
  const board = $("board");
  if (main && (mounted.main?.view !== main || mounted.main.key !== (main.key?.(shown) ?? ""))) {
    board.replaceChildren();
    mounted.main = mount(main, board, shown);
  }
  // The words under the board, in the page's language (said again when it changes).
  if (main) {
    // The page is named after its board: "FLIX board", "Flip 4 board", "Olix board".
    const title = t(main.title ?? "FLIX board");
    if (document.title !== title) document.title = title;
    const heading = document.querySelector(".top h1");
    if (heading && heading.textContent !== title) heading.textContent = title;
    $("board-words").textContent = t(main.help?.board ?? "");
    $("sim-help").textContent = t(main.help?.sim ?? "");
  }
  mounted.main?.painter.paint(shown, marks());
  const area = $("extra-views");
  for (const [id, entry] of mounted.extras) {
    if (!extras.includes(entry.view)) {
      entry.container.remove();
      mounted.extras.delete(id);
    }
  }
  for (const view of extras) {
    let entry = mounted.extras.get(view.id);
    if (!entry || entry.key !== (view.key?.(shown) ?? "")) {
      entry?.container.remove();
      const container = document.createElement("section");
      container.className = "extra-view";
      area.append(container);
      entry = { ...mount(view, container, shown), container };
      mounted.extras.set(view.id, entry);
    }
    entry.painter.paint(shown, marks());
  }
  area.hidden = mounted.extras.size === 0;
}

/**
 * Show a past position on every board view instead of the live one (a replay of a stored
 * game): ``position`` is a state as GET /api/state gives it; ``null`` goes back to the live
 * board. The rest of the page keeps following the live game.
 */
export function showReplay(position) {
  state.replay = position ? { layout: state.info.layout, ...position } : null;
  const shown = state.replay ?? state.view;
  if (shown) drawMain(shown);
}

/** Put the focus on the main board view (its current hole, or the first lit one): where a
 * control that went away hands the focus on (focus.js). */
export function focusBoard() {
  state.views.main?.painter.focus?.();
}

/** A tap on a hole of any view: the simulated board's hands, but not on a replayed position. */
function tapped(name) {
  if (state.replay === null) onHole(name);
}

onDraw((view) => drawMain(state.replay ?? view));
