// The flat view of the spaceboard: four panels side by side as the player sees them, every hole
// a button. It registers itself as the main board view of the 4x4x4 games.

import { registerBoardView } from "./registry.js";
import { SUIT_NAMES, SUIT_SYMBOLS, teamsOf } from "./words.js";
import { N_, nameWith, t } from "./i18n.js";
import { gridCell, gridOf, gridRow, rovingGrid } from "./grid-keys.js";

/** A piece kind in words, as the catalog knows them. */
export const PIECE_WORDS = { man: N_("man"), burocrat: N_("burocrat") };

/** Each panel's caption, said in the page's language (i18n.js translatePage). */
const PANEL_CAPTIONS = { R: N_("Red panel"), Y: N_("Yellow panel"), G: N_("Green panel"), B: N_("Blue panel") };

const ROMAN = ["I", "II", "III", "IV"];

/** Build the panels for a layout ({panels: "RYGB", suits: "SHDC"}); onHole(name) on a click or
 * Enter. Each panel is a grid (floors its rows, suits its columns); the four are one Tab stop,
 * the arrow keys crossing from panel to panel. Answers the keys' controller (grid-keys.js). */
export function buildBoard(container, layout, onHole) {
  container.replaceChildren();
  container.dataset.layout = `${layout.panels}-${layout.suits}`;
  for (const panel of layout.panels) {
    const figure = document.createElement("figure");
    figure.className = "panel";
    figure.dataset.panel = panel;
    const caption = document.createElement("figcaption");
    caption.dataset.t = PANEL_CAPTIONS[panel];
    caption.textContent = t(PANEL_CAPTIONS[panel]);
    figure.append(caption);
    const grid = document.createElement("div");
    grid.className = "holes";
    grid.setAttribute("role", "grid");
    nameWith(grid, PANEL_CAPTIONS[panel]);
    const corner = document.createElement("span");
    corner.className = "corner";
    corner.setAttribute("aria-hidden", "true");
    const heads = [...layout.suits].map((suit) => {
      const head = document.createElement("span");
      head.className = `suit suit-${suit}`;
      head.setAttribute("role", "columnheader");
      head.textContent = SUIT_SYMBOLS[suit];
      head.title = t(SUIT_NAMES[suit]);
      head.setAttribute("aria-label", t(SUIT_NAMES[suit]));
      return head;
    });
    grid.append(gridRow(corner, ...heads));
    for (let floor = 3; floor >= 0; floor -= 1) {
      const label = document.createElement("span");
      label.className = "floor";
      label.setAttribute("role", "rowheader");
      label.textContent = ROMAN[floor];
      const cells = [...layout.suits].map((suit) => {
        const name = `${panel}-${ROMAN[floor]}-${suit}`;
        const hole = document.createElement("button");
        hole.type = "button";
        hole.className = "hole";
        hole.dataset.hole = name;
        hole.tabIndex = -1;
        hole.setAttribute("aria-label", name);
        hole.addEventListener("click", () => onHole(name));
        return gridCell(hole);
      });
      grid.append(gridRow(label, ...cells));
    }
    figure.append(grid);
    container.append(figure);
  }
  // The board's rows run across the four panels: floor IV first, the front panel's sections first.
  const rows = [3, 2, 1, 0].map((floor) =>
    [...layout.panels].flatMap((panel) => [...layout.suits].map((suit) => `${panel}-${ROMAN[floor]}-${suit}`)),
  );
  const keys = rovingGrid(container, {
    rows: () => rows,
    cell: (name) => container.querySelector(`[data-hole="${name}"]`),
    jump: layout.suits.length,
  });
  keys.sync();
  return keys;
}

/** The layout the state names, or the default front-to-back RYGB, left-to-right SHDC. */
export function layoutOf(state) {
  const layout = state?.layout ?? {};
  return {
    panels: String(layout.panels ?? state?.panels ?? "RYGB").toUpperCase(),
    suits: String(layout.suits ?? state?.suits ?? "SHDC").toUpperCase(),
  };
}

/** Holes of the scored lines, each with the team that scored it. */
export function scoredHoles(state) {
  const scored = new Map();
  for (const [team, line] of state?.scored_lines ?? []) {
    for (const hole of line) scored.set(hole, team);
  }
  return scored;
}

