// Words and symbols the players see: dice faces, seats and teams, events, what to fix, in the
// page's language (i18n.js: t() says a message by its English id).

import { N_, pageLanguage, t, tSaid } from "./i18n.js";
import { state as page } from "./store.js";

export const COLOUR_FACES = ["red", "yellow", "green", "blue", "win", "flix"];
export const FLOOR_FACES = ["I", "II", "III", "IV", "win", "flix"];
export const SUIT_FACES = ["spades", "hearts", "diamonds", "clubs", "win", "flix"];

export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const PANEL_NAMES = { R: "red", Y: "yellow", G: "green", B: "blue" };
const SUIT_BY_NAME = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };
/** The dice faces' words, as the catalog knows them. */
const FACE_WORDS = {
  red: N_("red"),
  yellow: N_("yellow"),
  green: N_("green"),
  blue: N_("blue"),
  spades: N_("spades"),
  hearts: N_("hearts"),
  diamonds: N_("diamonds"),
  clubs: N_("clubs"),
};

export const DEFAULT_TEAMS = [
  { name: "Red", colour: "#ff2000" },
  { name: "Blue", colour: "#0050ff" },
  { name: "Green", colour: "#00c83c" },
];

/** A game's name in the page's language (its spec's title: GET /api/info's ``games``). */
export function variantName(variant) {
  const game = page.info?.games?.[variant];
  return game ? t(game.title) : (variant ?? "");
}

/** A game as the New game form offers it, with what sets it apart. */
export function variantChoice(variant) {
  const game = page.info?.games?.[variant];
  return game ? t(game.choice) : (variant ?? "");
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
    return { symbol: "●", label: t(FACE_WORDS[lower]), kind: "colour", colour: lower };
  }
  if (SUIT_BY_NAME[lower]) return { symbol: SUIT_BY_NAME[lower], label: t(FACE_WORDS[lower]), kind: "suit" };
  return { symbol: value.toUpperCase(), label: t("floor {floor}", { floor: value.toUpperCase() }), kind: "floor" };
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
const SPACEBOARD_WORDS = { place: "hole", places: "holes", into: "in", piece: "Man", pieces: "Men", a_piece: "a Man", the_piece: "the Man", tally: "Lines scored" };

/** How people name this board's places and pieces, in the page's language (the state's
 * ``languages``, from the server; else its ``words``). */
export function boardWords(state) {
  const said = state?.languages?.[pageLanguage()]?.words ?? state?.words;
  if (said) return said;
  return Object.fromEntries(Object.entries(SPACEBOARD_WORDS).map(([key, word]) => [key, t(word)]));
}

/** The server's message line, fix words and board health in the page's language. */
export function boardSays(state) {
  const said = state?.languages?.[pageLanguage()];
  return {
    message: said?.message ?? state?.message,
    fix: said?.fix ?? state?.fix,
    health: said?.health ?? state?.board_health ?? [],
  };
}

/** "Pieces" of "Pieces left": a board word with its first letter capital. */
export function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Teams as [{name, colour}]: the board's names and colours, else the defaults; the default
 * names in the page's language. */
export function teamsOf(state) {
  const count = Math.max(1, ...(state?.team_of_seat ?? [0]).map((team) => team + 1));
  const names = state?.team_names ?? [];
  const colours = state?.team_colours ?? [];
  return Array.from({ length: count }, (_, team) => ({
    name: t(names[team] ?? DEFAULT_TEAMS[team % 3].name),
    colour: colours[team] ?? DEFAULT_TEAMS[team % 3].colour,
  }));
}

export function seatName(seat) {
  return t("player {number}", { number: Number(seat) + 1 });
}

/** "Red (Computer, level 3)" for a computer seat, else "Red (player 1)": who makes a move. */
export function playerWithTeam(seat, state) {
  const player = state?.seats?.[seat];
  if (player?.kind !== "computer") return seatWithTeam(seat, state);
  return `${teamOfSeatName(seat, state)} (${seatKindText(player)})`;
}

/** "Red (player 1)", as the board's own messages say it (the state's ``seat_labels`` in
 * English). */
export function seatWithTeam(seat, state) {
  const label = state?.seat_labels?.[seat];
  if (label && pageLanguage() === "en") return label;
  const team = state?.team_of_seat?.[seat];
  const teams = teamsOf(state);
  if (team === undefined) return seatName(seat);
  return t("{team} (player {number})", { team: teams[team].name, number: Number(seat) + 1 });
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
    .map(([team, seats]) => {
      const and = t(" and ");
      return t("{team}: players {numbers}", { team: teams[team % teams.length].name, numbers: seats.join(and) });
    })
    .join(" · ");
}

function holes(list) {
  return (list ?? []).join(", ");
}

function lines(list) {
  return (list ?? []).map((line) => holes(line)).join("; ");
}

