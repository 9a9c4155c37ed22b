// What happened: the public events in words, oldest first and scrolled to the newest (a new
// entry moves none before it); new events are announced.

import { onLanguage } from "./i18n.js";
import { loadInfo } from "./info.js";
import { $, announce, onDraw, state } from "./store.js";
import { describeEvent, quietEvent } from "./words.js";

const KEPT = 100;

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

function draw(view) {
  const events = (view.events ?? []).filter((event) => !event.secret);
  const log = $("log");
  const fresh = newEvents(state.logged, events);
  const first = state.logged.length === 0;
  for (const event of fresh) {
    if (event.type === "game_started" && !first) loadInfo();
    if (quietEvent(event)) continue;
    const item = document.createElement("li");
    item.dataset.type = event.type;
    item.textContent = describeEvent(event, view);
    log.append(item);
  }
  while (log.children.length > KEPT) log.firstElementChild.remove();
  if (fresh.length) log.scrollTop = log.scrollHeight;
  state.logged = events;
  if (!first && fresh.length) announce(fresh, view);
}

onDraw(draw);
// Another language: the log is written again from the events the state keeps.
onLanguage(() => {
  $("log").replaceChildren();
  state.logged = [];
});
