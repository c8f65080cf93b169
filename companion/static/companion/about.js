// The About you page with JavaScript: a form's change goes to the API rather than reloading
// the page, then the sections are refreshed from the server, which renders them the same way
// with or without JavaScript.
//
// 1. A form with data-api sends PATCH {<data-key>: value} (or {<data-key>: ""} to forget a
//    profile field); a forget form without data-key sends DELETE to its item's address.
// 2. On success the sections are fetched again and swapped in, focus goes to the heading of
//    the section that changed (its form is gone), and the status line says what happened.
//    On failure the form shows the server's message and keeps what was typed.
// Forms without data-api (and every form when this script does not run) post as usual.

const status = document.getElementById("about-status");
const SAVED = "Saved. Eliza will go by this from now on.";
const FORGOTTEN = "Eliza has forgotten it and will not use it again.";
const FAILED = "Delight could not be reached; nothing was changed. Try again in a moment.";

function request(form) {
  const forget = "forget" in form.dataset;
  const key = form.dataset.key;
  if (!key) return { method: "DELETE", body: undefined, forget };
  const input = form.querySelector("[name=value], [name=content]");
  const value = forget ? "" : input.value;
  return { method: "PATCH", body: JSON.stringify({ [key]: value }), forget };
}

async function refresh() {
  const response = await fetch(window.location.pathname, { credentials: "same-origin" });
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.getElementById("about");
  if (fresh) document.getElementById("about").replaceWith(fresh);
}

function showError(form, message) {
  const line = form.querySelector(".error");
  line.textContent = message;
  line.hidden = false;
}

document.addEventListener("submit", async (event) => {
  const form = event.target.closest("form[data-api]");
  if (!form) return;
  event.preventDefault();
  const button = form.querySelector("button[type=submit]");
  const { method, body, forget } = request(form);
  const sectionId = form.closest("section").id;
  button.disabled = true;
  try {
    const response = await fetch(form.dataset.api, {
      method,
      body,
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        "X-CSRFToken": form.querySelector("input[name=csrfmiddlewaretoken]").value,
      },
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      showError(form, data.detail || FAILED);
      return;
    }
    await refresh();
    document.querySelector(`#${sectionId} h2`)?.focus();
    status.textContent = forget ? FORGOTTEN : SAVED;
  } catch {
    showError(form, FAILED);
  } finally {
    button.disabled = false;
  }
});
