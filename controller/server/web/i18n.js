// The page's language: the board's (GET /api/info) until this page chooses its own, which the
// browser remembers. Its messages come from the server's catalog (GET /api/words?lang=), by
// their English ids: t("{by} resigned.", { by }) says a message in the page's language.

const CHOSEN = "flixboard.language";
const catalog = { lang: "en", messages: {}, wanted: "en" };
const watchers = [];

/** The message ``id`` in the page's language, its ``{placeholders}`` filled from ``args``. */
export function t(id, args = {}) {
  const text = catalog.messages[id] || id;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in args ? String(args[key]) : whole));
}

/** Mark ``id`` for the catalog where it waits in a table; t() says it later. */
export function N_(id) {
  return id;
}

/** A message the server sent as ``{id, args}``: its values that are messages (a board's words,
 * or the rules' words nested as ``{id, args}``) are translated too. */
export function tSaid(said) {
  const say = (value) => (value && typeof value === "object" ? tSaid(value) : t(String(value)));
  const args = Object.fromEntries(Object.entries(said.args ?? {}).map(([k, v]) => [k, say(v)]));
  return t(said.id, args);
}

export function pageLanguage() {
  return catalog.lang;
}

/** The language this page chose, else the board's. */
export function chosenLanguage(boardLanguage) {
  try {
    return localStorage.getItem(CHOSEN) || boardLanguage || "en";
  } catch {
    return boardLanguage || "en";
  }
}

/** Whether this page chose its own language. */
export function hasChosen() {
  try {
    return Boolean(localStorage.getItem(CHOSEN));
  } catch {
    return false;
  }
}

/** Remember (or forget, with null) this page's own language. */
export function rememberLanguage(lang) {
  try {
    if (lang) localStorage.setItem(CHOSEN, lang);
    else localStorage.removeItem(CHOSEN);
  } catch {
    // a browser that keeps nothing: the choice lasts until the page is closed
  }
}

/** watch(lang) runs each time the page's language changes. */
export function onLanguage(watch) {
  watchers.push(watch);
}

/** Say the page in ``lang``: read its catalog, then the static words and every watcher. */
export async function useLanguage(lang) {
  if (lang === catalog.wanted) return;
  catalog.wanted = lang;
  let messages = {};
  if (lang !== "en") {
    const answer = await fetch(`/api/words?lang=${encodeURIComponent(lang)}`);
    if (!answer.ok || catalog.wanted !== lang) return;
    messages = (await answer.json()).messages ?? {};
  }
  if (catalog.wanted !== lang) return;
  catalog.lang = lang;
  catalog.messages = messages;
  translatePage();
  for (const watch of watchers) watch(lang);
}

/** The page's fixed words, marked ``data-t`` (their English text is the message id), and the
 * names of elements built once, marked ``data-t-label`` (the message id of their aria-label). */
export function translatePage(root = document) {
  document.documentElement.lang = catalog.lang;
  for (const element of root.querySelectorAll("[data-t]")) {
    if (!element.dataset.t) element.dataset.t = element.textContent.trim().replace(/\s+/g, " ");
    element.textContent = t(element.dataset.t);
  }
  for (const element of root.querySelectorAll("[data-t-label]")) {
    element.setAttribute("aria-label", t(element.dataset.tLabel));
  }
}

/** Name ``element`` (its aria-label) with the message ``id``, said again in each language. */
export function nameWith(element, id) {
  element.dataset.tLabel = id;
  element.setAttribute("aria-label", t(id));
}
