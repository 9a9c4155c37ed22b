// Words and symbols the players see: dice faces, seats and teams, events, what to fix.

export const COLOUR_FACES = ["red", "yellow", "green", "blue", "win", "flix"];
export const FLOOR_FACES = ["I", "II", "III", "IV", "win", "flix"];
export const SUIT_FACES = ["spades", "hearts", "diamonds", "clubs", "win", "flix"];

export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const PANEL_NAMES = { R: "red", Y: "yellow", G: "green", B: "blue" };
const SUIT_BY_NAME = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };

export const DEFAULT_TEAMS = [
  { name: "Red", colour: "#ff2000" },
  { name: "Blue", colour: "#0050ff" },
  { name: "Green", colour: "#00c83c" },
];

const VARIANT_NAMES = {
  lucky: "Lucky Flix",
  payoff: "Pay-Off Flix",
  tactflix: "Tac-T-Flix",
  qubic: "3-D Tic Tac Toe",
  flip4: "Flip 4",
  olix: "Olix",
};

/** The names the new-game form offers, with what sets each game apart. */
export const VARIANT_LABELS = {
  lucky: "Lucky Flix (dice)",
  qubic: "3-D Tic Tac Toe (Qubic)",
  payoff: "Pay-Off Flix (tokens)",
  tactflix: "Tac-T-Flix (Burocrats)",
  flip4: "Flip 4 (its own 5x5 board)",
  olix: "Olix (its own 11x11 board)",
};

export function variantName(variant) {
  return VARIANT_NAMES[variant] ?? variant ?? "";
}

/** One die face as {symbol, label, kind}: kind is "colour", "floor", "suit", "number" (a
 * plain die's pips, as Flip 4 throws them) or "wild". */
export function face(text) {
  const value = String(text ?? "");
  const lower = value.toLowerCase();
  if (/^\d+$/.test(value)) return { symbol: value, label: value, kind: "number" };
  if (lower === "win" || lower === "flix") {
    return { symbol: lower.toUpperCase(), label: lower, kind: "wild" };
  }
  if (["red", "yellow", "green", "blue"].includes(lower)) {
    return { symbol: "●", label: lower, kind: "colour", colour: lower };
  }
  if (SUIT_BY_NAME[lower]) return { symbol: SUIT_BY_NAME[lower], label: lower, kind: "suit" };
  return { symbol: value.toUpperCase(), label: `floor ${value.toUpperCase()}`, kind: "floor" };
}

/** The three faces of a throw written "yellow/II/hearts" (none for null). */
export function throwFaces(thrown) {
  return thrown ? String(thrown).split("/").map(face) : [];
}

export function throwText(thrown) {
  return throwFaces(thrown)
    .map((f) => f.label)
    .join(" / ");
}

/** The spaceboard's words, until the server says which board this is. */
const SPACEBOARD_WORDS = { place: "hole", places: "holes", into: "in", piece: "Man", pieces: "Men", tally: "Lines scored" };

/** How people name this board's places and pieces (the state's ``words``, from the server). */
export function boardWords(state) {
  return state?.words ?? SPACEBOARD_WORDS;
}

/** "Pieces" of "Pieces left": a board word with its first letter capital. */
export function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Teams as [{name, colour}]: the board's names and colours, else the defaults. */
export function teamsOf(state) {
  const count = Math.max(1, ...(state?.team_of_seat ?? [0]).map((t) => t + 1));
  const names = state?.team_names ?? [];
  const colours = state?.team_colours ?? [];
  return Array.from({ length: count }, (_, team) => ({
    name: names[team] ?? DEFAULT_TEAMS[team % 3].name,
    colour: colours[team] ?? DEFAULT_TEAMS[team % 3].colour,
  }));
}

export function seatName(seat) {
  return `player ${Number(seat) + 1}`;
}

/** "Red (Computer, level 3)" for a computer seat, else "Red (player 1)": who makes a move. */
export function playerWithTeam(seat, state) {
  const player = state?.seats?.[seat];
  if (player?.kind !== "computer") return seatWithTeam(seat, state);
  return `${teamOfSeatName(seat, state)} (${seatKindText(player)})`;
}

