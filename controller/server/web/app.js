// The live board page: state from GET /api/state and WS /api/events, commands as POSTs.

import { Api, followEvents } from "./api.js";
import { startHistory } from "./history.js";
import { buildBoard, clearing, layoutOf, paintBoard } from "./board.js";
import { createCube } from "./cube3d.js";
import { buildFlip4Board, isFlip4, paintFlip4, showFlip4Dice } from "./flip4.js";
import { isOlix, showOlix } from "./olix.js";
import {
  COLOUR_FACES,
  DEFAULT_LEVEL,
  FLOOR_FACES,
  LEVELS,
  SUIT_FACES,
  QUIET_EVENTS,
  computerMoveText,
  describeEvent,
  face,
  hintText,
  partnersText,
  seatKindText,
  seatWithTeam,
  teamOfSeat,
  teamsOf,
  throwFaces,
  variantName,
} from "./words.js";

const DICE_MODE_KEY = "flixboard.dice";
const THREATS_KEY = "flixboard.threats";
const HINT_SHOWN_MS = 6000;
const $ = (id) => document.getElementById(id);

let current = null;
let received = null;
let info = {};
let loggedEvents = [];
let refreshing = null;

// Answers can arrive out of order: a GET sent before a POST may answer after it. Every request
// and every pushed state takes a number when it starts; an answer older than the state shown is
// dropped (the event stream pushes every change, so nothing is lost).
let stamp = 0;
let shownStamp = 0;

function showFresh(started, state) {
  if (started < shownStamp) return;
  shownStamp = started;
  show(state);
}

const api = new Api(askToken);
const cube = createCube($("cube"), { onHole });

// ---- the token dialog ----------------------------------------------------------------------

let tokenAnswer = null;

function askToken(reason) {
  if (tokenAnswer) return tokenAnswer;
  const dialog = $("token-dialog");
  $("token-reason").textContent =
    reason === "refused"
      ? "The board refused that token. Enter the token printed when the service started, or set in its configuration."
      : "This board asks for its token before it takes a command. The token is printed when the service starts, or set in its configuration.";
  $("token-input").value = "";
  tokenAnswer = new Promise((resolve) => {
    dialog.addEventListener(
      "close",
      () => {
        tokenAnswer = null;
        const token = $("token-input").value.trim();
        resolve(dialog.returnValue === "ok" && token ? token : null);
      },
      { once: true },
    );
  });
  dialog.showModal();
  $("token-input").focus();
  return tokenAnswer;
}

// ---- sending commands ----------------------------------------------------------------------

function say(text, kind = "info") {
  const message = $("message");
  message.textContent = text;
  message.dataset.kind = kind;
}

async function command(path, body, done) {
  const started = ++stamp;
  try {
    const answer = await api.post(path, body);
    say(done ?? "");
    showFresh(started, answer);
    return true;
  } catch (error) {
    say(error.message, "error");
    return false;
  }
}

