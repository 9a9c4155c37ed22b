// The settings page: GET /api/settings fills the form, Save sends only what changed (POST
// /api/settings), a setting that needs a restart offers one, and the token is shown as a QR code
// of the board's page with the token in its fragment (docs/SETTINGS.md).

import { Api, ApiError, storeToken } from "./api.js";
import { ask } from "./confirm.js";
import { chosenLanguage, N_, t, useLanguage } from "./i18n.js";
import { askToken } from "./token-dialog.js";
import { $, state } from "./store.js";

const api = new Api(askToken);
const SEAT_ROWS = 4;
const MAX_SEATS = 6;
const LEVELS = [1, 2, 3, 4, 5];
const BOARDS = { sim: N_("the simulated board"), serial: N_("a Pico on USB"), gpio: N_("the Pi's GPIO") };
const SHAPES = { flix: N_("the FLIX spaceboard"), flip4: N_("Flip 4 (5x5)"), olix: N_("Olix (11x11)") };
const VOICE = { auto: "auto", true: "on", false: "off" };
const WAIT_MS = 500;
const RESTART_WAIT_MS = 90_000;

/** The seat kinds the form offers: a person, or the computer at a level. */
function kinds() {
  return [["human", t("A person")], ...LEVELS.map((n) => [`computer:${n}`, t("Computer, level {level}", { level: n })])];
}

function say(text, error = false) {
  const message = $("settings-message");
  message.textContent = text;
  message.dataset.kind = error ? "error" : "";
}

/** A row for each seat: four, or as many as the configuration names (up to six). */
function seatRows(count) {
  const area = $("set-seats");
  area.replaceChildren();
  for (let i = 1; i <= count; i++) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const kind = document.createElement("select");
    kind.id = `set-seat-${i}-kind`;
    for (const [value, text] of kinds()) kind.append(new Option(text, value));
    const name = document.createElement("input");
    name.type = "text";
    name.id = `set-seat-${i}-name`;
    name.maxLength = 40;
    name.placeholder = i === 1 ? t("e.g. Ann") : "";
    const kindLabel = document.createElement("label");
    kindLabel.append(t("Seat {seat}", { seat: i }) + " ", kind);
    const nameLabel = document.createElement("label");
    nameLabel.append(t("Seat {seat}'s name", { seat: i }) + " ", name);
    row.append(kindLabel, nameLabel);
    area.append(row);
  }
}

/** The form's values in the API's shape (tables of keys). */
function formValues() {
  const seats = [];
  for (let i = 1; i <= seatCount(); i++) {
    const [kind, level] = $(`set-seat-${i}-kind`).value.split(":");
    const seat = { kind };
    if (level) seat.level = Number(level);
    const name = $(`set-seat-${i}-name`).value.trim();
    if (name) seat.name = name;
    seats.push(seat);
  }
  while (seats.length && seats.at(-1).kind === "human" && !seats.at(-1).name) seats.pop();
  return {
    board: {
      backend: $("set-backend").value,
      geometry: $("set-geometry").value,
      panels: $("set-panels").value.trim(),
      suits: $("set-suits").value.trim(),
      language: $("set-language").value,
    },
    game: {
      team_names: [1, 2, 3, 4].map((i) => $(`set-team-${i}`).value.trim()),
      call_window: numberOf("set-call-window"),
      hints: $("set-hints").checked,
      seats,
      computer_movetime_ms: numberOf("set-movetime"),
    },
    leds: { brightness_cap: numberOf("set-brightness") / 100 },
    remote: {
      broker: $("set-broker").value.trim(),
      username: $("set-username").value,
      password: $("set-password").value,
    },
    voice: {
      enabled: { auto: "auto", on: true, off: false }[$("set-voice").value],
      engine: $("set-voice-engine").value,
      volume: numberOf("set-volume"),
      rate: numberOf("set-rate"),
    },
  };
}

