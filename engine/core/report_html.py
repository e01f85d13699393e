"""The simulation report as one self-contained HTML page with inline SVG charts.

Playtest reports get mailed around, attached to pull requests and opened years later, so the
page carries everything it needs: no scripts, no web fonts, no CDN, no external images. The
charts are hand-built SVG, each one styled by its own attributes (no page CSS needed), so
the editor's Simulate dialog can draw the very same charts with Qt's SVG renderer.

Pure string building from the JSON report of :mod:`questforge.engine.core.simulation`
(the page shows exactly what the JSON says, nothing recomputed), so it is engine layer and
testable without a browser (``tests/sim/test_report_browser.py`` also opens it in headless
Chromium). The generic parts are drawn here for every ruleset:

- the win rate with its interval on the verdict bands, in designer words;
- with two versions (``simulate A B``, the dialog's "Compare with last saved version"),
  the difference per setup and whether it is significant;
- the rounds to finish split by outcome and the per-round curves (mean and the middle half
  of the games), as small multiples with **shared axes** across setups and versions;
- the closest losses with their seeds and the command that replays each.

Each setup's ruleset-specific sections come from the ruleset's ``GameFace.report_html``;
while they are drawn, :func:`peer_setups` lists every setup on the page so a ruleset can
share its axes too (:func:`shared_max`).
"""

from __future__ import annotations

import contextvars
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any

from questforge.engine.core.report_words import (
    CORE_WORDS,
    significance_words,
    thresholds_words,
    word,
)

_VERDICT_COLOURS = {"too hard": "#c0392b", "fair": "#27864a", "too easy": "#b7791f"}
_OUTCOME_COLOURS = {
    "won": "#27864a",
    "lost": "#c0392b",
    "unfinished": "#9a9a9a",
    "finished": "#4a78b5",
}
#: attributes every chart's root carries, so it reads the same outside this page's CSS
_SVG_FONT = 'font-family="DejaVu Sans, Verdana, sans-serif" font-size="12" fill="#333"'

