"""The design system's icons: the strokes inside each 24x24 `<svg>`, kept as data in
icons.txt, and the `<svg>` that draws one. <c-icon> draws through `icon_svg`, and so does
`{% icon %}`, its fast form for the bars on every page (a component's machinery costs a
few tenths of a millisecond a use: the top and tab bars' twenty icons were a fifth of a
page's time)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

UNKNOWN = '<circle cx="12" cy="12" r="8"/>'  # a name not drawn yet still shows a mark
_SVG = (
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"'
    ' stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"'
    "{}{}>{}</svg>"
)


def _read(path: Path) -> dict[str, SafeString]:
    """Our own markup (never a person's words): safe to draw as it is."""
    rows = (line.split("\t", 1) for line in path.read_text().splitlines())
    return {row[0]: mark_safe(row[1]) for row in rows if len(row) == 2}


ICON_PATHS = _read(Path(__file__).with_name("icons.txt"))


def icon_paths(name: str) -> SafeString:
    """The strokes of the icon called `name` (a plain circle for a name not drawn)."""
    return ICON_PATHS.get(name) or mark_safe(UNKNOWN)


@lru_cache(maxsize=512)  # names, sizes and attributes are our templates' own: a few dozen
def _svg(name: str, size: str, attrs: str) -> SafeString:
    sized = format_html(' width="{}" height="{}"', size, size) if size else ""
    extra = mark_safe(f" {attrs}") if attrs else ""  # cotton's attrs: escaped already
    return format_html(_SVG, sized, extra, icon_paths(name))


def icon_svg(name: str, size: object = "", attrs: object = "") -> SafeString:
    """The icon `name` as an `<svg>` (decorative: the text beside it names the action), `size`
    pixels square when given, with the component's other attributes (cotton's `attrs`, empty
    when it was given none); drawn once a process for each."""
    return _svg(name, str(size), str(attrs).strip())
