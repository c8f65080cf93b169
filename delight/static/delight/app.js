// What every page shares: the theme switch, menus, dialogs, toasts and live updates.
import { start as startLive } from "./live.js";

const TOAST_MS = 6000;

// Theme: the choice is kept on this device; base.html applies it before the first paint.
for (const button of document.querySelectorAll("[data-theme-toggle]")) {
  button.addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    try { localStorage.setItem("delight-theme", next); } catch (error) { /* private mode */ }
  });
}

// Menus (<details data-menu>) close on a click elsewhere or on Escape.
document.addEventListener("click", (event) => {
  for (const menu of document.querySelectorAll("details[data-menu][open]")) {
    if (!menu.contains(event.target)) menu.open = false;
  }
});
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const menu of document.querySelectorAll("details[data-menu][open]")) {
    menu.open = false;
    menu.querySelector("summary").focus();
  }
});

// Dialogs: a button with data-dialog-open="<id>" opens <dialog id>; data-dialog-close closes.
document.addEventListener("click", (event) => {
  const opener = event.target.closest("[data-dialog-open]");
  if (opener) {
    document.getElementById(opener.dataset.dialogOpen)?.showModal();
    event.preventDefault();
  }
  const closer = event.target.closest("[data-dialog-close]");
  if (closer) closer.closest("dialog")?.close();
});

// Toasts: messages from the server arrive in #toasts; pages add their own with toast().
function dismissLater(item) {
  if (item.querySelector("a, button")) return; // a toast with an action stays until used
  setTimeout(() => item.remove(), TOAST_MS);
}

export function toast(text, { tone = "", action = null } = {}) {
  const list = document.getElementById("toasts");
  const item = document.createElement("div");
  item.className = `toast ${tone}`;
  item.dataset.toast = "";
  const paragraph = document.createElement("p");
  paragraph.textContent = text;
  item.append(paragraph);
  if (action) item.append(action);
  list.append(item);
  dismissLater(item);
  return item;
}
window.delightToast = toast;
document.querySelectorAll("[data-toast]").forEach(dismissLater);

// Live updates for a signed-in person (body[data-live] names the socket's path).
if (document.body.dataset.live) startLive(document.body.dataset.live);
