// The board's settings (GET /api/info): layout, simulated or not, variants, names.

import { startLanguage } from "./language.js";
import { api, say } from "./orders.js";
import { redraw, state } from "./store.js";
import { t } from "./i18n.js";

const infoWatchers = [];

/** watch(info) runs each time the settings are read. */
export function onInfo(watch) {
  infoWatchers.push(watch);
}

export async function loadInfo() {
  try {
    state.info = await api.getInfo();
  } catch (error) {
    say(t("Cannot read the board's settings: {reason}", { reason: error.message }), "error");
    return;
  }
  await Promise.all([startLanguage(state.info.language), loadGameModules(state.info.games)]);
  redraw();
  for (const watch of infoWatchers) watch(state.info);
}

/** Import each installed game's page module: each registers its views and panels. */
async function loadGameModules(games) {
  const pages = Object.values(games ?? {}).flatMap((game) => (game.page ? [game.page] : []));
  const failed = (await Promise.allSettled(pages.map((page) => import(page)))).filter((result) => result.status === "rejected");
  for (const result of failed) say(t("A game's page module does not load: {reason}", { reason: result.reason?.message }), "error");
}