/** Events that only drive the display: the turn line, the fix box and the LEDs show them; and
 * the secret ones, which never reach the page. Every kind of GET /api/events/schema has its
 * words in describeEvent or is here (tests/controller/test_controller_events_union.py). */
export const QUIET_EVENTS = new Set([
  "turn",
  "button",
  "board_mismatch",
  "board_matched",
  "fix_hint",
  "voice_button",
  "line_completed",
  "pending_lost",
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
  call: (args) => t("{by} called FLIX and scored: {lines}.", args),
  "late call": (args) => t("{by} called FLIX late and scored: {lines}.", args),
  auto: (args) => t("{by} scored: {lines}.", args),
  placement: (args) => t("{by} completed: {lines}.", args),
};

/** What the computer did, in words ({hole}, {to}: where). */
const COMPUTER_ACTIONS = {
  roll: N_("rolls the dice"),
  place: N_("plays {hole}"),
  move: N_("moves {hole} to {to}"),
  substitute: N_("seats a Burocrat in {hole}"),
  withdraw: N_("withdraws {hole}"),
  call: N_("calls FLIX"),
  penalty: N_("calls PENALTY"),
  request_block: N_("asks for a block"),
};

const REASONS = {
  line: () => "",
  resign: () => t(" (the others resigned)"),
  "board full": () => t(" (the board is full)"),
  "nobody can place": () => t(" (nobody can place)"),
  lines: () => t(" (its 8th scored line)"),
  buroline: () => t(" (a Buroline: four Burocrats in a line)"),
};

/** A reason the server gave: in the page's language when the catalog knows it. */
function reasonText(event) {
  if (event.said?.id) return tSaid(event.said);
  return t(String(event.reason ?? ""));
}

/** One game event in words. Unknown events still read sensibly. */
export function describeEvent(event, state) {
  const by = event.seat !== undefined && event.seat !== null ? playerWithTeam(event.seat, state) : "";
  const teams = teamsOf(state);
  const words = boardWords(state);
  const teamName = (team) => teams[team]?.name ?? t("Team {number}", { number: team + 1 });
  const hole = event.hole;
  const reason = reasonText(event);
  switch (event.type) {
    case "game_started":
      return t("New game: {variant}, {players} players.", { variant: variantName(event.variant), players: event.players });
    case "roll":
      return t("{by} rolled {faces}{reading}.", { by, faces: throwText(event.throw), reading: rollReading(event, words) });
    case "free_throws":
      return t("{by} gets {added} free throws ({left} to play).", { by, added: event.added, left: event.left });
    case "free_throws_ended":
      return t("FLIX FLIX FLIX ends {by}'s free throws.", { by });
    case "opponent_anywhere":
      return t("FLIX FLIX FLIX: {player} places one {piece} anywhere.", { player: seatWithTeam(event.opponent, state), piece: words.piece });
    case "turn_lost":
      return t("{by} loses the turn: {reason}.", { by, reason });
    case "awaiting_calls":
      return t("Nobody can place {a_piece} ({reason}): call FLIX for your line, or PENALTY.", { a_piece: words.a_piece ?? words.piece, reason });
    case "board_lost":
      return t("The board stopped answering: searching for it. The game waits.");
    case "board_connected":
      return t("The board answers again.");
    case "place":
      return t("{by} placed {a_piece} on {hole}.", { by, a_piece: pieceWord(event, words), hole });
    case "move":
      return t("{by} moved {the_piece} on {hole} to {to}.", { by, the_piece: words.the_piece ?? words.piece, hole, to: event.to });
    case "corner":
      return t("{by} moved {the_piece} on {hole} into the corner {to}.", { by, the_piece: words.the_piece ?? words.piece, hole, to: event.to });
    case "jump":
      return t("{by} moved {the_piece} from the corner {corner} to {to}.", { by, the_piece: words.the_piece ?? words.piece, corner: event.corner, to: event.to });
    case "flip":
      return event.corner
        ? t("{by} moved {the_piece} from the corner {corner} to {to}: {team}'s {piece} there flips to {hole}.", { by, the_piece: words.the_piece ?? words.piece, corner: event.corner, to: event.to, team: teamName(event.opponent), piece: words.piece, hole })
        : t("{by} moved {the_piece} on {hole} to {to}: {team}'s {piece} there flips to {hole}.", { by, the_piece: words.the_piece ?? words.piece, to: event.to, team: teamName(event.opponent), piece: words.piece, hole });
    case "no_open_square":
      return t("{by}: no open square among the results; roll again.", { by });
    case "free_placement":
      return t("{by} may place on any open square.", { by });
    case "free_move":
      return t("{by} may move any of its pieces.", { by });
    case "direction_reversed":
      return t("The direction of play is reversed.");
    case "scored":
      return (SCORED_HOW[event.how] ?? SCORED_HOW.auto)({ by, lines: lines(event.lines) });
    case "token_chosen":
      return event.chosen ? t("{by} picked a token for the next Man.", { by }) : t("{by}: no token on the next Man.", { by });
    case "token_attached":
      return t("{The_piece} on {hole} carries a token.", { The_piece: capital(words.the_piece ?? words.piece), hole });
    case "token_entered": {
      const none = t("none");
      return t("Token on {hole}: {token}.", { hole, token: event.token ?? none });
    }
    case "token_opened":
      return t("Token on {hole}: {token}.", { hole, token: event.token });
    case "call_nothing":
      return t("{by} called FLIX: no line to score.", { by });
    case "penalty":
      return t("{by} called PENALTY against {team}: {holes} go back to supply.", { by, team: teamName(event.against), holes: holes(event.removed) });
    case "penalty_nothing":
      return t("{by} called PENALTY: nothing to penalise.", { by });
    case "resign":
      return t("{by} resigned.", { by });
    case "block_requested":
      return t("{by} asks {mover} to block at {hole}.", { by, mover: seatWithTeam(event.mover, state), hole });
    case "game_over":
      if (event.draw || event.winner === null || event.winner === undefined) {
        return t("The game is a draw{reason}.", { reason: REASONS[event.reason]?.() ?? "" });
      }
      return t("{team} wins{reason}!", { team: teamName(event.winner), reason: REASONS[event.reason]?.() ?? "" });
    case "placement_refused":
      return t("Not placed on {hole}: {reason}.", { hole, reason });
    case "refused":
      return t("{button} refused: {reason}.", { button: String(event.button ?? "").toUpperCase(), reason });
    case "undo":
      return hole ? t("Took back {the_piece} on {hole}.", { the_piece: words.the_piece ?? words.piece, hole }) : t("Took back the last action.");
    case "clear_board":
      return t("Clear the board; the next game starts when asked for.");
    case "burocrats_won":
      return t("{team} wins back {count} ({held} still held by {holder}).", { team: teamName(event.team), count: burocrats(event.count), held: burocrats(event.held), holder: teamName(event.holder) });
    case "free_play":
      return t("{by} used a free play on {hole} ({left} left).", { by, hole, left: event.left });
    case "free_plays_lost": {
      const count = event.lost === 1 ? t("1 free play") : t("{count} free plays", { count: event.lost });
      return t("{by} loses {count}: {reason}.", { by, count, reason });
    }
    case "substitute":
      return t("{by} put a Burocrat on {hole}.", { by, hole });
    case "withdraw":
      return t("{by} withdrew {the_piece} from {hole}.", { by, the_piece: words.the_piece ?? words.piece, hole });
    case "buroline":
      return t("{team} has a Buroline: {holes}.", { team: teamName(event.team), holes: holes(event.line) });
    case "paid_off":
      return t("{team} scores {value} ({values}); the others pay it.", {
        team: teamName(event.team),
        value: event.value,
        values: (event.line ?? []).map((at, i) => `${at} ${event.values?.[i] ?? "?"}`).join(", "),
      });
    case "seat":
      return event.kind === "computer"
        ? t("The computer (level {level}) plays for {player} now.", { level: event.level ?? DEFAULT_LEVEL, player: seatWithTeam(event.seat, state) })
        : t("A person plays for {player} now.", { player: seatWithTeam(event.seat, state) });
    case "computer":
    {
      const done = COMPUTER_ACTIONS[event.action] ?? String(event.action ?? "a move").replaceAll("_", " ");
      const why = event.reason ? ` (${reason})` : "";
      return t("{by}: {action}{why}.", { by, action: t(done, { hole, to: event.to }), why });
    }
    case "computer_refused":
      return t("{by} could not make its move: {reason}.", { by, reason });
    case "remote_order":
      return t("{by} plays from the other board: {order}.", { by, order: REMOTE_ORDERS[event.action]?.() ?? String(event.action ?? "a move").replaceAll("_", " ") });
    case "remote_refused":
      return t("The host refused this board's move: {reason}.", { reason });
    case "remote_resync":
      return t("The two boards compare their games again: {reason}.", { reason });
    case "remote_dice_refused":
      return t("This board refused a throw of the host: {reason}.", { reason });
    case "resumed":
      return t("The game resumed after a restart ({actions} actions).", { actions: event.actions });
    case "records_failed":
      return t("The game could not be kept in the records: {reason}.", { reason });
    case "computer_error":
      return t("The computer could not choose a move: {reason}.", { reason });
    case "hint":
      return hintText(event, state);
    case "pattern":
      return patternText(event, by);
    default:
      return genericEvent(event, by);
  }
}

function pieceWord(event, words) {
  return event.piece === "burocrat" ? t("a Burocrat") : words.a_piece ?? words.piece;
}

function burocrats(count) {
  return count === 1 ? t("1 Burocrat") : t("{count} Burocrats", { count });
}

/** What a move sent from the other board does, by its action. */
const REMOTE_ORDERS = {
  roll: () => t("rolls the dice"),
  place: () => t("places a piece"),
  move: () => t("moves a piece"),
  call: () => t("calls FLIX"),
  penalty: () => t("calls PENALTY"),
  resign: () => t("resigns"),
};

/** An Olix pattern scored: where its counter went on the scoring line, or the win. */
function patternText(event, by) {
  const what = t("{by} scored {pattern}-{value} ({holes})", { by, pattern: event.pattern, value: event.value, holes: holes(event.holes) });
  const args = { what, pattern: event.pattern, space: event.space };
  if (event.super) return t("{what}: a super-pattern, beyond the {pattern} line!", args);
  if (event.space === null || event.space === undefined) return t("{what}: below the {pattern} line, no counter.", args);
  return event.kept
    ? t("{what}: a counter on {pattern} {space}.", args)
    : t("{what}: its counter on {pattern} {space} is below the top and goes back.", args);
}

function rollReading(event, words) {
  if (Array.isArray(event.results) && event.results.length === 3) {
    const [sum, difference, product] = event.results;
    return t(": sum {sum} · difference {difference} · product {product}", { sum, difference, product });
  }
  switch (event.reading) {
    case "anywhere":
      return t(": one {piece} anywhere", { piece: words.piece });
    case "free_throws":
      return t(": two free throws");
    case "opponent_anywhere":
      return "";
    default:
      // ``lit``: the holes of the throw that are empty (a Man may go there).
      if (!Number.isInteger(event.lit)) return "";
      return t(": {count} {places} lit", { count: event.lit, places: event.lit === 1 ? words.place : words.places });
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
  return seat?.kind === "computer" ? t("Computer, level {level}", { level: seat.level ?? DEFAULT_LEVEL }) : "";
}

function teamOfSeatName(seat, state) {
  const team = state?.team_of_seat?.[seat];
  return team === undefined ? seatName(seat) : teamsOf(state)[team]?.name ?? seatName(seat);
}

function itsPiece(words) {
  return t("its {piece}", { piece: words.piece });
}

const COMPUTER_HANDS = {
  place: (words) => t("put {its_piece} there", { its_piece: itsPiece(words) }),
  substitute: (words) => t("lift {its_piece} and seat a Burocrat there", { its_piece: itsPiece(words) }),
  withdraw: (words) => t("lift {its_piece}", { its_piece: itsPiece(words) }),
};

/** The computer's chosen move, for the person who makes it on the board. */
export function computerMoveText(move, state) {
  const who = playerWithTeam(move.seat, state);
  const action = String(move.action ?? "move");
  if (!move.hole) return t("{who} chose to {action}.", { who, action: action.replaceAll("_", " ") });
  const hand = COMPUTER_HANDS[action]?.(boardWords(state)) ?? action.replaceAll("_", " ");
  return t("{who} plays {hole}: {hand}.", { who, hole: move.hole, hand });
}

const HINT_ACTIONS = {
  place: (hint, words) => t("place {a_piece} on {hole}", { a_piece: words.a_piece ?? words.piece, hole: hint.hole }),
  move: (hint, words) =>
    hint.to
      ? t("move {the_piece} on {hole} to {to}", { the_piece: words.the_piece ?? words.piece, hole: hint.hole, to: hint.to })
      : t("move {the_piece} on {hole}", { the_piece: words.the_piece ?? words.piece, hole: hint.hole }),
  substitute: (hint) => t("put a Burocrat on {hole}", { hole: hint.hole }),
  withdraw: (hint, words) => t("withdraw {the_piece} from {hole}", { the_piece: words.the_piece ?? words.piece, hole: hint.hole }),
  roll: () => t("roll the dice"),
  call: () => t("call FLIX"),
  penalty: () => t("call PENALTY"),
  token: (hint) =>
    hint.token === null || hint.token === undefined
      ? t("put no token on the next Man")
      : t("put token {token} on the next Man", { token: hint.token }),
};

/** "Hint for Red (player 1): place a Man on R-I-S, because it blocks ...". */
export function hintText(hint, state) {
  const action = String(hint.action ?? "");
  const what = HINT_ACTIONS[action]?.(hint, boardWords(state)) ??
    `${action.replaceAll("_", " ")}${hint.hole ? ` ${hint.hole}` : ""}`;
  const why = hint.reason ? ` (${hint.said?.id ? tSaid(hint.said) : t(String(hint.reason))})` : "";
  return t("Hint for {player}: {what}{why}.", { player: seatWithTeam(hint.seat, state), what, why });
}