function refresh() {
  if (refreshing) return refreshing;
  const started = ++stamp;
  refreshing = api
    .getState()
    .then((state) => showFresh(started, state))
    .catch((error) => say(`Cannot read the board: ${error.message}`, "error"))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

// ---- the event stream ----------------------------------------------------------------------

/** The stream sends each event, then ``{"type": "state", "state": ...}``: show the state. */
function onEvent(message) {
  if (message?.type === "state" && message.state && typeof message.state === "object") {
    showFresh(++stamp, message.state);
  }
}

function onStatus(status) {
  const connection = $("connection");
  connection.dataset.state = status;
  connection.textContent = status === "live" ? "live" : "reconnecting…";
  if (status === "live") refresh();
}

// ---- showing the state ---------------------------------------------------------------------

function usesDice(state) {
  return state?.variant === "lucky" || isFlip4(state);
}

function usesCalls(state) {
  const auto = state?.options?.auto_call ?? false;
  return state?.variant !== "qubic" && !isFlip4(state) && !isOlix(state) && !auto;
}

/** Qubic with three players: a player may ask the mover to block the open three formed first. */
function blockRule(state) {
  return state?.variant === "qubic" && state?.players === 3 && (state.team_of_seat ?? []).length === 3;
}

function isSim(state) {
  return state?.sim === true;
}

function show(fresh) {
  received = fresh;
  const state = { layout: info.layout, sim: info.sim, ...fresh };
  current = state;
  document.body.dataset.phase = state.phase ?? "";
  document.body.dataset.variant = state.variant ?? "";
  const layout = layoutOf(state);
  forgetOldHint(state);
  const boardEl = $("board");
  if (isFlip4(state)) {
    if (boardEl.dataset.layout !== "flip4") buildFlip4Board(boardEl, onHole);
    paintFlip4(boardEl, state, { hint: hinted?.hole ?? null });
  } else if (isOlix(state)) {
    showOlix(boardEl, state, onHole);
  } else {
    if (boardEl.dataset.layout !== `${layout.panels}-${layout.suits}`) {
      buildBoard(boardEl, layout, onHole);
    }
    paintBoard(boardEl, state, { hint: hinted?.hole ?? null, threats: threatsOn() });
  }
  $("cube").hidden = Boolean(state.geometry?.rows);
  if (!$("cube").hidden) cube.render(state);
  $("sim-help").hidden = !isSim(state);
  const virtual = document.querySelector("input[name=dice][value=virtual]");
  virtual.disabled = state.dice === "physical";
  if (virtual.disabled) document.querySelector("input[name=dice][value=physical]").checked = true;
  $("piece-choice").hidden = !(isSim(state) && state.variant === "tactflix");
  choosePiece(state);
  showTurn(state);
  showComputerMove(state);
  showHelp(state);
  showStatusPixels(state);
  showDice(state);
  showSeats(state);
  showScores(state);
  showPayOff(state);
  showFix(state);
  showLog(state);
  showVariants();
  followGame(state);
}

// The setup form starts from the game being played, until someone changes it.
let setupTouched = false;
let followedGame = "";

function followGame(state) {
  const key = JSON.stringify([
    state.variant,
    state.players,
    state.seats?.map(seatChoiceOf),
    state.hints,
  ]);
  if (setupTouched || key === followedGame || !state.variant) return;
  followedGame = key;
  const variant = $("variant");
  if ([...variant.options].some((option) => option.value === state.variant && !option.disabled)) {
    variant.value = state.variant;
  }
  if ([...$("players").options].some((option) => Number(option.value) === state.players)) {
    $("players").value = String(state.players);
  }
  if (Array.isArray(state.seats)) setupSeats = state.seats.map(seatChoiceOf);
  if (typeof state.hints === "boolean") $("hints-on").checked = state.hints;
  showPartners();
}

function seatChoiceOf(seat) {
  return seat?.kind === "computer"
    ? { kind: "computer", level: seat.level ?? DEFAULT_LEVEL }
    : { kind: "human" };
}

// Who plays each seat in the next game, kept while the number of players changes.
let setupSeats = [];

function showSetupSeats(players) {
  const teamOf = teamOfSeat(players);
  const setupState = { ...info, team_of_seat: teamOf };
  const rows = teamOf.map((team, seat) => {
    const row = document.createElement("div");
    row.className = "setup-seat";
    row.dataset.seat = seat;
    const name = document.createElement("span");
    name.className = "setup-seat-name";
    name.textContent = seatWithTeam(seat, setupState);
    const choice = playerChoice(seatWithTeam(seat, setupState), () => {
      setupSeats[seat] = seatChoice(choice.kind, choice.level);
    });
    const chosen = setupSeats[seat] ?? { kind: "human" };
    choice.kind.value = chosen.kind;
    choice.level.value = String(chosen.level ?? DEFAULT_LEVEL);
    choice.level.disabled = chosen.kind !== "computer";
    row.append(name, ...choice.labels);
    return row;
  });
  $("setup-seats").replaceChildren(...rows);
}

/** Tac-T-Flix: the hand holds a Burocrat while Burocrats are to be seated, else a Man. */
let piecePhase = "";
function choosePiece(state) {
  const key = `${state.variant}:${state.phase}`;
  if (key === piecePhase) return;
  piecePhase = key;
  const piece = state.variant === "tactflix" && state.phase === "substitute" ? "burocrat" : "man";
  const radio = document.querySelector(`input[name=piece][value=${piece}]`);
  if (radio) radio.checked = true;
}

function showTurn(state) {
  const turn = $("turn");
  const teams = teamsOf(state);
  const mover = seatWithTeam(state.to_move, state);
  const over = state.phase === "game_over";
  turn.style.setProperty(
    "--mover",
    over ? "" : teams[state.team_of_seat?.[state.to_move]]?.colour ?? "",
  );
  let text;
  if (over) {
    if (state.draw || state.winner === null || state.winner === undefined) {
      text = "The game is a draw.";
    } else text = `${teams[state.winner]?.name ?? "A team"} wins!`;
    if (clearing(state)) text += " Clear the board for the next game.";
  } else if (state.phase === "await_fix") {
    text = "The board does not match the game: fix the blinking holes.";
  } else if (computerToMove(state)) {
    const seat = state.seats[state.to_move];
    text = state.computer_move
      ? `${mover}, ${seatKindText(seat)}: make its move on the board.`
      : `${mover}, ${seatKindText(seat)}: ${seat.thinking ? "thinking…" : "plays by itself."}`;
  } else if (state.phase === "await_roll") {
    const free = state.free_throws ? ` (free throw; ${state.free_throws} left)` : "";
    text = diceMode(state) === "physical"
      ? `${mover}: throw the dice and enter the faces${free}.`
      : `${mover}: roll the dice${free}.`;
  } else if (state.phase === "await_place" && !isOlix(state)) {
    const board = state.board ?? {};
    const lit = (state.allowed ?? []).filter((hole) => !board[hole]).length;
    const where = lit >= 64 - Object.keys(board).length
      ? "any empty hole"
      : lit === 1 ? "the lit hole" : `one of the ${lit} lit holes`;
    if (state.notice === "opponent_anywhere") {
      text = `FLIX FLIX FLIX: ${mover} places one Man in ${where}.`;
    } else if (state.free_plays) {
      text = `${mover}: free play! Place a Man in ${where} (${state.free_plays} left).`;
    } else text = `${mover}: place a Man in ${where}.`;
  } else if (typeof state.message === "string" && state.message) {
    text = state.message;
  } else {
    text = `${mover}: ${String(state.phase ?? "").replaceAll("_", " ")}.`;
  }
  turn.textContent = `${variantName(state.variant)}: ${text}`;
}

/** The computer's chosen move, waiting for a person to make it on the board. */
function showComputerMove(state) {
  const move = state.phase === "game_over" ? null : state.computer_move;
  const box = $("computer-move");
  box.hidden = !move;
  box.textContent = move ? computerMoveText(move, state) : "";
  const team = move ? state.team_of_seat?.[move.seat] : undefined;
  box.style.setProperty("--mark", teamsOf(state)[team]?.colour ?? "");
}

// ---- hints and threats ---------------------------------------------------------------------

// The hinted hole is marked for a few seconds; the words stay until the game moves on.
let hinted = null;
let hintTimer = null;

function hintsOffered(state) {
  return state?.hints === true && state.phase !== "game_over";
}

/** What changes when the game moves on (a hint is for one moment of the game); asking for a
 * hint is an event too, and does not count. */
function gameStep(state) {
  const moved = (state?.events ?? []).findLast((event) => event.type !== "hint");
  return JSON.stringify([state?.phase, state?.to_move, moved]);
}

function forgetOldHint(state) {
  if (!hinted || hinted.step === gameStep(state)) return;
  clearTimeout(hintTimer);
  hinted = null;
  $("hint-text").hidden = true;
  $("hint-text").textContent = "";
}

function showHelp(state) {
  $("hint").disabled = !hintsOffered(state);
  const toggle = $("threats-toggle");
  toggle.disabled = state.hints !== true;
  toggle.setAttribute("aria-pressed", String(threatsOn()));
}

/** Show a hint (its hole marked for a few seconds) or why there is none. */
function showHint(hint, error = "") {
  clearTimeout(hintTimer);
  hinted = { hole: hint?.hole ?? null, step: gameStep(current) };
  const box = $("hint-text");
  box.hidden = false;
  box.dataset.kind = error ? "error" : "info";
  box.textContent = error || hintText(hint, current);
  if (hinted.hole) {
    hintTimer = setTimeout(() => {
      if (hinted) hinted.hole = null;
      if (received) show(received);
    }, HINT_SHOWN_MS);
  }
  if (received) show(received);
}

async function askHint() {
  try {
    showHint(await api.get("/api/hint"));
  } catch (error) {
    showHint(null, `No hint: ${error.message}`);
  }
}

function threatsOn() {
  return localStorage.getItem(THREATS_KEY) === "on";
}

function toggleThreats() {
  localStorage.setItem(THREATS_KEY, threatsOn() ? "off" : "on");
  if (received) show(received);
}

/** The board's 8 status pixels: one per seat (the mover bright), two indicators. */
function showStatusPixels(state) {
  const strip = $("status-pixels");
  const teams = teamsOf(state);
  const seats = state.team_of_seat ?? [];
  const over = state.phase === "game_over";
  const pixels = [];
  for (let seat = 0; seat < 6; seat += 1) {
    const team = seats[seat];
    pixels.push(
      team === undefined || over
        ? { colour: "", label: "" }
        : {
            colour: teams[team].colour,
            dim: seat !== state.to_move,
            label: `${seatWithTeam(seat, state)}${seat === state.to_move ? ", to move" : ""}`,
          },
    );
  }
  const indicators = [{ colour: "", label: "" }, { colour: "", label: "" }];
  if (state.phase === "await_fix") {
    indicators.fill({ colour: "#ff7800", label: "fix the board", blink: true });
  } else if (state.notice === "turn_lost") {
    indicators.fill({ colour: "#ff0000", label: "turn lost" });
  } else if (state.notice === "opponent_anywhere") {
    indicators.fill({ colour: "#ffffff", label: "FLIX FLIX FLIX", blink: true });
  } else {
    for (let i = 0; i < Math.min(state.free_throws ?? 0, 2); i += 1) {
      indicators[i] = { colour: "#ffffff", label: "free throw" };
    }
    for (let i = 0; i < Math.min(state.free_plays ?? 0, 2); i += 1) {
      indicators[i] = { colour: "#ffffff", label: "free play" };
    }
  }
  strip.replaceChildren(
    ...[...pixels, ...indicators].map((pixel) => {
      const dot = document.createElement("span");
      dot.className = "pixel";
      if (pixel.colour) dot.style.setProperty("--pixel", pixel.colour);
      dot.classList.toggle("dim", Boolean(pixel.dim));
      dot.classList.toggle("blink", Boolean(pixel.blink));
      dot.title = pixel.label;
      return dot;
    }),
  );
  strip.setAttribute(
    "aria-label",
    `Status lights: ${[...pixels, ...indicators].map((p) => p.label).filter(Boolean).join("; ") || "off"}`,
  );
}

function showDice(state) {
  $("dice-card").hidden = !usesDice(state);
  const dice = $("dice");
  dice.replaceChildren();
  const faces = isFlip4(state) ? [] : throwFaces(state.last_throw);
  if (isFlip4(state)) showFlip4Dice(dice, state);
  for (const f of faces) {
    const die = document.createElement("span");
    die.className = `die die-${f.kind}`;
    if (f.colour) die.dataset.colour = f.colour;
    die.textContent = f.symbol;
    die.setAttribute("role", "img");
    die.setAttribute("aria-label", f.label);
    die.title = f.label;
    dice.append(die);
  }
  if (!faces.length && !isFlip4(state)) {
    dice.textContent = usesDice(state) ? "Not rolled yet." : "No dice in this game.";
  }
  const free = state.free_throws ?? 0;
  $("free-throws").textContent = free ? `Free throws left: ${free}` : "";
  const physical = diceMode(state) === "physical" && !isFlip4(state);
  const canRoll = usesDice(state) && state.phase === "await_roll" && !computerToMove(state);
  $("roll").hidden = physical || !usesDice(state);
  $("roll").disabled = !canRoll;
  $("faces-form").hidden = !physical || !usesDice(state);
  $("enter-faces").disabled = !canRoll;
  offerFaces(state.options?.dice_faces);
}

// The picker offers the faces of the game's dice (the game option `dice_faces`), each once.
function offerFaces(dice) {
  const sets = [
    dice?.colour ?? COLOUR_FACES,
    dice?.floor ?? FLOOR_FACES,
    dice?.suit ?? SUIT_FACES,
  ].map((faces) => [...new Set(faces)]);
  const form = $("faces-form");
  const key = JSON.stringify(sets);
  if (form.dataset.faces === key) return;
  form.dataset.faces = key;
  fillSelect($("face-colour"), sets[0]);
  fillSelect($("face-floor"), sets[1]);
  fillSelect($("face-suit"), sets[2]);
}

function showSeats(state) {
  const list = $("seats");
  const seats = state.team_of_seat ?? [];
  const teams = teamsOf(state);
  const shape = JSON.stringify([seats, teams, usesCalls(state), blockRule(state)]);
  if (list.dataset.shape !== shape) {
    list.dataset.shape = shape;
    list.replaceChildren(...seats.map((team, seat) => seatRow(seat, team, state)));
  }
  const over = state.phase === "game_over";
  const switchable = Array.isArray(state.seats) && !over;
  for (const row of list.children) {
    const seat = Number(row.dataset.seat);
    const player = state.seats?.[seat];
    row.classList.toggle("to-move", seat === state.to_move && !over);
    row.querySelector(".move-mark").textContent = seat === state.to_move && !over ? "to move" : "";
    for (const button of row.querySelectorAll("button")) button.disabled = over;
    row.querySelector(".seat-kind").textContent = seatKindText(player);
    row.querySelector(".thinking").hidden = !(player?.thinking && !over);
    const kind = row.querySelector("select.kind");
    const level = row.querySelector("select.level");
    kind.value = player?.kind === "computer" ? "computer" : "human";
    level.value = String(player?.level ?? level.value);
    kind.disabled = !switchable;
    level.disabled = !switchable || kind.value !== "computer";
  }
}

/** Human or computer (with its level): two labelled selects; onChange() on either. */
function playerChoice(labelText, onChange) {
  const kind = document.createElement("select");
  kind.className = "kind";
  for (const [value, text] of [["human", "Human"], ["computer", "Computer"]]) {
    kind.append(new Option(text, value));
  }
  kind.setAttribute("aria-label", `Who plays ${labelText}`);
  const level = document.createElement("select");
  level.className = "level";
  for (const value of LEVELS) level.append(new Option(String(value), String(value)));
  level.value = String(DEFAULT_LEVEL);
  level.setAttribute("aria-label", `Computer level for ${labelText}`);
  kind.addEventListener("change", () => {
    level.disabled = kind.value !== "computer";
    onChange();
  });
  level.addEventListener("change", onChange);
  const kindLabel = document.createElement("label");
  kindLabel.append("Plays ", kind);
  const levelLabel = document.createElement("label");
  levelLabel.append("Level ", level);
  return { kind, level, labels: [kindLabel, levelLabel] };
}

/** The seat as the API takes it: {kind: "human"} or {kind: "computer", level}. */
function seatChoice(kind, level) {
  return kind.value === "computer" ? { kind: "computer", level: Number(level.value) } : { kind: "human" };
}

function computerToMove(state) {
  return state?.phase !== "game_over" && state?.seats?.[state.to_move]?.kind === "computer";
}

function seatRow(seat, team, state) {
  const teams = teamsOf(state);
  const row = document.createElement("li");
  row.className = "seat";
  row.dataset.seat = seat;
  row.style.setProperty("--team", teams[team].colour);
  const label = document.createElement("span");
  label.className = "seat-name";
  const partners = (state.team_of_seat ?? [])
    .map((t, s) => (t === team && s !== seat ? s + 1 : null))
    .filter((s) => s !== null);
  label.textContent = `${seatWithTeam(seat, state)}${
    partners.length ? `, partner of player ${partners.join(" and ")}` : ""
  }`;
  const kindText = document.createElement("span");
  kindText.className = "seat-kind";
  const thinking = document.createElement("span");
  thinking.className = "thinking";
  thinking.textContent = "thinking…";
  thinking.hidden = true;
  label.append(" ", kindText, " ", thinking);
  const mark = document.createElement("span");
  mark.className = "move-mark";
  const choice = playerChoice(seatWithTeam(seat, state), async () => {
    const body = { seat, ...seatChoice(choice.kind, choice.level) };
    // Refused: the selects go back to who really plays the seat.
    if (!(await command("/api/seats", body)) && received) show(received);
  });
  const player = document.createElement("span");
  player.className = "seat-player";
  player.append(...choice.labels);
  const buttons = document.createElement("span");
  buttons.className = "seat-buttons";
  if (usesCalls(state)) {
    buttons.append(
      seatButton("FLIX", `FLIX for ${seatWithTeam(seat, state)}`, "flix", () =>
        command("/api/call", { seat }),
      ),
      seatButton("PENALTY", `PENALTY by ${seatWithTeam(seat, state)}`, "penalty", () =>
        command("/api/penalty", { seat }),
      ),
    );
  }
  if (blockRule(state)) {
    buttons.append(
      seatButton("BLOCK", `Ask the player to move to block, by ${seatWithTeam(seat, state)}`, "penalty", () =>
        command("/api/penalty", { seat }),
      ),
    );
  }
  buttons.append(
    seatButton("Resign", `Resign ${seatWithTeam(seat, state)}`, "resign", () => {
      if (confirm(`${seatWithTeam(seat, state)} resigns the game?`)) {
        command("/api/resign", { seat });
      }
    }),
  );
  row.append(label, mark, player, buttons);
  return row;
}

function seatButton(text, label, kind, action) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `seat-${kind}`;
  button.textContent = text;
  button.setAttribute("aria-label", label);
  button.addEventListener("click", action);
  return button;
}

