// Ground Four's page module: a card that counts the ground floor's filled holes.

import { registerPanel, registerStyle } from "./registry.js";

await registerStyle(new URL("./groundfour.css", import.meta.url)); // its package's own sheet

registerPanel({
  id: "groundfour",
  title: "Ground floor",
  mount(section) {
    const text = document.createElement("p");
    text.id = "groundfour-filled";
    section.append(text);
    return {
      show(view) {
        section.hidden = view.variant !== "groundfour";
        const filled = Object.keys(view.board ?? {}).filter((hole) => hole.includes("-I-"));
        text.textContent = `${filled.length} of 16 filled`;
      },
    };
  },
});
