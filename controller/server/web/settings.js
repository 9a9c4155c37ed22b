// The settings page: GET /api/settings fills the form, Save sends only what changed (POST
// /api/settings), a setting that needs a restart offers one, and the token is shown as a QR code
// of the board's page with the token in its fragment (docs/configuration.md). The form comes
// from the settings' declarations the answer carries (``schema``): each setting the page offers
// gets a field in its table's card, its label, kind (a number within its bounds, a tick, a choice,
// a text or a list) or the widget it declares (WIDGETS: a choice of named values, a field per
// name, the seats' rows, the network's tick), help and the note of when a change applies.

import { Api, ApiError, storeToken } from "./api.js";
import { ask } from "./confirm.js";
import { chosenLanguage, N_, t, useLanguage } from "./i18n.js";
import { askToken } from "./token-dialog.js";
import { $, state } from "./store.js";

const api = new Api(askToken);
const SEAT_ROWS = 4;
const MAX_SEATS = 6;
const LEVELS = [1, 2, 3, 4, 5];
const NAME_LENGTH = 40;
/** When a change on the page takes effect, as its setting declares it (``when``). */
const WHEN = {
  now: N_("Applies now."),
  "next game": N_("From the next game."),
  restart: N_("Applies after a restart."),
};
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

/** A row for each seat of the seats' field ``id``: four, or as many as the configuration names
 * (up to six). */
function seatRows(id, count) {
  const area = $(id);
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
    name.maxLength = NAME_LENGTH;
    name.placeholder = i === 1 ? t("e.g. Ann") : "";
    const kindLabel = document.createElement("label");
    kindLabel.append(t("Seat {seat}", { seat: i }) + " ", kind);
    const nameLabel = document.createElement("label");
    nameLabel.append(t("Seat {seat}'s name", { seat: i }) + " ", name);
    row.append(kindLabel, nameLabel);
    area.append(row);
  }
}

/** The seats' rows as the API takes them (people without a name left out at the end). */
function seatsOnForm(id) {
  const seats = [];
  for (let i = 1; i <= $(id).childElementCount; i++) {
    const [kind, level] = $(`set-seat-${i}-kind`).value.split(":");
    const seat = { kind };
    if (level) seat.level = Number(level);
    const name = $(`set-seat-${i}-name`).value.trim();
    if (name) seat.name = name;
    seats.push(seat);
  }
  while (seats.length && seats.at(-1).kind === "human" && !seats.at(-1).name) seats.pop();
  return seats;
}

function showSeats(id, seats) {
  seatRows(id, Math.min(MAX_SEATS, Math.max(SEAT_ROWS, seats.length)));
  for (let i = 1; i <= $(id).childElementCount; i++) {
    const seat = seats[i - 1] ?? { kind: "human" };
    $(`set-seat-${i}-kind`).value = seat.kind === "computer" ? `computer:${seat.level}` : "human";
    $(`set-seat-${i}-name`).value = seat.name ?? "";
  }
}

/** A choice's value as its option holds it (a tick's ``true`` and ``false`` as on and off). */
function optionValue(value) {
  return value === true ? "on" : value === false ? "off" : String(value);
}