function showScores(state) {
  const teams = teamsOf(state);
  const lines = teams.map(() => 0);
  for (const [team] of state.scored_lines ?? []) {
    if (lines[team] !== undefined) lines[team] += 1;
  }
  const parts = [];
  if (state.variant !== "qubic") {
    parts.push(`Lines scored: ${teams.map((t, i) => `${t.name} ${lines[i]}`).join(" · ")}`);
  }
  if (state.variant === "tactflix" && Array.isArray(state.burocrats_held)) {
    if (state.lines_to_win) parts.push(`Lines to win: ${state.lines_to_win}`);
    parts.push(
      `Burocrats still to win back: ${teams.map((t, i) => `${t.name} ${state.burocrats_held[i] ?? 0}`).join(" · ")}`,
    );
  }
  if (state.variant === "payoff" && Array.isArray(state.ledger)) {
    parts.push(`Ledger: ${teams.map((t, i) => `${t.name} ${state.ledger[i] ?? 0}`).join(" · ")}`);
  }
  if (Array.isArray(state.supply)) {
    parts.push(`Men left: ${teams.map((t, i) => `${t.name} ${state.supply[i] ?? 0}`).join(" · ")}`);
  }
  $("scores").replaceChildren(
    ...parts.map((text) => {
      const p = document.createElement("p");
      p.textContent = text;
      return p;
    }),
  );
}

