// Flip 4 on its own 5x5 board: the squares with their numbers, the pieces, the lit squares, the
// two dice and their three results (sum, difference, product).

import { markThreat, threatHoles } from "./board.js";
import { registerBoardView, registerDice, registerStyle } from "./registry.js";
import { teamsOf } from "./words.js";
import { N_, nameWith, t } from "./i18n.js";
import { gridCell, gridOf, gridRow, rovingGrid } from "./grid-keys.js";

await registerStyle(new URL("./flip4.css", import.meta.url)); // before the view draws

const COLUMNS = "abcde";
const SIZE = 5;
const WHITE = "#ffffff";

/** Whether the state is a game of Flip 4 (on its own board). */
export function isFlip4(state) {
  return state?.variant === "flip4" || state?.geometry?.key === "flip4";
}

/** Build the 5x5 grid, every square a button named like the engine (a1 top left); onCell(name)
 * on a click or Enter. One Tab stop, the arrow keys between squares; answers the keys. */
export function buildFlip4Board(container, onCell) {
  container.replaceChildren();
  container.dataset.layout = "flip4";
  const grid = document.createElement("div");
  grid.className = "flip4-board";
  grid.setAttribute("role", "grid");
  nameWith(grid, N_("Flip 4 board"));
  const rows = [];
  for (let row = 1; row <= SIZE; row += 1) {
    const names = [...COLUMNS].map((column) => `${column}${row}`);
    rows.push(names);
    const cells = names.map((name) => {
      const square = document.createElement("button");
      square.type = "button";
      square.className = "hole square";
      square.dataset.hole = name;
      square.tabIndex = -1;
      const number = document.createElement("span");
      number.className = "number";
      square.append(number);
      square.addEventListener("click", () => onCell(name));
      return gridCell(square);
    });
    grid.append(gridRow(...cells));
  }
  container.append(grid);
  const keys = rovingGrid(container, {
    rows: () => rows,
    cell: (name) => container.querySelector(`[data-hole="${name}"]`),
  });
  keys.sync();
  return keys;
}

/** What the squares say: numbers, pieces, the squares lit now, squares to fix, the winning line. */
export function paintFlip4(container, state, marks = {}) {
  const teams = teamsOf(state);
  const board = state?.board ?? {};
  const sensed = state?.sensed ?? null;
  const squares = state?.squares ?? {};
  // While the lit piece is lifted its steps light instead (state.steps), as on the board.
  const lit = new Set(litPhase(state) && !state?.computer_move ? state?.steps ?? state?.allowed ?? [] : []);
  const mover = state?.team_of_seat?.[state?.to_move];
  const mismatch = state?.mismatch ?? {};
  const fix = new Map();
  for (const cell of mismatch.missing ?? []) fix.set(cell, teams[board[cell]?.team ?? 0]?.colour ?? WHITE);
  for (const cell of mismatch.extra ?? []) fix.set(cell, WHITE);
  for (const cell of state?.fix_order?.later ?? []) fix.delete(cell); // after a take-back: in turn
  const scored = new Map();
  for (const [team, line] of state?.scored_lines ?? []) for (const cell of line) scored.set(cell, team);
  const threats = marks.threats ? threatHoles(state) : new Map();
  container.style.setProperty("--mover", mover === undefined ? "transparent" : teams[mover].colour);
  for (const square of container.querySelectorAll(".square")) {
    const name = square.dataset.hole;
    const number = squares[name];
    const piece = board[name];
    const felt = sensed ? sensed[name] : piece;
    square.querySelector(".number").textContent = number === undefined ? "" : String(number);
    square.classList.toggle("corner", number === undefined);
    const words = [number === undefined ? t("{name}, corner", { name }) : t("{name}, square {number}", { name, number })];
    if (piece) {
      square.dataset.team = piece.team;
      square.style.setProperty("--piece", teams[piece.team]?.colour ?? WHITE);
      words.push(t("{team} piece", { team: teams[piece.team]?.name ?? "" }));
    } else {
      delete square.dataset.team;
      square.style.removeProperty("--piece");
      words.push(felt ? t("a piece the game does not know") : t("empty"));
    }
    square.classList.toggle("missing", Boolean(piece && !felt));
    square.classList.toggle("allowed", lit.has(name));
    if (lit.has(name)) {
      words.push(litWords(state));
      square.style.setProperty("--led", teams[mover]?.colour ?? WHITE);
    } else {
      square.style.removeProperty("--led");
    }
    square.classList.toggle("fix", fix.has(name));
    if (fix.has(name)) {
      words.push(t("blinking: fix this square"));
      square.style.setProperty("--blink", fix.get(name));
    }
    if (scored.has(name)) square.dataset.scored = scored.get(name);
    else delete square.dataset.scored;
    square.classList.toggle("hint", name === marks.hint);
    markThreat(square, threats.get(name), teams, words);
    square.setAttribute("aria-label", words.join(", "));
  }
  gridOf(container)?.sync();
}

function litPhase(state) {
  return ["await_place", "await_move", "await_jump"].includes(state?.phase);
}

function litWords(state) {
  if (state.steps) return t("lit: the lifted piece may step here");
  if (state.phase === "await_move") return t("lit: this piece may move one square");
  if (state.phase === "await_jump") return t("lit: the piece in the corner may land here");
  return t("lit: you may place here");
}

/** The two dice and the three results of the throw of the turn being played (none once the
 * turn has passed: the next player's dice are not thrown yet), into ``element``. */
export function showFlip4Dice(element, state, empty = "") {
  element.replaceChildren();
  const dice = /^([1-6])\/([1-6])$/.exec(state?.throw ?? "")?.slice(1).map(Number);
  if (!dice) {
    element.textContent = empty;
    return;
  }
  for (const value of dice) {
    const die = document.createElement("span");
    die.className = "die die-number";
    die.textContent = String(value);
    die.setAttribute("role", "img");
    die.setAttribute("aria-label", t("die showing {value}", { value }));
    element.append(die);
  }
  const [sum, difference, product] = state.results ?? [];
  const results = document.createElement("p");
  results.className = "flip4-results";
  results.textContent = t("sum {sum} · difference {difference} · product {product}", { sum, difference, product });
  element.append(results);
}

/** The Flip 4 board as the page's registry takes it: the main view of a Flip 4 game. */
registerBoardView({
  id: "flip4",
  role: "main",
  title: N_("Flip 4 board"),
  fits: isFlip4,
  key: () => "flip4",
  replay: { build: (container) => buildFlip4Board(container, () => {}), paint: paintFlip4 },
  help: {
    board: N_("Columns a to e from the left, rows 1 (top) to 5; the corners are a1, e1, a5, e5."),
    sim: N_("Simulated board: tap an empty square to put a piece down, tap a piece to lift it."),
  },
  mount(container, { onHole }) {
    const keys = buildFlip4Board(container, onHole);
    return {
      paint: (view, marks) =>
        paintFlip4(container, view, { hint: marks?.hint ?? null, threats: marks?.threats ?? false }),
      focus: keys.focus,
    };
  },
});

/** Flip 4's two numbered dice and the throw's results in the action bar. */
registerDice({ fits: isFlip4, show: showFlip4Dice });
