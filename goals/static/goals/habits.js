// The new-habit form shows only the numbers its schedule needs (without JavaScript every
// field shows, each saying which schedule it is for).
const form = document.querySelector("[data-habit-form]");
const schedule = form && form.querySelector("[name=schedule]");
const NEEDS = { weekly: "times_per_week", weekdays: "weekdays", every: "every_days" };

function show() {
  for (const [kind, name] of Object.entries(NEEDS)) {
    const field = form.querySelector(`[name=${name}]`)?.closest(".field");
    if (field) field.hidden = schedule.value !== kind;
  }
}

if (schedule) {
  schedule.addEventListener("change", show);
  show();
}