/** Pay-Off: the token for the next Man, the tokens of the winning line, the game value. */
function showPayOff(state) {
  const payoff = state.variant === "payoff";
  $("payoff").hidden = !payoff;
  if (!payoff) return;
  const digital = state.token_mode !== "physical";
  const choosing = digital && state.phase === "await_place";
  $("token-choice").hidden = !choosing;
  const team = state.team_of_seat?.[state.to_move];
  const teamName = teamsOf(state)[team]?.name ?? "my";
  $("show-hand").textContent = handTeam === team ? `Hide ${teamName}'s tokens` : `Show ${teamName}'s tokens`;
  if (!choosing || handTeam !== team) hideHand();
  else if (handTokensLeft !== JSON.stringify(state.tokens_left)) loadHand(team);
  const entering = state.phase === "await_tokens";
  $("token-entry").hidden = !entering;
  if (entering) {
    const line = state.scored_lines?.at(-1)?.[1] ?? [];
    const select = $("token-hole");
    if (select.dataset.line !== line.join()) {
      select.dataset.line = line.join();
      select.replaceChildren(
        ...line.map((hole) => {
          const option = document.createElement("option");
          option.value = option.textContent = hole;
          return option;
        }),
      );
    }
  }
  const paid = state.game_value;
  $("game-value").textContent = paid
    ? `Game value: ${paid.value} (${Object.entries(paid.men)
        .map(([hole, value]) => `${hole} ${value}`)
        .join(", ")})`
    : state.token_chosen
      ? "A token rides on the next Man."
      : "";
}