const WHITE = "#ffffff";
const MAGENTA = "#ff00c8";
const AMBER = "#ff7800";

/** Holes that blink until the board matches the game: hole name -> colour, as the LEDs do. */
export function blinkingHoles(state, layout, teams) {
  const blink = new Map();
  const mismatch = state?.mismatch ?? {};
  for (const problem of mismatch.grooves ?? []) {
    const panel = layout.panels[problem.groove];
    for (const floor of ROMAN) for (const suit of layout.suits) {
      blink.set(`${panel}-${floor}-${suit}`, AMBER);
    }
  }
  for (const hole of mismatch.missing ?? []) {
    blink.set(hole, teams[state.board?.[hole]?.team ?? 0]?.colour ?? WHITE);
  }
  for (const hole of mismatch.extra ?? []) blink.set(hole, WHITE);
  for (const hole of mismatch.wrong_kind ?? []) blink.set(hole, MAGENTA);
  // After a take-back the latest move's holes blink first; the older moves' wait their turn.
  for (const hole of state?.fix_order?.later ?? []) blink.delete(hole);
  return blink;
}

/** After a game, once the win animation is over: the pieces still on the board must go. */
export function clearing(state) {
  return state?.clearing === true;
}

/** Mark ``hole`` as a threat of the teams in ``threat`` (or none), its words into ``words``. */
export function markThreat(hole, threat, teams, words) {
  if (!threat) {
    delete hole.dataset.threat;
    return;
  }
  hole.dataset.threat = threat.join(" ");
  const colours = threat.map((team) => teams[team]?.colour ?? WHITE);
  hole.style.setProperty("--threat-a", colours[0]);
  hole.style.setProperty("--threat-b", colours.at(-1));
  words.push(`threat: ${threat.map((team) => teams[team]?.name).join(" and ")} would complete a line here`);
}

/** Holes where a team completes a line with its next Man: hole name -> [team, ...]. */
export function threatHoles(state) {
  const threats = new Map();
  for (const { team, holes } of state?.threats ?? []) {
    for (const hole of holes ?? []) threats.set(hole, [...(threats.get(hole) ?? []), team]);
  }
  return threats;
}

/**
 * The holes lit for the move being made: the allowed holes in the mover's colour (while the
 * computer's chosen hole waits for a hand, only that hole), and in Tac-T-Flix the Men to lift
 * (for a Burocrat, or back to supply), blinking in the mover's colour.
 */
export function litHoles(state) {
  const phase = state?.phase;
  const chosen = state?.computer_move?.hole ?? null;
  return {
    mover: state?.team_of_seat?.[state?.to_move],
    allowed: new Set(phase === "await_place" && !chosen ? state?.allowed ?? [] : []),
    chosen,
    chosenTeam: state?.team_of_seat?.[state?.computer_move?.seat],
    lifting: new Set(phase === "substitute" || phase === "withdraw" ? state?.allowed ?? [] : []),
  };
}

/**
 * Show the state on the holes the way the board's LEDs show it: pieces (as sensed, in the
 * game's colours), allowed holes in the mover's colour, scored lines in their team's colour,
 * holes to fix blinking, pieces to clear after a game dim white, the computer's chosen hole
 * pulsing in its team's colour; the last move ringed; the Men known to carry a Pay-Off token
 * marked (``data-token``: the value once shown, "?" while hidden). ``marks`` adds the page's own layers: ``hint`` (a hole) and
 * ``threats`` (true to mark the state's threats in each team's colour).
 */