/** "Red (player 1)", as the board's own messages say it (the state's ``seat_labels``). */
export function seatWithTeam(seat, state) {
  const label = state?.seat_labels?.[seat];
  if (label) return label;
  const team = state?.team_of_seat?.[seat];
  const teams = teamsOf(state);
  return team === undefined ? seatName(seat) : `${teams[team].name} (${seatName(seat)})`;
}

/** Partners in words: "Red: players 1 and 3 · Blue: players 2 and 4", or "" when alone. */
export function partnersText(seatTeams, teams) {
  const seatsOf = new Map();
  seatTeams.forEach((team, seat) => {
    if (!seatsOf.has(team)) seatsOf.set(team, []);
    seatsOf.get(team).push(seat + 1);
  });
  if ([...seatsOf.values()].every((seats) => seats.length === 1)) return "";
  return [...seatsOf.entries()]
    .map(([team, seats]) => `${teams[team % teams.length].name}: players ${seats.join(" and ")}`)
    .join(" · ");
}

function holes(list) {
  return (list ?? []).join(", ");
}

function lines(list) {
  return (list ?? []).map((line) => holes(line)).join("; ");
}

/** Events that only drive the display: the turn line, the fix box and the LEDs show them. */
export const QUIET_EVENTS = new Set([
  "turn",
  "button",
  "board_mismatch",
  "board_matched",
  "fix_hint",
  "voice_button",
]);

/** The computer's moves the log shows once, by the game's own event (its roll, placement, step,
 * call ...): the ``computer`` event that announced them stays out of the log. */
const LOGGED_BY_THE_GAME = new Set([
  "roll",
  "place",
  "move",
  "substitute",
  "withdraw",
  "call",
  "penalty",
  "token",
  "resign",
  "enter_token",
]);

/** Whether the log leaves ``event`` out (it only drives the display, or the game logs it). */
export function quietEvent(event) {
  if (QUIET_EVENTS.has(event.type)) return true;
  return event.type === "computer" && LOGGED_BY_THE_GAME.has(event.action);
}

const SCORED_HOW = {
  call: "called FLIX and scored",
  "late call": "called FLIX late and scored",
  auto: "scored",
  placement: "completed",
};

const REASONS = {
  line: "",
  resign: " (the others resigned)",
  "board full": " (the board is full)",
  "nobody can place": " (nobody can place)",
  lines: " (its 8th scored line)",
  buroline: " (a Buroline: four Burocrats in a line)",
};