function seatCount() {
  return $("set-seats").childElementCount;
}

/** A number field's value (a text that is not a number is sent as it is: the board says why). */
function numberOf(id) {
  const text = $(id).value.trim();
  const value = Number(text);
  return text !== "" && Number.isFinite(value) ? value : text;
}

/** Select ``value`` in the select ``id``, adding it first when the page does not offer it (a
 * port or a wiring file set in the file). */
function choose(id, value) {
  const select = $(id);
  if (![...select.options].some((option) => option.value === value)) {
    select.append(new Option(value, value));
  }
  select.value = value;
}

function fill(settings) {
  const { board, game, leds, remote, voice } = settings;
  choose("set-backend", board.backend);
  choose("set-geometry", board.geometry);
  $("set-voice").value = VOICE[String(voice.enabled)];
  $("set-voice-engine").value = voice.engine;
  $("set-volume").value = String(voice.volume);
  $("set-rate").value = String(voice.rate);
  $("set-panels").value = board.panels;
  $("set-suits").value = board.suits;
  $("set-language").value = board.language;
  game.team_names.forEach((name, i) => ($(`set-team-${i + 1}`).value = name));
  $("set-brightness").value = String(Math.round(leds.brightness_cap * 100));
  $("set-call-window").value = String(game.call_window);
  $("set-hints").checked = game.hints;
  $("set-movetime").value = String(game.computer_movetime_ms);
  seatRows(Math.min(MAX_SEATS, Math.max(SEAT_ROWS, game.seats.length)));
  for (let i = 1; i <= seatCount(); i++) {
    const seat = game.seats[i - 1] ?? { kind: "human" };
    $(`set-seat-${i}-kind`).value = seat.kind === "computer" ? `computer:${seat.level}` : "human";
    $(`set-seat-${i}-name`).value = seat.name ?? "";
  }
  $("set-broker").value = remote.broker;
  $("set-username").value = remote.username;
  $("set-password").value = "";
  $("set-password").placeholder = remote.password_set ? t("(set: unchanged)") : "";
}