export function paintBoard(container, state, marks = {}) {
  const teams = teamsOf(state);
  const layout = layoutOf(state);
  const board = state?.board ?? {};
  const sensed = state?.sensed ?? null;
  const { mover, allowed, chosen, chosenTeam, lifting } = litHoles(state);
  const scored = scoredHoles(state);
  const blink = blinkingHoles(state, layout, teams);
  const toClear = clearing(state);
  const phase = state?.phase;
  const threats = marks.threats ? threatHoles(state) : new Map();
  const tokens = state?.token_holes ?? {};
  container.style.setProperty("--mover", mover === undefined ? "transparent" : teams[mover].colour);
  teams.forEach((team, index) => container.style.setProperty(`--team-${index}`, team.colour));
  // Every empty hole allowed (Qubic, a free play): a rim in the mover's colour says so, without
  // sixty holes glowing at once.
  const empty = [...container.querySelectorAll(".hole")].filter((h) => !board[h.dataset.hole]);
  const anywhere = allowed.size > 1 && empty.every((h) => allowed.has(h.dataset.hole));
  container.classList.toggle("anywhere", anywhere);
  for (const hole of container.querySelectorAll(".hole")) {
    const name = hole.dataset.hole;
    const piece = board[name];
    const felt = sensed ? sensed[name] : piece;
    const words = [name];
    if (piece) {
      hole.dataset.team = piece.team;
      hole.dataset.piece = piece.piece;
      words.push(`${teams[piece.team]?.name ?? ""} ${t(PIECE_WORDS[piece.piece] ?? piece.piece)}`);
      if (!felt) words.push(t("missing from the board"));
    } else if (felt) {
      delete hole.dataset.team;
      hole.dataset.piece = felt.piece;
      words.push(t("a {piece} the game does not know", { piece: t(PIECE_WORDS[felt.piece] ?? felt.piece) }));
    } else {
      delete hole.dataset.team;
      delete hole.dataset.piece;
      words.push(t("empty"));
    }
    hole.classList.toggle("missing", Boolean(piece && !felt));
    let led = null;
    hole.classList.toggle("allowed", allowed.has(name));
    if (allowed.has(name)) {
      words.push(t("lit: you may place here"));
      if (!anywhere) led = teams[mover]?.colour;
    }
    if (scored.has(name)) {
      hole.dataset.scored = scored.get(name);
      words.push(t("in a scored line"));
      led = teams[scored.get(name)]?.colour;
    } else {
      delete hole.dataset.scored;
    }
    hole.classList.toggle("clear", toClear && Boolean(felt));
    if (toClear && felt) {
      words.push(t("clear this hole for the next game"));
      led = "#3c3c3c";
    }
    hole.classList.toggle("lift", lifting.has(name) && !blink.has(name));
    if (lifting.has(name)) {
      words.push(
        phase === "substitute"
          ? piece?.piece === "man"
            ? t("blinking: lift this Man and seat a Burocrat here")
            : t("seat a Burocrat here")
          : t("blinking: lift this Man back to supply"),
      );
    }
    hole.classList.toggle("fix", blink.has(name));
    if (blink.has(name)) {
      words.push(t("blinking: fix this hole"));
      hole.style.setProperty("--blink", blink.get(name));
    }
    hole.classList.toggle("computer-move", name === chosen);
    if (name === chosen) {
      words.push(t("pulsing: {team}'s chosen hole", { team: teams[chosenTeam]?.name ?? t("the computer") }));
      hole.style.setProperty("--chosen", teams[chosenTeam]?.colour ?? WHITE);
    }
    hole.classList.toggle("last-move", name === state?.last_move);
    if (name === state?.last_move) words.push(t("last move"));
    const token = tokens[name];
    if (token !== undefined && piece) {
      hole.dataset.token = token === null ? "?" : String(token);
      words.push(token === null ? t("carries a hidden token") : t("carries token {token}", { token }));
    } else {
      delete hole.dataset.token;
    }
    hole.classList.toggle("hint", name === marks.hint);
    if (name === marks.hint) words.push(t("hint: play here"));
    markThreat(hole, threats.get(name), teams, words);
    if (led) hole.style.setProperty("--led", led);
    else hole.style.removeProperty("--led");
    hole.setAttribute("aria-label", words.join(", "));
  }
  gridOf(container)?.sync();
}

/** The flat view as the registry takes it: the main view of every 4x4x4 game. */
export const flatView = {
  id: "flat",
  role: "main",
  title: N_("FLIX board"),
  fits: (view) => (view?.geometry?.key ?? "flix") === "flix",
  help: {
    board: N_("Front panel first; floors IV (top) to I; sections left to right under their suits."),
    sim: N_("Simulated board: tap an empty hole to place a Man, tap a Man to lift it."),
  },
  key: (view) => {
    const layout = layoutOf(view);
    return `${layout.panels}-${layout.suits}`;
  },
  mount(container, { onHole, view }) {
    const keys = buildBoard(container, layoutOf(view), onHole);
    return { paint: (shown, marks) => paintBoard(container, shown, marks), focus: keys.focus };
  },
};

registerBoardView(flatView);