/** One game event in words. Unknown events still read sensibly. */
export function describeEvent(event, state) {
  const by = event.seat !== undefined && event.seat !== null ? playerWithTeam(event.seat, state) : "";
  const teams = teamsOf(state);
  const words = boardWords(state);
  const teamName = (t) => teams[t]?.name ?? `Team ${t + 1}`;
  switch (event.type) {
    case "game_started":
      return `New game: ${variantName(event.variant)}, ${event.players} players.`;
    case "roll":
      return `${by} rolled ${throwText(event.throw)}${rollReading(event, words)}.`;
    case "free_throws":
      return `${by} gets ${event.added} free throws (${event.left} to play).`;
    case "free_throws_ended":
      return `FLIX FLIX FLIX ends ${by}'s free throws.`;
    case "opponent_anywhere":
      return `FLIX FLIX FLIX: ${seatWithTeam(event.opponent, state)} places one Man anywhere.`;
    case "turn_lost":
      return `${by} loses the turn: ${event.reason}.`;
    case "awaiting_calls":
      return `Nobody can place a ${words.piece} (${event.reason}): call FLIX for your line, or PENALTY.`;
    case "board_lost":
      return "The board stopped answering: searching for it. The game waits.";
    case "board_connected":
      return "The board answers again.";
    case "place":
      return `${by} placed a ${pieceWord(event, words)} on ${event.hole}.`;
    case "move":
      return `${by} moved the ${words.piece} on ${event.hole} to ${event.to}.`;
    case "corner":
      return `${by} moved the ${words.piece} on ${event.hole} into the corner ${event.to}.`;
    case "jump":
      return `${by} moved the ${words.piece} from the corner ${event.corner} to ${event.to}.`;
    case "flip":
      return `${by} moved the ${words.piece} ${event.corner ? `from the corner ${event.corner}` : `on ${event.hole}`} to ${event.to}: ${teamName(event.opponent)}'s ${words.piece} there flips to ${event.hole}.`;
    case "scored":
      return `${by} ${SCORED_HOW[event.how] ?? "scored"}: ${lines(event.lines)}.`;
    case "token_chosen":
      return event.chosen ? `${by} picked a token for the next Man.` : `${by}: no token on the next Man.`;
    case "token_attached":
      return `The ${words.piece} on ${event.hole} carries a token.`;
    case "token_entered":
      return `Token on ${event.hole}: ${event.token ?? "none"}.`;
    case "call_nothing":
      return `${by} called FLIX: no line to score.`;
    case "penalty":
      return `${by} called PENALTY against ${teamName(event.against)}: ${holes(event.removed)} go back to supply.`;
    case "penalty_nothing":
      return `${by} called PENALTY: nothing to penalise.`;
    case "resign":
      return `${by} resigned.`;
    case "block_requested":
      return `${by} asks ${seatWithTeam(event.mover, state)} to block at ${event.hole}.`;
    case "game_over":
      if (event.draw || event.winner === null || event.winner === undefined) {
        return `The game is a draw${REASONS[event.reason] ?? ""}.`;
      }
      return `${teamName(event.winner)} wins${REASONS[event.reason] ?? ""}!`;
    case "placement_refused":
      return `Not placed on ${event.hole}: ${event.reason}.`;
    case "refused":
      return `${String(event.button ?? "").toUpperCase()} refused: ${event.reason}.`;
    case "undo":
      return event.hole ? `Took back the ${words.piece} on ${event.hole}.` : "Took back the last action.";
    case "clear_board":
      return "Clear the board; the next game starts when asked for.";
    case "burocrats_won":
      return `${teamName(event.team)} wins back ${plural(event.count, "Burocrat")} (${plural(event.held, "Burocrat")} still held by ${teamName(event.holder)}).`;
    case "free_play":
      return `${by} used a free play on ${event.hole} (${event.left} left).`;
    case "free_plays_lost":
      return `${by} loses ${plural(event.lost, "free play")}: ${event.reason}.`;
    case "substitute":
      return `${by} put a Burocrat on ${event.hole}.`;
    case "withdraw":
      return `${by} withdrew the ${words.piece} from ${event.hole}.`;
    case "buroline":
      return `${teamName(event.team)} has a Buroline: ${holes(event.line)}.`;
    case "payoff":
      return `${teamName(event.team)} scores ${event.value} (${(event.line ?? [])
        .map((hole, i) => `${hole} ${event.values?.[i] ?? "?"}`)
        .join(", ")}); the others pay it.`;
    case "seat":
      return event.kind === "computer"
        ? `The computer (level ${event.level ?? DEFAULT_LEVEL}) plays for ${seatWithTeam(event.seat, state)} now.`
        : `A person plays for ${seatWithTeam(event.seat, state)} now.`;
    case "computer":
      return `${by}: ${String(event.action ?? "a move").replaceAll("_", " ")}${event.reason ? ` (${event.reason})` : ""}.`;
    case "computer_refused":
      return `${by} could not make its move: ${event.reason}.`;
    case "remote_order":
      return `${by} plays from the other board: ${REMOTE_ORDERS[event.action] ?? String(event.action ?? "a move").replaceAll("_", " ")}.`;
    case "remote_refused":
      return `The other board's move was refused: ${event.reason}.`;
    case "remote_resync":
      return `The two boards compare their games again: ${event.reason}.`;
    case "records_failed":
      return `The game could not be kept in the records: ${event.reason}.`;
    case "computer_error":
      return `The computer could not choose a move: ${event.reason}.`;
    case "hint":
      return hintText(event, state);
    case "pattern":
      return patternText(event, by);
    default:
      return genericEvent(event, by);
  }
}

function pieceWord(event, words) {
  return event.piece === "burocrat" ? "Burocrat" : words.piece;
}

/** What a move sent from the other board does, by its action. */
const REMOTE_ORDERS = {
  roll: "rolls the dice",
  place: "places a piece",
  move: "moves a piece",
  call: "calls FLIX",
  penalty: "calls PENALTY",
  resign: "resigns",
};