// The mover's own tokens, shown only on request and hidden again when the turn passes on.
let handTeam = null;
let handTokensLeft = "";

function hideHand() {
  handTeam = null;
  handTokensLeft = "";
  $("hand-tokens").hidden = true;
  $("hand-tokens").replaceChildren();
  $("show-hand").setAttribute("aria-expanded", "false");
}

async function loadHand(team) {
  handTeam = team;
  handTokensLeft = JSON.stringify(current?.tokens_left);
  let view;
  try {
    view = await api.get(`/api/state?team=${team}`);
  } catch (error) {
    say(`Cannot read the tokens: ${error.message}`, "error");
    hideHand();
    return;
  }
  if (handTeam !== team) return;
  const hand = Array.isArray(view.hand) ? view.hand : [];
  const box = $("hand-tokens");
  box.replaceChildren(
    ...hand.map((value) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "token";
      button.textContent = value;
      button.setAttribute("aria-label", `Attach token ${value} to the next Man`);
      button.addEventListener("click", () => attachToken(value));
      return button;
    }),
  );
  if (!hand.length) box.textContent = "No tokens left.";
  box.hidden = false;
  $("show-hand").setAttribute("aria-expanded", "true");
  if (current) $("show-hand").textContent = `Hide ${teamsOf(current)[team]?.name ?? "my"}'s tokens`;
}

