// Delight's service worker: shows Eliza's notes that arrive by Web Push, and opens the page a
// note leads to when it is clicked. Served at /sw.js (nudges.push_views), which writes in the
// icon's address.
const ICON = "__DELIGHT_ICON_URL__";

// The payload is nudges.channels.push.push_payload: {title, body, url, tag}.
self.addEventListener("push", (event) => {
  let note = {};
  try {
    note = event.data ? event.data.json() : {};
  } catch (error) {
    note = { body: event.data.text() };
  }
  const url = new URL(note.url || "/", self.location.origin);
  const shown = self.registration.showNotification(note.title || "A note from Eliza", {
    body: note.body || "",
    icon: ICON,
    badge: ICON,
    tag: note.tag || undefined,
    data: { url: url.origin === self.location.origin ? url.href : self.location.origin + "/" },
  });
  event.waitUntil(shown);
});

// A click focuses a Delight tab already on that page, or opens one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url || self.location.origin + "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((tab) => tab.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
