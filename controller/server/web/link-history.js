// The remote link's history in one line a player reads at a glance (docs/REMOTE.md, the link's
// history): the round trip to the broker now and its p95 (on a guest, a move's round trip to the
// other board too), how many drops and the longest, and the last one: whose (this board's
// broker connection, or the other board) and how long; under it, each drop kept (the latest 20).

import { pageLanguage, t } from "./i18n.js";
import { $ } from "./store.js";

/** ``seconds`` as a length a person reads: 12 s, 4 min 12 s, 1 h 5 min. */
export function length(seconds) {
  const whole = Math.round(seconds);
  if (whole < 60) return t("{seconds} s", { seconds: whole });
  if (whole < 3600) {
    return t("{minutes} min {seconds} s", { minutes: Math.floor(whole / 60), seconds: whole % 60 });
  }
  return t("{hours} h {minutes} min", { hours: Math.floor(whole / 3600), minutes: Math.floor(whole / 60) % 60 });
}

/** Whose drop, in words. */
function whose(drop) {
  return drop.side === "peer" ? t("the other board") : t("this board's broker connection");
}

/** The line of ``history`` (a link's ``history``, absent from an older service: no line). */
export function historyLine(history) {
  if (!history) return "";
  const parts = [
    history.rtt_ms === null
      ? t("Link: no round trip measured yet")
      : t("Link: {ms} ms (p95 {p95} ms)", { ms: Math.round(history.rtt_ms), p95: Math.round(history.rtt_p95_ms) }),
  ];
  if (history.move_rtt_ms !== null && history.move_rtt_ms !== undefined) {
    parts.push(t("a move {ms} ms (p95 {p95} ms)", { ms: Math.round(history.move_rtt_ms), p95: Math.round(history.move_rtt_p95_ms) }));
  }
  if (history.drop_count === 0) {
    parts.push(t("no drops"));
  } else {
    parts.push(t("drops: {count}, longest {length}", { count: history.drop_count, length: length(history.longest_s) }));
    const last = history.drops[history.drops.length - 1];
    parts.push(last.ongoing
      ? t("{who} dropped {length} ago", { who: whose(last), length: length(last.lasted_s) })
      : t("last: {who}, {length}", { who: whose(last), length: length(last.lasted_s) }));
  }
  return parts.join(" · ");
}

/** One drop in words: when it began (the page's clock), whose, how long. */
export function dropLine(drop) {
  const at = new Date(drop.at * 1000).toLocaleTimeString(pageLanguage());
  return drop.ongoing
    ? t("{at}: {who}, {length} so far", { at, who: whose(drop), length: length(drop.lasted_s) })
    : t("{at}: {who}, {length}", { at, who: whose(drop), length: length(drop.lasted_s) });
}

/** Show the history of ``link`` under the link's state, and each drop kept in a list. */
export function showHistory(link) {
  const element = $("remote-history");
  element.textContent = historyLine(link.history);
  element.dataset.drops = String(link.history?.drop_count ?? 0);
  const drops = link.history?.drops ?? [];
  $("remote-drops").hidden = drops.length === 0;
  $("remote-drops-list").replaceChildren(...drops.map((drop) => {
    const item = document.createElement("li");
    item.textContent = dropLine(drop);
    return item;
  }));
}
