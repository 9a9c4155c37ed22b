// The registered panels (registry.js), each a card under the board, shown with every state.

import { api, command, say } from "./orders.js";
import { registeredPanels } from "./registry.js";
import { $, onDraw, state } from "./store.js";

/** Give each registered panel its card, once, after the page's own cards. */
export function mountPanels() {
  const context = { api, command, say, state };
  for (const panel of registeredPanels()) {
    const section = document.createElement("section");
    section.className = "card panel-card";
    section.id = panel.id;
    const title = document.createElement("h2");
    title.id = `${panel.id}-title`;
    title.textContent = panel.title;
    section.setAttribute("aria-labelledby", title.id);
    section.append(title);
    $("panels").append(section);
    const mounted = panel.mount(section, context);
    if (mounted?.show) state.panels.push(mounted);
  }
}

onDraw((view) => {
  for (const panel of state.panels) panel.show(view);
});
