// Qubic's proof viewer: what the proof that the first player wins says from the position on the
// board (GET /api/proof): who wins in how many placements, the hole that does it, and the other
// side's replies that hold out longest.

import { registerPanel, registerStyle } from "./registry.js";
import { teamsOf } from "./words.js";
import { N_, onLanguage, t, translatePage } from "./i18n.js";

await registerStyle(new URL("./qubic.css", import.meta.url)); // before the card draws

const WORDS = {
  title: N_("The proof"),
  about: N_(
    "3-D Tic Tac Toe is a win for the side that places first: the board holds a proof of it. " +
      "From the position on the board:",
  ),
  asking: N_("Looking it up…"),
  toMove: N_("{team} wins in {plies} placements (both sides counted), starting with {hole}."),
  whatever: N_("{team} wins in {plies} placements (both sides counted), whatever {other} places."),
  longest: N_("The replies that hold out longest:"),
  reply: N_("{hole}: {team} wins in {plies}"),
  left: N_("This position has left the proof: the side that placed first played elsewhere."),
  over: N_("The game is over."),
  sides: N_("The proof is of a game of two sides: it says nothing of three."),
  failed: N_("The proof could not be read: {why}"),
};

function item(text) {
  const entry = document.createElement("li");
  entry.textContent = text;
  return entry;
}

registerPanel({
  id: "proof",
  title: WORDS.title,
  mount(section, { api }) {
    section.querySelector("h2").dataset.t = WORDS.title;
    const about = Object.assign(document.createElement("p"), { textContent: WORDS.about });
    about.dataset.t = WORDS.about;
    const line = Object.assign(document.createElement("p"), { id: "proof-line" });
    line.setAttribute("aria-live", "polite");
    const longest = Object.assign(document.createElement("p"), { id: "proof-longest" });
    const replies = Object.assign(document.createElement("ul"), { id: "proof-replies" });
    section.append(about, line, longest, replies);
    translatePage(section);
    let view = null;
    let asked = "";
    let answer = null; // the last answer, or {error}

    function draw() {
      replies.replaceChildren();
      longest.textContent = "";
      if (!view) return;
      if (view.phase === "game_over") {
        line.textContent = t(WORDS.over);
        return;
      }
      if (teamsOf(view).length !== 2) {
        line.textContent = t(WORDS.sides);
        return;
      }
      if (!answer) {
        line.textContent = t(WORDS.asking);
        return;
      }
      if (answer.error) {
        line.textContent = t(WORDS.failed, { why: answer.error });
        return;
      }
      const says = answer.says;
      if (!says) {
        line.textContent = t(WORDS.left);
        return;
      }
      const teams = teamsOf(view);
      const team = teams[says.team]?.name ?? "";
      const other = teams[1 - says.team]?.name ?? "";
      if (says.move) {
        line.textContent = t(WORDS.toMove, { team, plies: says.plies, hole: says.move });
        return;
      }
      line.textContent = t(WORDS.whatever, { team, plies: says.plies, other });
      longest.textContent = t(WORDS.longest);
      for (const reply of says.replies) {
        replies.append(item(t(WORDS.reply, { hole: reply.hole, team, plies: reply.plies })));
      }
    }

    async function ask(key) {
      try {
        const found = await api.get("/api/proof");
        if (key === asked) answer = found;
      } catch (error) {
        if (key === asked) answer = { error: error.message };
      }
      if (key !== asked) return;
      section.removeAttribute("aria-busy");
      draw();
    }

    onLanguage(draw);
    return {
      show(shown) {
        view = shown;
        section.hidden = shown.variant !== "qubic";
        if (section.hidden) return;
        const key = JSON.stringify([shown.game_id, shown.board, shown.to_move, shown.phase]);
        if (key !== asked) {
          asked = key; // the last answer stays until the new one comes (no flicker)
          section.setAttribute("aria-busy", "true");
          ask(key);
        }
        draw();
      },
    };
  },
});