async function attachToken(value) {
  if (await command("/api/token", { token: Number(value) }, "Your token rides on the next Man.")) {
    $("token-value").value = "";
    hideHand();
    if (current) show(received);
  }
}

function showFix(state) {
  const words = typeof state.fix === "string" ? [state.fix] : state.fix ?? [];
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

/** The events that are new since the last state: the stream keeps only its latest events. */
function newEvents(seen, events) {
  const key = (event) => JSON.stringify(event);
  const seenKeys = seen.map(key);
  const keys = events.map(key);
  for (let drop = 0; drop <= seenKeys.length; drop += 1) {
    const rest = seenKeys.slice(drop);
    if (rest.length <= keys.length && rest.every((k, i) => k === keys[i])) {
      return events.slice(rest.length);
    }
  }
  return events;
}

function showLog(state) {
  const events = (state.events ?? []).filter((event) => !event.secret);
  const log = $("log");
  for (const event of newEvents(loggedEvents, events)) {
    if (event.type === "game_started" && loggedEvents.length) loadInfo();
    if (QUIET_EVENTS.has(event.type)) continue;
    const item = document.createElement("li");
    item.dataset.type = event.type;
    item.textContent = describeEvent(event, state);
    log.prepend(item);
  }
  while (log.children.length > 100) log.lastElementChild.remove();
  loggedEvents = events;
}

function showVariants() {
  const accepted = Array.isArray(info.variants) ? info.variants : ["lucky", "qubic"];
  for (const option of $("variant").options) {
    const ok = accepted.includes(option.value);
    option.hidden = !ok;
    option.disabled = !ok;
  }
}

// ---- the board, the dice and the setup form ------------------------------------------------

function onHole(name) {
  if (!current) return;
  const onBoard = current.sensed ? current.sensed[name] : current.board?.[name];
  if (onBoard) {
    command("/api/sim/lift", { hole: name });
  } else {
    const chosen = document.querySelector("input[name=piece]:checked")?.value ?? "man";
    command("/api/sim/place", chosen === "man" ? { hole: name } : { hole: name, piece: chosen });
  }
}

/** Physical when the board is set to real dice, else as chosen on this page. */
async function loadInfo() {
  try {
    info = await api.getInfo();
  } catch (error) {
    say(`Cannot read the board's settings: ${error.message}`, "error");
    return;
  }
  if (received) show(received);
  showPartners();
}

function diceMode(state = current) {
  if (state?.dice === "physical") return "physical";
  return document.querySelector("input[name=dice]:checked")?.value ?? "virtual";
}

function fillSelect(select, faces) {
  select.replaceChildren(
    ...faces.map((text) => {
      const option = document.createElement("option");
      option.value = text;
      const f = face(text);
      option.textContent =
        f.kind === "wild" || f.kind === "floor" ? f.symbol : `${f.symbol} ${f.label}`;
      return option;
    }),
  );
}

function showPartners() {
  const players = Number($("players").value);
  const allTeams = teamsOf({ ...info, team_of_seat: [0, 1, 2] });
  $("partners").textContent =
    partnersText(teamOfSeat(players), allTeams) || "Everyone plays alone.";
  showSetupSeats(players);
  const variant = $("variant").value;
  $("call-options").hidden = ["qubic", "flip4", "olix"].includes(variant);
  $("dice-options").hidden = variant !== "lucky";
  $("token-options").hidden = variant !== "payoff";
}

function setupBody() {
  const variant = $("variant").value;
  const body = { variant, players: Number($("players").value) };
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  // Seats left out are human: a game of people only sends no seats.
  const seats = teamOfSeat(body.players).map((_, seat) => setupSeats[seat] ?? { kind: "human" });
  if (seats.some((seat) => seat.kind === "computer")) body.seats = seats;
  body.hints = $("hints-on").checked;
  if (variant !== "qubic") {
    body.options = {
      auto_call: $("auto-call").checked,
      call_window: Number($("call-window").value || 3),
    };
  }
  if (variant === "payoff") {
    const mode = document.querySelector("input[name=token_mode]:checked")?.value;
    body.options = { ...body.options, token_mode: mode };
  }
  return body;
}

function wire() {
  offerFaces(null);
  const savedMode = localStorage.getItem(DICE_MODE_KEY);
  if (savedMode) {
    const radio = document.querySelector(`input[name=dice][value=${savedMode}]`);
    if (radio) radio.checked = true;
  }
  for (const radio of document.querySelectorAll("input[name=dice]")) {
    radio.addEventListener("change", () => {
      localStorage.setItem(DICE_MODE_KEY, diceMode(null));
      if (current) show(current);
    });
  }
  $("roll").addEventListener("click", () => command("/api/roll", {}));
  $("faces-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const faces = [$("face-colour"), $("face-floor"), $("face-suit")].map((s) => s.value);
    command("/api/roll", { faces: faces.join("/") });
  });
  $("undo").addEventListener("click", () => command("/api/undo", {}, "Took back the last action."));
  $("hint").addEventListener("click", askHint);
  $("threats-toggle").addEventListener("click", toggleThreats);
  $("token-form-typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = $("token-value").value.trim();
    if (value === "") return;
    attachToken(value);
  });
  $("show-hand").addEventListener("click", () => {
    const team = current?.team_of_seat?.[current?.to_move];
    if (handTeam !== null || team === undefined) {
      hideHand();
      if (received) show(received);
    } else loadHand(team);
  });
  $("no-token").addEventListener("click", () =>
    command("/api/token", { token: null }, "The next Man carries no token."),
  );
  $("token-entry").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = $("token-entered").value.trim();
    command("/api/token", { hole: $("token-hole").value, token: value ? Number(value) : null });
  });
  $("setup").addEventListener("change", () => {
    setupTouched = true;
  });
  $("players").addEventListener("change", showPartners);
  $("variant").addEventListener("change", showPartners);
  $("setup").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = setupBody();
    if (await command("/api/new_game", body)) {
      setupTouched = false;
      say(`New game of ${variantName(body.variant)} for ${body.players} players.`);
    }
  });
  showPartners();
  followEvents(onEvent, onStatus);
  Promise.all([loadInfo(), refresh()]).then(() => {
    if (current?.dice && !savedMode) {
      const radio = document.querySelector(`input[name=dice][value=${current.dice}]`);
      if (radio) radio.checked = true;
      showDice(current);
    }
    showPartners();
  });
}

wire();
startHistory();
