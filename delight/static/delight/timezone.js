// The timezone picker (onboarding's clock step, Settings): the browser's timezone
// pre-selected (until the person chose one; an old name the browser reports is read as its
// place's zone) and a search box that narrows the long list of zones. Without JavaScript the plain
// grouped <select> still works; the search box stays hidden.

const picker = document.querySelector("[data-timezone-picker]");
const select = picker && picker.querySelector("select");

function words(text) {
  return text.toLowerCase().replace(/[_/]+/g, " ").replace(/\s+/g, " ").trim();
}

function describe(option) {
  return option.textContent.replace(/\s*\(.*\)$/, "");
}

if (picker && select) {
  const box = picker.querySelector(".timezone-search");
  const search = picker.querySelector("#timezone-search");
  const found = picker.querySelector("#timezone-found");
  const options = Array.from(select.options);
  box.hidden = false;

  if (picker.hasAttribute("data-detect")) {
    const reported = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const zone = JSON.parse(select.dataset.aliases || "{}")[reported] || reported;
    const option = zone && options.find((candidate) => candidate.value === zone);
    if (option) {
      select.value = zone;
      found.textContent = `We found ${zone} from your browser.`;
    }
  }

  search.addEventListener("input", () => {
    const query = words(search.value);
    let first = null;
    let count = 0;
    for (const option of options) {
      const match = !query || words(`${option.value} ${option.textContent}`).includes(query);
      option.hidden = !match;
      if (match) {
        count += 1;
        first = first || option;
      }
    }
    for (const group of select.querySelectorAll("optgroup")) {
      group.hidden = !Array.from(group.children).some((option) => !option.hidden);
    }
    if (!query) {
      found.textContent = "";
    } else if (!first) {
      found.textContent = `No timezone matches “${search.value.trim()}”. Try a nearby big city.`;
    } else {
      if (select.selectedOptions[0]?.hidden !== false) select.value = first.value;
      const chosen = describe(select.selectedOptions[0]);
      found.textContent = count === 1 ? `Selected ${chosen}.` : `${count} matches; selected ${chosen}.`;
    }
  });
}
