// The link to the settings page (under the New-game form) asks to set the board up while it is
// not (GET /api/setup: no configuration file, or no token kept across restarts).

import { $ } from "./store.js";
import { t } from "./i18n.js";

export async function showSetupLink() {
  try {
    const response = await fetch("/api/setup", { cache: "no-store" });
    if (!response.ok || !(await response.json()).first_run) return;
  } catch {
    return; // the link stays as it is
  }
  const link = $("settings-link");
  link.textContent = t("Set up this board");
  link.dataset.firstRun = "";
}
