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
  await startLanguage(state.info.language);
  redraw();
  for (const watch of infoWatchers) watch(state.info);
}