/** An Olix pattern scored: where its counter went on the scoring line, or the win. */
function patternText(event, by) {
  const what = `${by} scored ${event.pattern}-${event.value} (${holes(event.holes)})`;
  if (event.super) return `${what}: a super-pattern, beyond the ${event.pattern} line!`;
  if (event.space === null || event.space === undefined) return `${what}: below the ${event.pattern} line, no counter.`;
  return event.kept
    ? `${what}: a counter on ${event.pattern} ${event.space}.`
    : `${what}: its counter on ${event.pattern} ${event.space} is below the top and goes back.`;
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function rollReading(event, words) {
  if (Array.isArray(event.results) && event.results.length === 3) {
    const [sum, difference, product] = event.results;
    return `: sum ${sum} · difference ${difference} · product ${product}`;
  }
  switch (event.reading) {
    case "anywhere":
      return `: one ${words.piece} anywhere`;
    case "free_throws":
      return ": two free throws";
    case "opponent_anywhere":
      return "";
    default:
      // ``lit``: the holes of the throw that are empty (a Man may go there).
      return Number.isInteger(event.lit) ? `: ${event.lit} ${event.lit === 1 ? words.place : words.places} lit` : "";
  }
}

function genericEvent(event, by) {
  const words = String(event.type ?? "event").replaceAll("_", " ");
  const details = Object.entries(event)
    .filter(([key]) => !["type", "seat", "team", "at"].includes(key))
    .map(([key, value]) => `${key.replaceAll("_", " ")} ${Array.isArray(value) ? value.join(", ") : value}`)
    .join(", ");
  return `${by ? `${by}: ` : ""}${words}${details ? ` (${details})` : ""}.`;
}

export const LEVELS = [1, 2, 3, 4, 5];
export const DEFAULT_LEVEL = 3;

/** "Computer, level 3" for a computer seat (its name everywhere), "" for a person. */
export function seatKindText(seat) {
  return seat?.kind === "computer" ? `Computer, level ${seat.level ?? DEFAULT_LEVEL}` : "";
}

function teamOfSeatName(seat, state) {
  const team = state?.team_of_seat?.[seat];
  return team === undefined ? seatName(seat) : teamsOf(state)[team]?.name ?? seatName(seat);
}

const COMPUTER_HANDS = {
  place: (piece) => `put its ${piece} there`,
  substitute: (piece) => `lift its ${piece} and seat a Burocrat there`,
  withdraw: (piece) => `lift its ${piece}`,
};

/** The computer's chosen move, for the person who makes it on the board. */
export function computerMoveText(move, state) {
  const who = playerWithTeam(move.seat, state);
  const action = String(move.action ?? "move");
  if (!move.hole) return `${who} chose to ${action.replaceAll("_", " ")}.`;
  const hand = COMPUTER_HANDS[action]?.(boardWords(state).piece) ?? action.replaceAll("_", " ");
  return `${who} plays ${move.hole}: ${hand}.`;
}

const HINT_ACTIONS = {
  place: (hint, words) => `place a ${words.piece} on ${hint.hole}`,
  move: (hint, words) => `move the ${words.piece} on ${hint.hole}${hint.to ? ` to ${hint.to}` : ""}`,
  substitute: (hint) => `put a Burocrat on ${hint.hole}`,
  withdraw: (hint, words) => `withdraw the ${words.piece} from ${hint.hole}`,
  roll: () => "roll the dice",
  call: () => "call FLIX",
  penalty: () => "call PENALTY",
  token: (hint) =>
    hint.token === null || hint.token === undefined
      ? "put no token on the next Man"
      : `put token ${hint.token} on the next Man`,
};

/** "Hint for Red (player 1): place a Man on R-I-S, because it blocks ...". */
export function hintText(hint, state) {
  const action = String(hint.action ?? "");
  const what = HINT_ACTIONS[action]?.(hint, boardWords(state)) ??
    `${action.replaceAll("_", " ")}${hint.hole ? ` ${hint.hole}` : ""}`;
  const why = hint.reason ? ` (${hint.reason})` : "";
  return `Hint for ${seatWithTeam(hint.seat, state)}: ${what}${why}.`;
}
