// Olix: the 11x11 grid named like every flat board (a1 top left: column letters from the left,
// rows from the top), the patterns just scored highlighted, and the four scoring lines with the
// counters on them. olixView gives the model and olixHtml its markup, pure functions of the
// state JSON (engine/olix.py, Olix.to_json); showOlix puts them on the page.

import { registerBoardView, registerStyle } from "./registry.js";
import { teamsOf } from "./words.js";
import { N_, t } from "./i18n.js";
import { gridOf, rovingGrid } from "./grid-keys.js";

await registerStyle(new URL("./olix.css", import.meta.url)); // before the view draws

const COLUMNS = "abcdefghijklmnopqrstuvwxyz";
const GRID_NAME = N_("Olix grid");
const AREA_NAME = N_("scoring area");
const A_PLAYER = N_("A player");
const PATTERN_WORDS = { O: N_("an O"), L: N_("an L"), I: N_("an I"), X: N_("an X") };

/** "f6" -> "f6 (column f, row 6)": the words a screen reader says for a cell. */
function cellWords(name) {
  return t("{name} (column {column}, row {row})", { name, column: name[0], row: name.slice(1) });
}

/**
 * The view of an Olix state: `rows` (row 1, the top row, first) of cells `{name, team, allowed, placed,
 * patterns: [{team, pattern, value}]}` (`patterns`: the patterns the last placement scored
 * that hold the cell), `lines` per pattern kind `{pattern, spaces: [{value, teams}], top,
 * beyond}` (`teams` only on the top space: only its counters stay; `beyond`: the value that
 * wins outright), `counters` (each team's counters in the scoring area), `teams` (names and
 * colours) and `result` (words once the game is over, else "").
 */
export function olixView(state) {
  const size = state?.geometry?.rows ?? 11;
  const board = state?.board ?? {};
  const allowed = new Set(state?.phase === "await_place" ? state?.allowed ?? [] : []);
  const teams = teamsOf(state);
  const placed = [...(state?.events ?? [])].reverse().find((event) => event.type === "place");
  const fresh = new Map();
  for (const found of state?.last_patterns ?? []) {
    for (const name of found.holes ?? []) {
      const mark = { team: found.team, pattern: found.pattern, value: found.value };
      fresh.set(name, [...(fresh.get(name) ?? []), mark]);
    }
  }
  const rows = [];
  for (let row = 1; row <= size; row += 1) {
    const cells = [];
    for (let column = 0; column < size; column += 1) {
      const name = `${COLUMNS[column]}${row}`;
      cells.push({
        name,
        team: board[name]?.team ?? null,
        allowed: allowed.has(name),
        placed: placed?.hole === name,
        patterns: fresh.get(name) ?? [],
      });
    }
    rows.push(cells);
  }
  const lines = (state?.scoring ?? []).map((line) => ({
    pattern: line.pattern,
    spaces: line.line.map((value) => ({
      value,
      teams: value === line.top ? [...line.teams] : [],
    })),
    top: line.top,
    beyond: line.line.at(-1) + 1,
  }));
  let result = "";
  if (state?.phase === "game_over") {
    result = state.winner === null || state.winner === undefined
      ? t("A draw: the scoring area does not separate the players.")
      : t("{team} wins.", { team: teams[state.winner]?.name ?? t(A_PLAYER) });
  }
  return { size, rows, lines, counters: state?.area_counters ?? [], teams, result };
}

function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cellHtml(cell, teams, hint) {
  const words = [cellWords(cell.name)];
  const attributes = [`data-cell="${escape(cell.name)}"`];
  const classes = ["olix-cell"];
  if (cell.team !== null) {
    attributes.push(`data-team="${cell.team}"`);
    words.push(t("{team} counter", { team: teams[cell.team]?.name ?? "" }));
  } else {
    words.push(t("empty"));
  }
  if (cell.allowed) classes.push("allowed");
  if (cell.placed) {
    classes.push("placed");
    words.push(t("placed last"));
  }
  if (cell.name === hint) {
    classes.push("hint");
    words.push(t("hint: play here"));
  }
  if (cell.patterns.length) {
    classes.push("pattern");
    const marks = cell.patterns.map((mark) => `${mark.pattern}-${mark.value}`);
    attributes.push(`data-patterns="${escape(marks.join(" "))}"`);
    const scored = cell.patterns.map((m) => `${t(PATTERN_WORDS[m.pattern])}-${m.value}`).join(t(" and "));
    words.push(t("in {patterns} just scored", { patterns: scored }));
  }
  const label = escape(words.join(", "));
  // One Tab stop for the grid (grid-keys.js gives the current cell tabindex 0).
  return `<span role="gridcell" class="grid-cell"><button type="button" tabindex="-1" class="${classes.join(" ")}" `
    + `${attributes.join(" ")} aria-label="${label}"></button></span>`;
}