/** A named value's name as a choice shows it: in the page's language, its first letter capital. */
function optionName(label) {
  const name = t(label);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A text field of one name (a team's, a seat's). */
function nameInput(id) {
  return Object.assign(document.createElement("input"), { type: "text", id, maxLength: NAME_LENGTH });
}

/** The widgets a setting may declare instead of its kind's field (``widget``): how each is made
 * (``make``: its input, or ``group``: a titled group of fields), read and shown. */
const WIDGETS = {
  choice: {
    make: (spec) => {
      const select = document.createElement("select");
      for (const { value, label } of spec.options) {
        const option = new Option(label, optionValue(value));
        option.dataset.name = label;
        select.append(option);
      }
      return select;
    },
    read: (spec, id) => spec.options.find(({ value }) => optionValue(value) === $(id).value)?.value ?? $(id).value,
    show: (spec, id, value) => choose(id, optionValue(value)),
  },
  names: {
    group: (spec, id) => {
      const area = Object.assign(document.createElement("div"), { id, className: "names" });
      for (let i = 1; i <= spec.count; i++) {
        const label = document.createElement("label");
        const name = Object.assign(document.createElement("span"), { className: "label" });
        name.dataset.item = String(i);
        label.append(name, " ", nameInput(`${id}-${i}`));
        area.append(label);
      }
      return area;
    },
    read: (spec, id) => Array.from({ length: spec.count }, (_, i) => $(`${id}-${i + 1}`).value.trim()),
    show: (spec, id, names) => names.forEach((name, i) => ($(`${id}-${i + 1}`).value = name)),
  },
  seats: {
    group: (spec, id) => Object.assign(document.createElement("div"), { id, className: "seat-rows" }),
    read: (spec, id) => seatsOnForm(id),
    show: (spec, id, seats) => showSeats(id, seats),
  },
  network: {
    make: () => Object.assign(document.createElement("input"), { type: "checkbox" }),
    read: (spec, id) => listenOn(state.settings[spec.table][spec.key], $(id).checked),
    show: (spec, id, address) => ($(id).checked = !onThisComputerOnly(address)),
  },
};
/** The spaceboard's own settings: asked for only while the shape chosen is the spaceboard. */
const SPACEBOARD_ONLY = ["board.panels", "board.suits"];

/** A setting's name, ``table.key``. */
function nameOf(spec) {
  return `${spec.table}.${spec.key}`;
}

/** The id of a setting's field: its own when it declares one, else ``set-TABLE-KEY``. */
function fieldId(spec) {
  return spec.field || `set-${spec.table}-${spec.key.replaceAll("_", "-")}`;
}

function isNumber(spec) {
  return spec.kind === "integer" || spec.kind === "number";
}

/** The input of a setting of ``spec.kind``: a number within its bounds, a tick, a choice of its
 * values, or a text (a list: its items parted by commas; a secret: hidden as typed). */
function control(spec) {
  const widget = WIDGETS[spec.widget];
  if (widget?.make) return widget.make(spec);
  if (spec.kind === "choice") {
    const select = document.createElement("select");
    for (const choice of spec.choices) select.append(new Option(String(choice), String(choice)));
    return select;
  }
  const input = document.createElement("input");
  if (spec.kind === "boolean") input.type = "checkbox";
  else if (isNumber(spec)) {
    input.type = "number";
    input.step = spec.kind === "integer" ? "1" : "any";
  } else {
    input.type = spec.secret ? "password" : "text";
    input.autocomplete = spec.secret ? "new-password" : "off";
    input.spellcheck = false;
  }
  return input;
}

/** A setting's field as its declaration says: its label and input (or a titled group of
 * fields: ``WIDGETS``), help and when a change applies. */
function build(spec) {
  const id = fieldId(spec);
  const group = WIDGETS[spec.widget]?.group;
  const input = group ? group(spec, id) : control(spec);
  input.id = id;
  let label;
  if (group) {
    label = Object.assign(document.createElement("p"), { id: `${id}-title`, className: "setting-title" });
    label.dataset.labelOf = nameOf(spec);
    input.setAttribute("role", "group");
    input.setAttribute("aria-labelledby", label.id);
  } else {
    label = document.createElement("label");
    const name = Object.assign(document.createElement("span"), { className: "label" });
    name.dataset.labelOf = nameOf(spec);
    if (input.type === "checkbox") label.append(input, " ", name);
    else label.append(name, " ", input);
  }
  const help = Object.assign(document.createElement("p"), { id: `${id}-help`, className: "help" });
  const when = Object.assign(document.createElement("span"), { className: "when" });
  when.dataset.whenOf = nameOf(spec);
  help.append(Object.assign(document.createElement("span"), { className: "help-text" }), " ", when);
  input.setAttribute("aria-describedby", help.id);
  const field = document.createElement("div");
  field.dataset.setting = nameOf(spec);
  field.append(label, ...(group ? [input] : []), help);
  return field;
}

/** Each setting the page offers, in its table's card (a card of its own for a table the page
 * has none for), in the declared order. Once: the declarations do not change while the service
 * runs. */
function buildForm(schema) {
  for (const spec of schema.filter((declared) => declared.page)) {
    if (document.querySelector(`[data-setting="${nameOf(spec)}"]`)) continue;
    let card = document.querySelector(`[data-table="${spec.table}"]`);
    if (!card) {
      card = Object.assign(document.createElement("section"), { className: "card" });
      card.dataset.table = spec.table;
      const title = document.createElement("h2");
      Object.assign(title, { id: `${spec.table}-title`, textContent: spec.table });
      card.setAttribute("aria-labelledby", title.id);
      card.append(title, Object.assign(document.createElement("div"), { className: "fields" }));
      $("settings-form").querySelector(".save-row").before(card);
    }
    card.querySelector(".fields").append(build(spec));
  }
}

/** A setting's value on the form: a tick, a number, a choice or a text (a secret as typed). */
function onForm(spec) {
  const widget = WIDGETS[spec.widget];
  if (widget) return widget.read(spec, fieldId(spec));
  const field = $(fieldId(spec));
  if (spec.kind === "boolean") return field.checked;
  if (isNumber(spec)) return scaled(numberOf(field.id), 1 / (spec.scale ?? 1));
  if (spec.kind === "list") return field.value.split(",").map((item) => item.trim()).filter(Boolean);
  if (spec.kind === "choice") return spec.choices.find((value) => String(value) === field.value) ?? field.value;
  return spec.secret || field.tagName === "SELECT" ? field.value : field.value.trim();
}

/** Show ``value`` of a setting in its field (a secret only as whether one is set). */
function showValue(spec, table) {
  const value = table[spec.key];
  const widget = WIDGETS[spec.widget];
  if (widget) return widget.show(spec, fieldId(spec), value);
  const field = $(fieldId(spec));
  if (spec.kind === "boolean") field.checked = value;
  else if (spec.secret) {
    field.value = "";
    field.placeholder = table[`${spec.key}_set`] ? t("(set: unchanged)") : "";
  } else if (spec.kind === "list") field.value = value.join(", ");
  else if (field.tagName === "SELECT") choose(field.id, String(value));
  else field.value = String(isNumber(spec) ? scaled(value, spec.scale ?? 1) : value);
}

/** A number times ``scale`` (a text that is not a number as it is), rid of float noise. */
function scaled(value, scale) {
  return typeof value === "number" && scale !== 1 ? Number((value * scale).toPrecision(12)) : value;
}

/** A number field's bounds, as its setting declares them. */
function bound(spec) {
  const field = $(fieldId(spec));
  if (!isNumber(spec) || field?.type !== "number") return;
  field.min = String(scaled(spec.minimum, spec.scale ?? 1));
  field.max = String(scaled(spec.maximum, spec.scale ?? 1));
}

/** Each setting's label, help and note of when a change applies, in the page's language. */
function words() {
  for (const spec of state.schema.filter((declared) => declared.page)) {
    const field = document.querySelector(`[data-setting="${nameOf(spec)}"]`);
    for (const label of field.querySelectorAll("[data-label-of]")) label.textContent = t(spec.label);
    for (const when of field.querySelectorAll("[data-when-of]")) when.textContent = t(WHEN[spec.when]);
    const help = field.querySelector(".help-text");
    if (help) help.textContent = spec.help ? t(spec.help) : "";
    for (const option of field.querySelectorAll("option[data-name]")) option.textContent = optionName(option.dataset.name);
    for (const item of field.querySelectorAll("[data-item]")) item.textContent = t(spec.item, { number: item.dataset.item });
  }
}

/** The name a setting's choice gives ``value`` (the value itself when it offers no such). */
function nameOfValue(setting, value) {
  const spec = state.schema.find((declared) => nameOf(declared) === setting);
  const label = spec?.options?.find((option) => option.value === value)?.label;
  return label ? t(label) : value;
}

/** The form's values in the API's shape (tables of keys). */
function formValues() {
  const values = {};
  for (const spec of state.schema) (values[spec.table] ??= {})[spec.key] = onForm(spec);
  return values;
}

/** Whether ``address`` (HOST:PORT) is reachable from this computer only. */
function onThisComputerOnly(address) {
  const host = address.slice(0, address.lastIndexOf(":")).replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** Where the service listens: ``address`` as it is when it already lets the network in (or
 * not, as asked), else every interface or this computer only, on the same port. */
function listenOn(address, network) {
  if (onThisComputerOnly(address) !== network) return address;
  const port = address.slice(address.lastIndexOf(":") + 1);
  return `${network ? "0.0.0.0" : "127.0.0.1"}:${port}`;
}

/** The spaceboard's panels and suits are asked for only when the chosen shape is the
 * spaceboard (a flat board has neither). */
function showLayout() {
  const shape = $("set-geometry")?.value;
  for (const name of SPACEBOARD_ONLY) {
    const field = document.querySelector(`[data-setting="${name}"]`);
    if (field) field.hidden = shape !== "flix";
  }
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
  buildForm(state.schema);
  for (const spec of state.schema) {
    bound(spec);
    showValue(spec, settings[spec.table]);
  }
  showLayout();
  words();
}

/** Only the settings that differ from those loaded (the password only when one is typed). */
function changed() {
  const now = formValues();
  const changes = {};
  for (const [table, keys] of Object.entries(now)) {
    for (const [key, value] of Object.entries(keys)) {
      const secret = state.schema.some((spec) => nameOf(spec) === `${table}.${key}` && spec.secret);
      if (secret ? value === "" : same(value, state.settings[table][key])) continue;
      (changes[table] ??= {})[key] = value;
    }
  }
  return changes;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A setting's name as the page shows it (its key when the page has no field for it). */
function named(key) {
  const spec = state.schema.find((declared) => nameOf(declared) === key);
  return spec?.page ? t(spec.label) : key;
}

/** A note under each field the command line sets: a choice there is written to the file, but
 * the service keeps the command line's while it is started so. */
function showHeld(held) {
  for (const note of document.querySelectorAll(".held")) note.remove();
  for (const [key, option] of Object.entries(held)) {
    const spec = state.schema.find((declared) => nameOf(declared) === key);
    if (!spec?.page) continue;
    const id = fieldId(spec);
    const note = document.createElement("p");
    note.id = `${id}-held`;
    note.className = "help held";
    note.textContent = t(
      "Set by the service's command line ({option}): a choice here is saved in the file and used once the service starts without it.",
      { option },
    );
    ($(id).closest("label") ?? $(id)).after(note);
  }
}

function show(answer) {
  state.settings = answer.settings;
  state.schema = answer.schema;
  fill(answer.settings);
  $("first-run").hidden = !answer.first_run;
  const { backend, geometry } = answer.board;
  $("board-kind").textContent = `${nameOfValue("board.backend", backend)}, ${nameOfValue("board.geometry", geometry)}`;
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
    ? t("Saved, and in use after a restart: {settings}.", { settings: waiting.map(named).join(", ") })
    : "";
  showHeld(answer.held);
  $("start-notice").textContent = answer.notice;
  $("start-notice").hidden = !answer.notice;
  showVoice();
  showToken();
  document.body.dataset.drawn = "";
}

/** Say the page in its own language, else the board's. */
async function speak(settings) {
  await useLanguage(chosenLanguage(settings.board.language));
}

/** What the board's voice does now (``GET /api/voice``), beside the choice of when it speaks;
 * kept to be said again in another language. */
function showVoice(voice = state.voice) {
  state.voice = voice;
  if (!voice) return;
  $("voice-now").textContent = !voice.speaks
    ? t("Now: the board is silent (set to Never, or it has no speaker or speech engine).")
    : voice.muted
      ? t("Now: the board is muted.")
      : t("Now: the board speaks with {engine}.", { engine: voice.engine });
}

/** The settings and the token's card are shown only once read (no empty form to fill in
 * vain); else the token is offered again. */
function readable(read) {
  $("settings-form").hidden = !read;
  $("phone-card").hidden = !read;
  $("retry-row").hidden = read;
}

async function load() {
  await useLanguage(chosenLanguage()); // this page's own, before the token is asked for
  try {
    const answer = await api.get("/api/settings");
    await speak(answer.settings);
    show(answer);
    showVoice(await api.get("/api/voice"));
    readable(true);
    say("");
  } catch (error) {
    document.body.dataset.drawn = "";
    readable(false);
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
    const kept = Object.entries(changes)
      .flatMap(([table, keys]) => Object.keys(keys).map((key) => `${table}.${key}`))
      .filter((key) => key in answer.held)
      .map((key) => `${named(key)} (${answer.held[key]})`);
    if (kept.length) {
      say(t("Saved, but the service's command line keeps its own: {settings}.", { settings: kept.join(", ") }));
    } else {
      say(waiting ? t("Saved. Some settings need a restart (below).") : t("Saved and in use."));
    }
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
  $("pico-again").hidden = status.running || status.outcome !== "failed";
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
  say("");
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

$("settings-form").addEventListener("submit", save);
$("settings-form").addEventListener("input", () => say("")); // the last Save's note is stale
$("settings-form").addEventListener("change", showLayout); // the shape chosen
$("restart").addEventListener("click", restart);
$("retry").addEventListener("click", load);
$("new-token").addEventListener("click", newToken);
$("show-token").addEventListener("click", toggleToken);
$("pico-update").addEventListener("click", updatePico);
load();
