// The registered panels (registry.js), each a card under the board (before the history), shown
// with every state.
// A panel registered at any time gets its card with the next state.

import { api, command, say } from "./orders.js";
import { registeredPanels } from "./registry.js";
import { $, onDraw, state } from "./store.js";

/** Give a panel its card after the page's own cards, before the history (which grows at the
 * page's foot as games are kept: nothing under it to move); what it shows with each state. */
function mountPanel(panel) {
  const section = document.createElement("section");
  section.className = "card panel-card";
  section.id = panel.id;
  const title = document.createElement("h2");
  title.id = `${panel.id}-title`;
  title.textContent = panel.title;
  section.setAttribute("aria-labelledby", title.id);
  section.append(title);
  $("panels").insertBefore(section, $("history"));
  const mounted = panel.mount(section, { api, command, say, state });
  return { panel, show: mounted?.show ?? null };
}

onDraw((view) => {
  const mounted = state.panels;
  for (const panel of registeredPanels()) {
    if (!mounted.some((entry) => entry.panel === panel)) mounted.push(mountPanel(panel));
  }
  for (const entry of mounted) entry.show?.(view);
});
