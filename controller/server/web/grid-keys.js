// Keyboard play on a board view, as WAI-ARIA's grid pattern: the board is one Tab stop (a roving
// tabindex: only the current hole has tabindex 0), the arrow keys move between holes, Home/End
// to the first/last hole of the row, Ctrl+Home/End to the first/last of the board, PageUp and
// PageDown a panel sideways where the board has panels; Enter or Space plays the hole (the
// holes are buttons). Used by the flat panels, Flip 4 and Olix (the 3-D view has its own keys).

/**
 * Wire the keys on ``root`` (bound once; the cells may be drawn anew at every state).
 * ``rows()`` gives the board as rows of cell names, the same length each; ``cell(name)`` the
 * cell's element; ``jump`` the columns PageUp/PageDown move (0: none). Answers ``{sync, focus}``:
 * ``sync()`` after each drawing gives the current cell tabindex 0 and every other -1 (and the
 * focus back to it where a drawing took it away); ``focus()`` puts the focus on the board, on
 * the current cell, or on the first lit one where the current one is not lit.
 */
export function rovingGrid(root, options) {
  const wired = controllers.get(root);
  if (wired) {
    wired.use(options);
    return wired;
  }
  let { rows, cell, jump = 0 } = options;
  let current = null;
  let inside = false;

  function where(name) {
    const board = rows();
    for (const [row, names] of board.entries()) {
      const column = names.indexOf(name);
      if (column >= 0) return { board, row, column };
    }
    return null;
  }

  function cells() {
    return rows().flat().map(cell).filter(Boolean);
  }

  function sync() {
    const all = cells();
    if (!all.length) return;
    if (!current || !cell(current)) current = all[0].dataset.hole ?? all[0].dataset.cell;
    for (const element of all) element.tabIndex = element === cell(current) ? 0 : -1;
    // A drawing that replaced the cells (Olix) took the focus with it: give it back.
    if (inside && !root.contains(document.activeElement)) cell(current)?.focus({ preventScroll: true });
  }

  function moveTo(name) {
    if (!name || !cell(name)) return;
    current = name;
    sync();
    reveal(cell(name));
  }

  function focus() {
    const lit = cells().find((element) => element.classList.contains("allowed"));
    if (lit && !cell(current)?.classList.contains("allowed")) current = lit.dataset.hole ?? lit.dataset.cell;
    sync();
    if (cell(current)) reveal(cell(current));
  }

  document.addEventListener("pointerdown", (event) => {
    inside = root.contains(event.target);
  });
  root.addEventListener("focusin", (event) => {
    const name = event.target.dataset?.hole ?? event.target.dataset?.cell;
    inside = true;
    if (name && name !== current && where(name)) {
      current = name;
      sync();
    }
  });
  root.addEventListener("focusout", (event) => {
    // Leaving the board (not a cell drawn anew under the focus): the focus is the page's again.
    if (event.relatedTarget !== null) inside = root.contains(event.relatedTarget);
  });
  root.addEventListener("keydown", (event) => {
    const name = event.target.dataset?.hole ?? event.target.dataset?.cell;
    const at = name && where(name);
    if (!at || event.altKey || event.metaKey) return;
    const { board, row, column } = at;
    const last = board.length - 1;
    const width = board[0].length - 1;
    const steps = {
      ArrowLeft: [row, column - 1],
      ArrowRight: [row, column + 1],
      ArrowUp: [row - 1, column],
      ArrowDown: [row + 1, column],
      Home: event.ctrlKey ? [0, 0] : [row, 0],
      End: event.ctrlKey ? [last, width] : [row, width],
    };
    if (jump) {
      steps.PageUp = [row, column - jump];
      steps.PageDown = [row, column + jump];
    }
    const step = steps[event.key];
    if (!step || (event.ctrlKey && event.key !== "Home" && event.key !== "End")) return;
    event.preventDefault();
    const [r, c] = [Math.min(last, Math.max(0, step[0])), Math.min(width, Math.max(0, step[1]))];
    moveTo(board[r][c]);
  });
  function use(next) {
    ({ rows, cell, jump = 0 } = next);
    current = null;
  }

  const controller = { sync, focus, use };
  controllers.set(root, controller);
  return controller;
}

/** The controller of each element wired (a board's container is wired once, whatever it shows). */
const controllers = new WeakMap();

/** The keys wired on ``root`` (rovingGrid), or undefined. */
export function gridOf(root) {
  return controllers.get(root);
}

/** Focus ``element`` and scroll it clear of the fixed action bar at the bottom of the page. */
function reveal(element) {
  element.focus();
  clearOfBar(element);
}

/** Scroll the page so that ``element`` is not under the fixed action bar. */
export function clearOfBar(element) {
  const bar = document.querySelector(".action-bar");
  const below = element.getBoundingClientRect().bottom - (bar?.getBoundingClientRect().top ?? window.innerHeight);
  if (below > 0) window.scrollBy(0, below + 8);
}

/** Give ``element`` a grid role's cell wrapper: ``<span role="gridcell">`` around it (laid out
 * as if it were not there). */
export function gridCell(element) {
  const wrapper = document.createElement("span");
  wrapper.setAttribute("role", "gridcell");
  wrapper.className = "grid-cell";
  wrapper.append(element);
  return wrapper;
}

/** A row of a grid, laid out as if it were not there: its cells sit in the board's CSS grid. */
export function gridRow(...children) {
  const row = document.createElement("div");
  row.setAttribute("role", "row");
  row.className = "grid-row";
  row.append(...children);
  return row;
}