_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem auto;max-width:76rem;
color:#222;padding:0 1rem;line-height:1.4}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.25rem;margin-top:2.2rem;
border-bottom:1px solid #ddd;padding-bottom:.2rem}h3{font-size:1rem;margin:1.2rem 0 .4rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{padding:.25rem .6rem;border-bottom:1px solid #eee;
text-align:right}th:first-child,td:first-child{text-align:left}th{background:#f6f6f6}
table.multiples td,table.multiples th{text-align:left;vertical-align:top;border:none;padding:.2rem .5rem}
.verdict{font-weight:600;padding:.1rem .5rem;border-radius:.3rem;color:#fff}
.muted{color:#777;font-size:.9rem}.grid{display:flex;flex-wrap:wrap;gap:1.5rem}
.grid>div{flex:1 1 30rem}svg{max-width:100%;height:auto}
code{font-size:.85rem;background:#f4f4f4;padding:.05rem .25rem}
table.text td,table.text th{text-align:left}
"""

#: the setups of the page being drawn (every version), for rulesets' shared axes
_PEERS: contextvars.ContextVar[tuple[Mapping[str, Any], ...]] = contextvars.ContextVar(
    "report_peers", default=()
)


def peer_setups() -> tuple[Mapping[str, Any], ...]:
    """Every setup report on the page being rendered (empty outside :func:`render_html`):
    a ruleset's ``report_html`` uses it to put all setups on the same axes."""
    return _PEERS.get()


def shared_max(value: Callable[[Mapping[str, Any]], float], fallback: float = 0.0) -> float:
    """The largest ``value(setup)`` over the page's setups (at least ``fallback``), the
    common top of an axis shared across player counts and versions."""
    values = [fallback]
    for s in peer_setups():
        try:
            values.append(float(value(s)))
        except (TypeError, ValueError, KeyError):
            continue
    return max(values)


@contextmanager
def _peers(setups: Sequence[Mapping[str, Any]]) -> Iterator[None]:
    token = _PEERS.set(tuple(setups))
    try:
        yield
    finally:
        _PEERS.reset(token)


def svg_open(width: float, height: float, label: str) -> str:
    """The root of a chart: fixed size, scalable (viewBox), its own font and a label."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" {_SVG_FONT} role="img" '
        f'aria-label="{escape(label)}">'
    )


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def num(x: Any) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))
    return str(x)


def _verdict_badge(verdict: str, conclusive: bool) -> str:
    colour = _VERDICT_COLOURS.get(verdict, "#555")
    note = "" if conclusive else ' <span class="muted">(not conclusive: more games needed)</span>'
    return f'<span class="verdict" style="background:{colour}">{escape(verdict)}</span>{note}'


def hbar_chart(
    rows: Sequence[tuple[str, float]],
    *,
    max_value: float | None = None,
    fmt: str = "{:.2f}",
    colour: str = "#4a78b5",
    title: str = "",
    texts: Sequence[str] | None = None,
) -> str:
    """Horizontal bars, one per (label, value); an empty list gives a short note instead.
    ``texts`` replaces the printed values (e.g. kills as "3.2 of 4")."""
    if not rows:
        return '<p class="muted">nothing to show</p>'
    top = max_value if max_value else max((v for _, v in rows), default=0.0) or 1.0
    label_w, bar_w, row_h = 170, 380, 24
    height = row_h * len(rows) + 10
    parts = [svg_open(label_w + bar_w + 80, height, title)]
    for i, (label, value) in enumerate(rows):
        y = 5 + i * row_h
        w = max(0.0, bar_w * min(value, top) / top)
        shown = texts[i] if texts is not None else fmt.format(value)
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 16}" text-anchor="end">{escape(label)}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{row_h - 8}" fill="{colour}">'
            f"<title>{escape(label)}: {escape(shown)}</title></rect>"
            f'<text x="{label_w + w + 5:.1f}" y="{y + 16}">{escape(shown)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def win_rate_chart(setups: Sequence[dict[str, Any]], thresholds: dict[str, Any]) -> str:
    """Win rate per setup with its 95 % interval as a whisker, on the verdict bands
    (competitive setups, where no side wins, are left out)."""
    setups = [s for s in setups if s.get("verdict") != "competitive"]
    if not setups:
        return '<p class="muted">A competitive game: first places per player are below.</p>'
    label_w, bar_w, row_h, top = 230, 420, 28, 18
    height = top + row_h * len(setups) + 30
    lo_t = float(thresholds["too_hard_below"])
    hi_t = float(thresholds["too_easy_above"])

    def x(p: float) -> float:
        return label_w + bar_w * p

    band_h = height - 24
    parts = [svg_open(label_w + bar_w + 20, height, "win rate per setup")]
    # the verdict bands, labelled at the top
    for (a, b), fill, name in (
        ((0.0, lo_t), "#f8e1de", "too hard"),
        ((lo_t, hi_t), "#e3f3e8", "fair"),
        ((hi_t, 1.0), "#f8efd9", "too easy"),
    ):
        parts.append(
            f'<rect x="{x(a):.1f}" y="0" width="{x(b) - x(a):.1f}" height="{band_h}" fill="{fill}"/>'
            f'<text x="{(x(a) + x(b)) / 2:.1f}" y="13" text-anchor="middle" '
            f'font-size="11" fill="#666">{name}</text>'
        )
    for i, s in enumerate(setups):
        y = top + 4 + i * row_h
        rate = float(s["win_rate"])
        lo, hi = (float(v) for v in s["win_rate_ci95"])
        colour = _VERDICT_COLOURS.get(s["verdict"], "#555")
        label = str(s.get("label") or s.get("setup"))
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 17}" text-anchor="end">{escape(label)}</text>'
            f'<rect x="{x(0)}" y="{y + 5}" width="{x(rate) - x(0):.1f}" height="{row_h - 12}" '
            f'fill="{colour}" opacity="0.85"><title>{pct(rate)} (95% CI {pct(lo)}–{pct(hi)})'
            "</title></rect>"
            f'<line x1="{x(lo):.1f}" x2="{x(hi):.1f}" y1="{y + 11}" y2="{y + 11}" '
            'stroke="#111" stroke-width="1.5"/>'
            f'<line x1="{x(lo):.1f}" x2="{x(lo):.1f}" y1="{y + 6}" y2="{y + 16}" stroke="#111"/>'
            f'<line x1="{x(hi):.1f}" x2="{x(hi):.1f}" y1="{y + 6}" y2="{y + 16}" stroke="#111"/>'
        )
    axis_y = height - 20
    for p in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<text x="{x(p):.1f}" y="{axis_y + 14}" text-anchor="middle">{int(p * 100)}%</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def histogram_chart(
    counts: Mapping[str, int],
    *,
    xlabel: str = "rounds",
    x_range: tuple[int, int] | None = None,
    y_max: int | None = None,
    colour: str = "#6c5fb5",
) -> str:
    """Vertical bars for an integer histogram (keys are the integers as strings);
    ``x_range`` and ``y_max`` fix the axes so several histograms compare at a glance."""
    return stacked_histogram_chart(
        {"": counts}, xlabel=xlabel, x_range=x_range, y_max=y_max, colours={"": colour}
    )


def stacked_histogram_chart(
    layers: Mapping[str, Mapping[str, int]],
    *,
    xlabel: str = "rounds",
    x_range: tuple[int, int] | None = None,
    y_max: int | None = None,
    colours: Mapping[str, str] | None = None,
    words: Mapping[str, str] | None = None,
) -> str:
    """Integer histograms stacked per x (e.g. rounds to finish: won below, lost above),
    with a legend; fixed axes through ``x_range`` and ``y_max``."""
    colours = colours or _OUTCOME_COLOURS
    keys = sorted({int(k) for counts in layers.values() for k in counts})
    if not keys and x_range is None:
        return '<p class="muted">nothing to show</p>'
    lo, hi = x_range if x_range is not None else (keys[0], keys[-1])
    span = list(range(lo, hi + 1))
    totals = {k: sum(int(c.get(str(k), 0)) for c in layers.values()) for k in span}
    top = max(y_max or 0, max(totals.values(), default=0), 1)
    col_w = max(6, min(36, 480 // max(1, len(span))))
    chart_h, left, bottom, head = 150, 40, 36, 18 if any(layers) else 4
    width = left + col_w * len(span) + 10
    named = [n for n in layers if n]
    parts = [
        svg_open(max(width, 220), head + chart_h + bottom + 8, f"histogram of {xlabel}"),
        f'<line x1="{left}" x2="{width - 5}" y1="{head + chart_h}" y2="{head + chart_h}" '
        'stroke="#999"/>',
        f'<text x="{left - 4}" y="{head + 10}" text-anchor="end">{top}</text>',
        f'<text x="{left - 4}" y="{head + chart_h}" text-anchor="end">0</text>',
    ]
    for i, name in enumerate(named):  # legend
        parts.append(
            f'<rect x="{left + i * 110}" y="2" width="10" height="10" '
            f'fill="{colours.get(name, "#555")}"/>'
            f'<text x="{left + i * 110 + 14}" y="11" font-size="11">'
            f"{escape(word(words or CORE_WORDS, name))}</text>"
        )
    step = max(1, len(span) // 12)
    for i, k in enumerate(span):
        xpos = left + i * col_w
        base = float(head + chart_h)
        for name, counts in layers.items():
            n = int(counts.get(str(k), 0))
            if not n:
                continue
            h = chart_h * n / top
            what = f"{escape(word(words or CORE_WORDS, name))} " if name else ""
            parts.append(
                f'<rect x="{xpos + 1}" y="{base - h:.1f}" width="{col_w - 2}" height="{h:.1f}" '
                f'fill="{colours.get(name, "#6c5fb5")}"><title>{k} {escape(xlabel)}: {n} games '
                f"{what}</title></rect>"
            )
            base -= h
        if i % step == 0 or k == hi:
            parts.append(
                f'<text x="{xpos + col_w / 2:.1f}" y="{head + chart_h + 16}" '
                f'text-anchor="middle">{k}</text>'
            )
    parts.append(
        f'<text x="{left + col_w * len(span) / 2:.1f}" y="{head + chart_h + bottom - 4}" '
        f'text-anchor="middle">{escape(xlabel)}</text></svg>'
    )
    return "".join(parts)


def nice_ceiling(value: float) -> float:
    """The smallest 1, 2, 2.5 or 5 times a power of ten at or above ``value`` (an axis top
    people read at a glance: 25, not 21.2)."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= value - 1e-9:
            return float(step * power)
    return float(10 * power)  # pragma: no cover - the loop always returns


def curve_chart(
    curve: Mapping[str, Sequence[float]],
    *,
    title: str,
    x_max: int,
    y_max: float,
    colour: str = "#4a78b5",
) -> str:
    """A per-round curve: the mean as a line over the band of the middle half of the games
    (25th to 75th percentile), on fixed axes (``x_max`` rounds, 0 to ``y_max``)."""
    rounds = [int(r) for r in curve.get("round", [])]
    if not rounds:
        return '<p class="muted">nothing to show</p>'
    left, right, head, chart_h, bottom, width = 40, 10, 8, 140, 34, 320
    plot_w = width - left - right
    y_top = nice_ceiling(y_max)
    x_span = max(1, x_max - 1)

    def x(r: float) -> float:
        return left + plot_w * (r - 1) / x_span

    def y(v: float) -> float:
        return head + chart_h - chart_h * min(max(v, 0.0), y_top) / y_top

    mean, p25, p75 = curve["mean"], curve["p25"], curve["p75"]
    games = curve.get("games", [])
    upper = " ".join(f"{x(r):.1f},{y(v):.1f}" for r, v in zip(rounds, p75, strict=False))
    lower = " ".join(
        f"{x(r):.1f},{y(v):.1f}" for r, v in reversed(list(zip(rounds, p25, strict=False)))
    )
    line = " ".join(f"{x(r):.1f},{y(v):.1f}" for r, v in zip(rounds, mean, strict=False))
    parts = [
        svg_open(width, head + chart_h + bottom, title),
        f'<line x1="{left}" x2="{width - right}" y1="{head + chart_h}" y2="{head + chart_h}" '
        'stroke="#999"/>',
        f'<line x1="{left}" x2="{left}" y1="{head}" y2="{head + chart_h}" stroke="#999"/>',
        f'<text x="{left - 4}" y="{head + 10}" text-anchor="end">{num(round(y_top, 1))}</text>',
        f'<text x="{left - 4}" y="{head + chart_h}" text-anchor="end">0</text>',
        f'<polygon points="{upper} {lower}" fill="{colour}" fill-opacity="0.22" stroke="none">'
        "<title>the middle half of the games</title></polygon>",
        f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>',
    ]
    counts: list[Any] = list(games) or [None] * len(rounds)
    for r, v, n in zip(rounds, mean, counts, strict=False):
        tip = f"round {r}: mean {num(v)}" + (f" over {n} games still running" if n else "")
        parts.append(
            f'<circle cx="{x(r):.1f}" cy="{y(v):.1f}" r="2.5" fill="{colour}">'
            f"<title>{escape(tip)}</title></circle>"
        )
    step = max(1, x_max // 8)
    for r in range(1, x_max + 1):
        if r % step == 0 or r == 1:
            parts.append(
                f'<text x="{x(r):.1f}" y="{head + chart_h + 15}" text-anchor="middle">{r}</text>'
            )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{head + chart_h + bottom - 4}" '
        'text-anchor="middle">round</text></svg>'
    )
    return "".join(parts)


SectionsHtml = Callable[[Mapping[str, Any]], str]


def _setup_section(s: Mapping[str, Any], ruleset_html: SectionsHtml | None, title: str) -> str:
    lo, hi = s["win_rate_ci95"]
    rows = [
        ("games", s["games"]),
        ("wins", s["wins"]),
        ("losses", s["losses"]),
        ("stopped at the round cap", s["unfinished"]),
        ("engine errors", s["errors"]),
    ]
    if s.get("verdict") == "competitive":  # nobody wins or loses against the game
        rows = [r for r in rows if r[0] not in ("wins", "losses")]
    summary = "".join(f"<tr><td>{escape(k)}</td><td>{v}</td></tr>" for k, v in rows)
    r = s["rounds"]
    errors = ""
    if s["error_games"]:
        items = "".join(
            f"<li>game {e['game']} (seed {e['seed']}): {escape(str(e['error']))}</li>"
            for e in s["error_games"]
        )
        errors = f"<h3>Engine errors</h3><ul>{items}</ul>"
    extra = ruleset_html(s) if ruleset_html is not None else ""
    headline = (
        f"<p>Won <strong>{s['wins']} of {s['games']}</strong> games: win rate "
        f"<strong>{pct(s['win_rate'])}</strong> (95% Wilson interval "
        f"{pct(lo)}–{pct(hi)}): {_verdict_badge(s['verdict'], s['verdict_conclusive'])}</p>"
    )
    if s.get("verdict") == "competitive":
        headline = "<p>A competitive game: no side wins or loses; who came first is below.</p>"
        firsts = "".join(
            f"<tr><td>{escape(str(a))}</td><td>{n}</td><td>{pct(s['first_place_rate'][a])}</td></tr>"
            for a, n in s.get("first_places", {}).items()
        )
        extra = (
            f"<h3>First places</h3><table><tr><th>player</th><th>games won</th><th>share</th></tr>"
            f"{firsts}</table>" + extra
        )
    rounds_split = (
        ""
        if s.get("verdict") == "competitive"
        else f";\nwins in {num(r['win']['mean'])} rounds on average, losses in {num(r['loss']['mean'])}"
    )
    return f"""
<h2>{escape(title)}</h2>
{headline}
<div class="grid">
<div><table>{summary}</table></div>
<div><p>Rounds: mean {num(r["mean"])}, median {num(r["median"])}, range {num(r["min"])}–{num(r["max"])}{rounds_split}.</p></div>
</div>
{extra}
{errors}
"""


def _versions(report: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """``[(name, report)]``: one unnamed version, or base and other of a comparison."""
    other = report.get("compared_with")
    if not other:
        return [("", report)]
    names = report.get("versions") or {}
    return [(str(names.get("base", "A")), report), (str(names.get("other", "B")), other)]


def _panel_title(version: str, s: Mapping[str, Any]) -> str:
    label = str(s.get("label") or s.get("setup"))
    return f"{version} · {label}" if version else label


def _multiples(
    versions: Sequence[tuple[str, Mapping[str, Any]]], draw: Callable[[Mapping[str, Any]], str]
) -> str:
    """Small multiples: a row per version, a column per setup (same axes everywhere)."""
    rows = []
    for version, rep in versions:
        cells = "".join(
            f"<td><strong>{escape(_panel_title(version, s))}</strong><br>{draw(s)}</td>"
            for s in rep["setups"]
        )
        rows.append(f"<tr>{cells}</tr>")
    return f'<table class="multiples">{"".join(rows)}</table>'


def _rounds_section(
    versions: Sequence[tuple[str, Mapping[str, Any]]], words: Mapping[str, str]
) -> str:
    setups = [s for _, rep in versions for s in rep["setups"]]
    hists = [s["rounds"].get("histogram_by_outcome") or {} for s in setups]
    keys = [int(k) for h in hists for counts in h.values() for k in counts]
    if not keys:
        return ""
    x_range = (min(keys), max(keys))
    y_max = max(
        (
            sum(int(c.get(str(k), 0)) for c in h.values())
            for h in hists
            for k in range(x_range[0], x_range[1] + 1)
        ),
        default=1,
    )

    def draw(s: Mapping[str, Any]) -> str:
        return stacked_histogram_chart(
            s["rounds"].get("histogram_by_outcome") or {},
            x_range=x_range,
            y_max=y_max,
            words=words,
        )

    return (
        "<h2>Rounds to finish, won and lost</h2>"
        '<p class="muted">Games per number of rounds, wins and losses stacked; every chart '
        "has the same axes, so setups and versions compare at a glance.</p>"
        + _multiples(versions, draw)
    )


#: closest losses per setup on the page (the JSON keeps ``simulation.CLOSEST_LOSSES``)
CLOSEST_LOSSES_SHOWN = 3

_CURVE_COLOURS = ("#4a78b5", "#c0392b", "#8e44ad", "#27864a", "#b7791f")


def _curves_section(
    versions: Sequence[tuple[str, Mapping[str, Any]]], words: Mapping[str, str]
) -> str:
    setups = [s for _, rep in versions for s in rep["setups"]]
    names = sorted({n for s in setups for n in (s.get("per_round") or {})})
    if not names:
        return ""
    parts = [
        "<h2>Round by round</h2>",
        '<p class="muted">The line is the mean over the games still running in that round, '
        "the band the middle half of them (25th to 75th percentile). Axes are shared across "
        "setups and versions.</p>",
    ]
    for i, name in enumerate(names):
        curves = [(s.get("per_round") or {}).get(name) or {} for s in setups]
        x_max = max((max(c.get("round") or [1]) for c in curves), default=1)
        y_max = max((max([*c.get("p75", []), *c.get("mean", []), 0]) for c in curves), default=1)
        colour = _CURVE_COLOURS[i % len(_CURVE_COLOURS)]
        label = word(words, name)

        def draw(
            s: Mapping[str, Any],
            name: str = name,
            label: str = label,
            colour: str = colour,
            x_max: int = x_max,
            y_max: float = y_max,
        ) -> str:
            curve = (s.get("per_round") or {}).get(name) or {}
            return curve_chart(
                curve, title=label, x_max=int(x_max), y_max=float(y_max), colour=colour
            )

        parts.append(
            f"<h3>{escape(label[:1].upper() + label[1:])}</h3>" + _multiples(versions, draw)
        )
    return "".join(parts)


def _closest_losses_section(versions: Sequence[tuple[str, Mapping[str, Any]]], target: str) -> str:
    from questforge.engine.core.simulation import replay_command

    rows = []
    for version, rep in versions:
        tgt = str(rep.get("target") or target)
        for s in rep["setups"]:
            for loss in (s.get("closest_losses") or [])[:CLOSEST_LOSSES_SHOWN]:
                command = replay_command(tgt, s["setup"], int(loss["seed"]))
                rows.append(
                    f"<tr><td>{escape(_panel_title(version, s))}</td><td>{loss['game']}</td>"
                    f"<td>{loss['seed']}</td><td>{escape(str(loss['note']))}</td>"
                    f"<td><code>{escape(command)}</code></td></tr>"
                )
    if not rows:
        return ""
    return (
        "<h2>Closest losses</h2>"
        '<p class="muted">The lost games that came nearest to a win. Replay one with its '
        "command (the same bots make the same choices), or from the editor's Simulate "
        f"dialog with <em>Open in playtest</em>. The {CLOSEST_LOSSES_SHOWN} closest per "
        "setup are shown; the JSON report lists more.</p>"
        '<table class="text"><tr><th>setup</th><th>game</th><th>seed</th><th>how close</th>'
        f"<th>replay</th></tr>{''.join(rows)}</table>"
    )


def _comparison_section(report: Mapping[str, Any]) -> str:
    rows = report.get("comparison") or []
    other = report.get("compared_with")
    if not other:
        return ""
    names = report.get("versions") or {}
    a, b = str(names.get("base", "A")), str(names.get("other", "B"))
    index = {str(s.get("label")): s for s in report["setups"]}
    index_b = {str(s.get("label")): s for s in other["setups"]}
    body = []
    for r in rows:
        label = str(r["label"])
        sa, sb = index.get(label, {}), index_b.get(label, {})
        diff = r["difference"]
        body.append(
            f"<tr><td>{escape(label)}</td>"
            f"<td>{pct(r['base_win_rate'])} ({sa.get('wins', '–')} of {sa.get('games', '–')})</td>"
            f"<td>{pct(r['win_rate'])} ({sb.get('wins', '–')} of {sb.get('games', '–')})</td>"
            f"<td>{'–' if diff is None else f'{100 * diff:+.1f} points'}</td>"
            f"<td>{'<strong>yes</strong>' if r['significant'] else 'no'}</td>"
            f"<td>{escape(significance_words(r, a, b))}</td></tr>"
        )
    return (
        f"<h2>{escape(b)} against {escape(a)}</h2>"
        f'<p class="muted">{escape(a)}: <code>{escape(str(report.get("target", "")))}</code> · '
        f"{escape(b)}: <code>{escape(str(other.get('target', '')))}</code>. Same seeds, same "
        "setups; significant means a two-sided two-proportion test gives p below 0.05.</p>"
        f"<table><tr><th>setup</th><th>{escape(a)}</th><th>{escape(b)}</th><th>difference</th>"
        f"<th>significant</th><th>in words</th></tr>{''.join(body)}</table>"
    )


def render_html(report: Mapping[str, Any], ruleset_html: SectionsHtml | None = None) -> str:
    """The whole page for a report produced by ``simulation.build_report`` (or
    ``simulation.comparison_report``: both versions side by side); ``ruleset_html`` draws
    a setup's ruleset sections (``GameFace.report_html``)."""
    scenario = report.get("scenario", {})
    name = scenario.get("name") or scenario.get("id") or "scenario"
    thresholds = report["verdict_thresholds"]
    words = {**CORE_WORDS, **(report.get("words") or {})}
    versions = _versions(report)
    # the verdict chart interleaves versions per setup: A · 2, B · 2, A · 3, B · 3
    panels: list[dict[str, Any]] = []
    for i in range(len(report["setups"])):
        for version, rep in versions:
            if i < len(rep["setups"]):
                s = rep["setups"][i]
                panels.append({**s, "label": _panel_title(version, s)})
    competitive = all(s.get("verdict") == "competitive" for s in panels) and bool(panels)
    if competitive:
        # a race: nobody wins "against the game"; the first places are the balance figure
        overview_head = "<th>setup</th><th>games</th><th>first places</th><th>rounds</th>"
        overview_rows = "".join(
            f"<tr><td>{escape(str(s['label']))}</td><td>{s['games']}</td><td>"
            + escape(
                ", ".join(
                    f"{a} {pct(s.get('first_place_rate', {}).get(a, 0))}"
                    for a, _n in sorted(
                        s.get("first_places", {}).items(), key=lambda kv: (-kv[1], kv[0])
                    )
                )
            )
            + f"</td><td>{num(s['rounds']['mean'])}</td></tr>"
            for s in panels
        )
        verdict_note = (
            '<p class="muted">A competitive game: no side wins or loses, so there is no win '
            "rate to judge; a balanced setup gives every player a similar share of first "
            "places.</p>"
        )
    else:
        overview_head = (
            "<th>setup</th><th>games won</th><th>win rate</th><th>95% CI</th>"
            "<th>rounds</th><th>verdict</th>"
        )
        overview_rows = "".join(
            f"<tr><td>{escape(str(s['label']))}</td><td>{s['wins']} of {s['games']}</td>"
            f"<td>{pct(s['win_rate'])}</td>"
            f"<td>{pct(s['win_rate_ci95'][0])}–{pct(s['win_rate_ci95'][1])}</td>"
            f"<td>{num(s['rounds']['mean'])}</td>"
            f"<td>{_verdict_badge(s['verdict'], s['verdict_conclusive'])}</td></tr>"
            for s in panels
        )
        verdict_note = ""
    timing = report.get("timing")
    timing_note = ""
    if timing:
        timing_note = (
            f'<p class="muted">Ran in {timing.get("seconds", 0) + timing.get("seconds_b", 0):.1f} s '
            f"({timing.get('games_per_second', 0):.1f} games/s).</p>"
        )
    all_setups = [s for _, rep in versions for s in rep["setups"]]
    with _peers(all_setups):
        sections = "".join(
            _setup_section(s, ruleset_html, _panel_title(version, s))
            for version, rep in versions
            for s in rep["setups"]
        )
    band_words = thresholds_words(
        float(thresholds["too_hard_below"]), float(thresholds["too_easy_above"])
    )
    target = str(report.get("target") or "")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Balance report: {escape(str(name))}</title>
<style>{_CSS}</style></head>
<body>
<h1>Balance report: {escape(str(name))}</h1>
<p class="muted">{escape(str(report.get("ruleset", "")))} · <code>{
        escape(str(scenario.get("id", "")))
    }</code> of pack
<code>{escape(str(scenario.get("pack", "")))}</code> · {
        report["games_per_setup"]
    } seeded bot games per
setup · base seed {report["seed"]}</p>
<h2>Verdict per setup</h2>
{win_rate_chart(panels, thresholds)}
<table><tr>{overview_head}</tr>{overview_rows}</table>
{
        verdict_note
        or f'''<p class="muted">Verdict on the bots' win rate: {escape(band_words)}. It is firm when the
whole 95% interval lies in one band (otherwise more games are needed).
The bots play sensibly but not as well as a group that plans together; read the verdict as
"how does a competent but unplanned party fare".</p>'''
    }
{timing_note}
{_comparison_section(report)}
{_rounds_section(versions, words)}
{_curves_section(versions, words)}
{_closest_losses_section(versions, target)}
{sections}
</body></html>
"""
