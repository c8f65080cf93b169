// Live zone states for /world/ pages, on the app's one live connection (delight/live.js).
//
// 1. Apply `world.snapshot` (every zone) and `zone.update` (one zone) to the elements
//    with data-zone="<slug>" (data-state becomes "open" or "closed").
// 2. While the connection is down, poll GET /api/world/zones/ every 30 s.

const POLL_EVERY_MS = 30000;

const status = document.getElementById("world-live");
let pollTimer = null;

function setStatus(state, text) {
  if (!status) return;
  status.dataset.live = state;
  status.textContent = text;
}

function applyZone(zone) {
  for (const card of document.querySelectorAll(`[data-zone="${CSS.escape(zone.slug)}"]`)) {
    card.dataset.state = zone.state;
    card.querySelector('[data-role="state"]').textContent = zone.is_open ? "Open" : "Closed";
    card.querySelector('[data-role="reason"]').textContent = zone.reason;
    const next = card.querySelector('[data-role="next"]');
    const label = zone.next_change_label || "";
    next.textContent = label.charAt(0).toUpperCase() + label.slice(1);
    next.hidden = !label;
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

document.addEventListener("live:status", ({ detail }) => {
  if (detail.state === "live") {
    clearInterval(pollTimer);
    pollTimer = null;
    setStatus("live", "Live");
  } else {
    setStatus("offline", "Reconnecting…");
    if (pollTimer === null) pollTimer = setInterval(poll, POLL_EVERY_MS);
  }
});