function lineHtml(line, teams) {
  const spaces = line.spaces.map((space) => {
    const counters = space.teams
      .map((team) => `<span class="olix-counter" data-team="${team}" title="${escape(teams[team]?.name ?? "")}"></span>`)
      .join("");
    const top = space.teams.length ? " top" : "";
    return `<li class="olix-space${top}" data-value="${space.value}">${space.value}${counters}</li>`;
  });
  const beyond = escape(t("{value}+ wins", { value: line.beyond }));
  spaces.push(`<li class="olix-space beyond" data-value="${line.beyond}">${beyond}</li>`);
  const name = escape(t("{pattern} scoring line", { pattern: line.pattern }));
  return `<ol class="olix-line" data-pattern="${escape(line.pattern)}" aria-label="${name}">`
    + `<li class="olix-kind">${escape(line.pattern)}</li>${spaces.join("")}</ol>`;
}

/** The markup of olixView(state): the grid (with column letters and row numbers) and the
 * scoring area, team colours as CSS variables --team-0, --team-1; the cell named `hint` marked
 * as a hinted hole is on the other boards. */
export function olixHtml(state, hint = null) {
  const view = olixView(state);
  const colours = view.teams.map((team, index) => `--team-${index}: ${escape(team.colour)}`).join("; ");
  const columns = Array.from({ length: view.size }, (_, c) => `<span role="columnheader" class="olix-column">${COLUMNS[c]}</span>`);
  const head = `<div role="row" class="grid-row"><span aria-hidden="true"></span>${columns.join("")}</div>`;
  const rows = view.rows.map((cells, index) => {
    const number = index + 1;
    return `<div role="row" class="grid-row"><span role="rowheader" class="olix-row">${number}</span>`
      + `${cells.map((cell) => cellHtml(cell, view.teams, hint)).join("")}</div>`;
  });
  const counters = view.counters
    .map((count, team) => `<li data-team="${team}">${escape(view.teams[team]?.name ?? "")}: ${count}</li>`)
    .join("");
  // The result's line is always there (empty during the game): nothing moves when it comes.
  const result = `<p class="olix-result">${escape(view.result)}</p>`;
  return `<div class="olix" style="${colours}">`
    + `<div class="olix-grid" role="grid" aria-label="${escape(t(GRID_NAME))}" style="--size: ${view.size}">${head}${rows.join("")}</div>`
    + `<div class="olix-area" aria-label="${escape(t(AREA_NAME))}">${view.lines.map((line) => lineHtml(line, view.teams)).join("")}`
    + `<ul class="olix-counters">${counters}</ul></div>${result}</div>`;
}

/** Whether the state is a game of Olix (on its own board). */
export function isOlix(state) {
  return state?.variant === "olix" || state?.geometry?.key === "olix";
}

/** The containers whose clicks are bound (a container may show another board in between). */
const bound = new WeakSet();

/** Draw olixHtml(state, hint) in `container`; a click (or Enter) on a cell calls onCell(name)
 * (bound once). One Tab stop, the arrow keys between cells (grid-keys.js); answers the keys. */
export function showOlix(container, state, onCell, hint = null) {
  if (!bound.has(container)) {
    bound.add(container);
    container.addEventListener("click", (event) => {
      const cell = event.target.closest?.("[data-cell]");
      if (cell && container.dataset.layout === "olix") onCell(cell.dataset.cell);
    });
  }
  let keys = gridOf(container);
  if (container.dataset.layout !== "olix" || !keys) {
    container.dataset.layout = "olix";
    const rows = () =>
      [...container.querySelectorAll(".olix-grid [role=row]")]
        .map((row) => [...row.querySelectorAll("[data-cell]")].map((cell) => cell.dataset.cell))
        .filter((names) => names.length);
    const cell = (name) => container.querySelector(`[data-cell="${name}"]`);
    keys = rovingGrid(container, { rows, cell });
  }
  container.innerHTML = olixHtml(state, hint);
  keys.sync();
  return keys;
}

/** The Olix grid as the page's registry takes it: the main view of an Olix game. */
registerBoardView({
  id: "olix",
  role: "main",
  title: N_("Olix board"),
  fits: isOlix,
  key: () => "olix",
  boardSaysTurn: true,
  replay: {
    build: (container) => {
      container.dataset.layout = "olix";
    },
    paint: (container, state) => {
      container.innerHTML = olixHtml(state);
    },
  },
  help: {
    board: N_("Columns a to k from the left, rows 1 (top) to 11."),
    sim: N_("Simulated board: tap an empty cell to put a counter down, tap a counter to lift it."),
  },
  mount(container, { onHole }) {
    let keys = null;
    return {
      paint: (view, marks) => {
        keys = showOlix(container, view, onHole, marks?.hint ?? null);
      },
      focus: () => keys?.focus(),
    };
  },
});
