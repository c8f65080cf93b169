// Live zone states for /world/ pages, on the app's one live connection (delight/live.js).
//
// 1. Each zone card has data-live-on, so delight/live.js re-fetches it on `zone.update` (its
//    picture, state and next change come back from the server). Here, `world.snapshot` and
//    `zone.update` also set the card's data-state and words at once.
// 2. The countdown to each zone's next change ("Opens in 2 h 15 min") is redrawn every
//    minute; once it is due, the cards are fetched again.
// 3. While the connection is down, poll GET /api/world/zones/ every 30 s.
// 4. The status line says "Updates live" (a dot) or "Reconnecting…".

import { refreshSoon } from "../delight/live.js";

const POLL_EVERY_MS = 30000;
const TICK_MS = 60000;

const status = document.getElementById("world-live");
let pollTimer = null;

function setStatus(state, text) {
  if (!status) return;
  status.dataset.live = state;
  status.querySelector('[data-role="live-text"]').textContent = text;
}

// "in 2 h 15 min", "in 5 min", "in a moment"; "" when it is past.
function until(iso, now) {
  const minutes = Math.ceil((new Date(iso) - now) / 60000);
  if (Number.isNaN(minutes) || minutes < 0) return "";
  if (minutes <= 1) return "in a moment";
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return "";
  const rest = minutes % 60;
  if (!hours) return `in ${rest} min`;
  return rest ? `in ${hours} h ${rest} min` : `in ${hours} h`;
}

function tick() {
  const now = new Date();
  for (const node of document.querySelectorAll("[data-countdown]")) {
    const text = until(node.dataset.countdown, now);
    node.textContent = text;
    if (!text && new Date(node.dataset.countdown) <= now) refreshSoon(node.closest("[data-zone]"));
  }
}

// The words change at once; the card's picture and countdown come with its refresh.
function applyZone(zone) {
  const next = zone.next_change_label || zone.reason;
  for (const card of document.querySelectorAll(`[data-zone="${CSS.escape(zone.slug)}"]`)) {
    if (card.dataset.state === zone.state) continue;
    card.dataset.state = zone.state;
    const chip = card.querySelector('[data-role="state"] .chip');
    chip.className = zone.is_open ? "chip chip-ok" : "chip";
    chip.lastChild.textContent = zone.is_open ? "Open now" : "Closed";
    card.querySelector('[data-role="next"]').textContent =
      next.charAt(0).toUpperCase() + next.slice(1);
  }
}

function applySnapshot(snapshot) {
  snapshot.zones.forEach(applyZone);
}

async function poll() {
  try {
    const response = await fetch("/api/world/zones/", { credentials: "same-origin" });
    if (response.ok) applySnapshot(await response.json());
  } catch (error) {
    // offline: the next poll or reconnect catches up
  }
}

document.addEventListener("live:event", ({ detail: event }) => {
  if (event.type === "world.snapshot") applySnapshot(event);
  else if (event.type === "zone.update") applyZone(event.zone);
});
document.addEventListener("live:refreshed", tick); // a refreshed card brings a new countdown

document.addEventListener("live:status", ({ detail }) => {
  if (detail.state === "live") {
    clearInterval(pollTimer);
    pollTimer = null;
    setStatus("live", "Updates live");
  } else {
    setStatus("offline", "Reconnecting…");
    if (pollTimer === null) pollTimer = setInterval(poll, POLL_EVERY_MS);
  }
});

tick();
setInterval(tick, TICK_MS);
