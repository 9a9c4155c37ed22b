// Whose turn and what to do: the turn line, the computer's chosen move, the status pixels.

import { clearing } from "./board.js";
import { diceMode } from "./dice.js";
import { $, onDraw } from "./store.js";
import { boardWords, computerMoveText, playerWithTeam, seatWithTeam, teamsOf, variantName } from "./words.js";

export function computerToMove(view) {
  return view?.phase !== "game_over" && view?.seats?.[view.to_move]?.kind === "computer";
}

/** Where the piece may go, counted on the lit places the state names. */
function whereWords(view) {
  const board = view.board ?? {};
  const words = boardWords(view);
  const lit = (view.allowed ?? []).filter((hole) => !board[hole]).length;
  const places = view.geometry?.cells ?? 64;
  if (lit >= places - Object.keys(board).length) return `any empty ${words.place}`;
  return lit === 1 ? `the lit ${words.place}` : `one of the ${lit} lit ${words.places}`;
}

function turnText(view) {
  const mover = playerWithTeam(view.to_move, view);
  const teams = teamsOf(view);
  const words = boardWords(view);
  if (view.phase === "game_over") {
    const text = view.draw || view.winner === null || view.winner === undefined
      ? "The game is a draw."
      : `${teams[view.winner]?.name ?? "A team"} wins!`;
    if (view.ready) return `${text} The board is ready: Next game (or MENU) starts the next one.`;
    if (!clearing(view)) return text;
    return view.sim
      ? `${text} Next game clears the board and starts the next one.`
      : `${text} Lift every ${words.piece}, then Next game (or MENU).`;
  }
  if (view.phase === "await_fix") return `The board does not match the game: fix the blinking ${words.places}.`;
  if (view.seats?.[view.to_move]?.place === "remote") return `${mover} plays on the other board: wait for its move.`;
  if (computerToMove(view)) {
    const seat = view.seats[view.to_move];
    const doing = view.computer_move
      ? "make its move on the board."
      : seat.thinking ? "thinking…" : "plays by itself.";
    return `${mover}: ${doing}`;
  }
  if (view.phase === "await_roll") {
    const free = view.free_throws ? ` (free throw; ${view.free_throws} left)` : "";
    return diceMode(view) === "physical"
      ? `${mover}: throw the dice and enter the faces${free}.`
      : `${mover}: roll the dice${free}.`;
  }
  if (view.phase === "await_place" && view.variant !== "olix") {
    const where = whereWords(view);
    const piece = `${words.piece} ${words.into} ${where}`;
    if (view.notice === "opponent_anywhere") return `FLIX FLIX FLIX: ${mover} places one ${piece}.`;
    if (view.free_plays) return `${mover}: free play! Place a ${piece} (${view.free_plays} left).`;
    return `${mover}: place a ${piece}.`;
  }
  if (typeof view.message === "string" && view.message) return view.message;
  return `${mover}: ${String(view.phase ?? "").replaceAll("_", " ")}.`;
}

function drawTurn(view) {
  const over = view.phase === "game_over";
  const teams = teamsOf(view);
  const turn = $("turn");
  turn.style.setProperty("--mover", over ? "" : teams[view.team_of_seat?.[view.to_move]]?.colour ?? "");
  // After a take-back the computer seats wait for a person's move: the state says so.
  const waits = view.computer_waits ? " Taken back: the computer waits until you have moved." : "";
  turn.textContent = `${variantName(view.variant)}: ${turnText(view)}${waits}`;
  turn.title = turn.textContent; // in full, should the line be cut
}

/** The computer's chosen move, waiting for a person to make it on the board. */
function drawComputerMove(view) {
  const move = view.phase === "game_over" ? null : view.computer_move;
  const box = $("computer-move");
  box.hidden = !move;
  box.textContent = move ? computerMoveText(move, view) : "";
  const team = move ? view.team_of_seat?.[move.seat] : undefined;
  box.style.setProperty("--mark", teamsOf(view)[team]?.colour ?? "");
}

/** The board's 8 status pixels: one per seat (the mover bright), two indicators. */
function drawStatusPixels(view) {
  const teams = teamsOf(view);
  const seats = view.team_of_seat ?? [];
  const over = view.phase === "game_over";
  const pixels = [];
  for (let seat = 0; seat < 6; seat += 1) {
    const team = seats[seat];
    pixels.push(
      team === undefined || over
        ? { colour: "", label: "" }
        : {
            colour: teams[team].colour,
            dim: seat !== view.to_move,
            label: `${seatWithTeam(seat, view)}${seat === view.to_move ? ", to move" : ""}`,
          },
    );
  }
  const indicators = [{ colour: "", label: "" }, { colour: "", label: "" }];
  if (view.phase === "await_fix") {
    indicators.fill({ colour: "#ff7800", label: "fix the board", blink: true });
  } else if (view.notice === "turn_lost") {
    indicators.fill({ colour: "#ff0000", label: "turn lost" });
  } else if (view.notice === "opponent_anywhere") {
    indicators.fill({ colour: "#ffffff", label: "FLIX FLIX FLIX", blink: true });
  } else {
    for (let i = 0; i < Math.min(view.free_throws ?? 0, 2); i += 1) {
      indicators[i] = { colour: "#ffffff", label: "free throw" };
    }
    for (let i = 0; i < Math.min(view.free_plays ?? 0, 2); i += 1) {
      indicators[i] = { colour: "#ffffff", label: "free play" };
    }
  }
  const all = [...pixels, ...indicators];
  $("status-pixels").replaceChildren(
    ...all.map((pixel) => {
      const dot = document.createElement("span");
      dot.className = "pixel";
      if (pixel.colour) dot.style.setProperty("--pixel", pixel.colour);
      dot.classList.toggle("dim", Boolean(pixel.dim));
      dot.classList.toggle("blink", Boolean(pixel.blink));
      dot.title = pixel.label;
      return dot;
    }),
  );
  const said = all.map((pixel) => pixel.label).filter(Boolean).join("; ") || "off";
  $("status-pixels").setAttribute("aria-label", `Status lights: ${said}`);
}

function drawFix(view) {
  const words = typeof view.fix === "string" ? [view.fix] : view.fix ?? [];
  const fix = $("fix");
  fix.hidden = words.length === 0;
  fix.replaceChildren(
    ...words.map((text) => {
      const p = document.createElement("p");
      p.textContent = text.endsWith(".") ? text : `${text}.`;
      return p;
    }),
  );
}

onDraw((view) => {
  document.body.dataset.phase = view.phase ?? "";
  document.body.dataset.variant = view.variant ?? "";
  drawTurn(view);
  drawComputerMove(view);
  drawStatusPixels(view);
  drawFix(view);
});
