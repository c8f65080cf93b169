// The unread count on every page: each `notification` event from ws/world/ (live.js) carries
// the count read afresh on the server, so the bell and the More tab show it as it is now.
const show = (count) => {
  for (const badge of document.querySelectorAll("[data-unread-badge]")) {
    badge.hidden = count === 0;
    const number = badge.querySelector("[data-unread-count]");
    if (number) number.textContent = String(count);
  }
  for (const bell of document.querySelectorAll("[data-bell]")) {
    bell.setAttribute("aria-label", count ? `Notifications, ${count} unread` : "Notifications");
  }
};

document.addEventListener("live:event", (event) => {
  if (event.detail && event.detail.type === "notification") show(event.detail.unread_count);
});