/** Only the settings that differ from those loaded (the password only when one is typed). */
function changed() {
  const now = formValues();
  const changes = {};
  for (const [table, keys] of Object.entries(now)) {
    for (const [key, value] of Object.entries(keys)) {
      if (key === "password" ? value === "" : same(value, state.settings[table][key])) continue;
      (changes[table] ??= {})[key] = value;
    }
  }
  return changes;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function show(answer) {
  state.settings = answer.settings;
  fill(answer.settings);
  $("first-run").hidden = !answer.first_run;
  const { backend, geometry } = answer.board;
  $("board-kind").textContent = `${t(BOARDS[backend] ?? backend)}, ${t(SHAPES[geometry] ?? geometry)}`;
  $("qr").innerHTML = answer.qr_svg;
  const link = $("page-link");
  link.href = answer.link;
  link.textContent = answer.link.replace(/#token=.*/, "#token=…");
  link.dataset.link = answer.link;
  $("link-note").hidden = answer.reachable;
  const pico = backend === "serial";
  if (pico) followPico().catch(() => {}); // an update under way, its steps in the page's language
  $("pico-card").hidden = !pico;
  $("token-text").textContent = answer.token;
  storeToken(answer.token);
  const waiting = answer.restart_needed;
  $("restart-card").hidden = waiting.length === 0;
  $("restart-what").textContent = waiting.length
    ? t("Saved, and in use after a restart: {settings}.", { settings: waiting.join(", ") })
    : "";
  showToken();
  document.body.dataset.drawn = "";
}

/** Say the page in its own language, else the board's. */
async function speak(settings) {
  await useLanguage(chosenLanguage(settings.board.language));
}

async function load() {
  await useLanguage(chosenLanguage()); // this page's own, before the token is asked for
  try {
    const answer = await api.get("/api/settings");
    await speak(answer.settings);
    show(answer);
    say("");
  } catch (error) {
    document.body.dataset.drawn = "";
    say(t("Cannot read the settings: {reason}", { reason: error.message }), true);
  }
}

async function save(event) {
  event.preventDefault();
  const changes = changed();
  if (Object.keys(changes).length === 0 && $("first-run").hidden) {
    say(t("Nothing changed."));
    return;
  }
  try {
    const answer = await api.post("/api/settings", changes); // on the first run: set up as shown
    await speak(answer.settings);
    show(answer);
    const waiting = answer.restart_needed.length > 0;
    say(waiting ? t("Saved. Some settings need a restart (below).") : t("Saved and in use."));
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : String(error);
    say(t("Not saved: {reason}", { reason }), true);
  }
}

async function restart() {
  if (!(await ask(t("Restart the board service now? The game in play is saved."), t("Restart")))) return;
  const before = (await api.get("/api/setup")).run;
  await api.post("/api/settings/restart");
  say(t("Restarting…"));
  const until = Date.now() + RESTART_WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    try {
      if ((await api.get("/api/setup")).run !== before) {
        await load();
        say(t("Restarted: every setting is in use."));
        return;
      }
    } catch {
      // not answering while it restarts
    }
  }
  say(t("The board did not come back: look at its log ({command}).", { command: "journalctl -u flixboard" }), true);
}

async function newToken() {
  const question = t("Make a new token? Every phone and page with the old one must scan again.");
  if (!(await ask(question, t("Make a new token")))) return;
  try {
    show(await api.post("/api/settings/token"));
    say(t("A new token is in use: scan the new code with your phones."));
  } catch (error) {
    say(t("No new token: {reason}", { reason: error.message }), true);
  }
}

/** The Pico's update: its steps so far, and how it ended. */
function showPico(status) {
  $("pico-steps").setAttribute("aria-label", t("The update's steps"));
  $("pico-steps").replaceChildren(
    ...status.steps.map((step) => Object.assign(document.createElement("li"), { textContent: step })),
  );
  $("pico-update").disabled = status.running;
  const outcome = $("pico-outcome");
  const heading = { updated: N_("Updated"), current: N_("Up to date"), failed: N_("Not updated") };
  outcome.textContent = status.running
    ? t("Updating the Pico…")
    : status.outcome
      ? `${t(heading[status.outcome])}: ${status.message}`
      : "";
  outcome.dataset.kind = status.outcome === "failed" ? "error" : "";
}

/** Read the update's status (in the page's language) until it ends; one reader at a time. */
function followPico() {
  state.picoReading ??= (async () => {
    try {
      for (;;) {
        const status = await api.get("/api/pico/update");
        showPico(status);
        if (!status.running) return;
        await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      }
    } finally {
      state.picoReading = null;
    }
  })();
  return state.picoReading;
}

async function updatePico() {
  const question = t("Update the Pico's firmware now? The board is not read until it is back.");
  if (!(await ask(question, t("Update")))) return;
  try {
    showPico(await api.post("/api/pico/update", { force: $("pico-force").checked }));
    await state.picoReading?.catch(() => {}); // a reading begun before the update may have missed it
    await followPico();
  } catch (error) {
    showPico({ running: false, steps: [], outcome: "failed", message: error.message });
  }
}

function toggleToken() {
  $("token-text").hidden = !$("token-text").hidden;
  showToken();
}

/** The token's button says what it does now. */
function showToken() {
  const hidden = $("token-text").hidden;
  $("show-token").setAttribute("aria-expanded", String(!hidden));
  $("show-token").textContent = hidden ? t("Show the token") : t("Hide the token");
}

seatRows(SEAT_ROWS);
$("settings-form").addEventListener("submit", save);
$("restart").addEventListener("click", restart);
$("new-token").addEventListener("click", newToken);
$("show-token").addEventListener("click", toggleToken);
$("pico-update").addEventListener("click", updatePico);
load();
