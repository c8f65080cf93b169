// Today: the day just finished gets its confetti (once, right after the last mission).
import { confetti } from "./celebrate.js";

const finished = document.getElementById("day-finished");
if (finished && finished.dataset.justFinished) confetti();
