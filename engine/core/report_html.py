"""The simulation report as one self-contained HTML page with inline SVG charts.

Playtest reports get mailed around, attached to pull requests and opened years later, so the
page carries everything it needs: no scripts, no web fonts, no CDN, no external images. The
charts are hand-built SVG (bars and a histogram are all a balance report needs).

Pure string building from the JSON report of :mod:`questforge.engine.core.simulation`
(the page shows exactly what the JSON says, nothing recomputed), so it is engine layer and
testable without a browser. The generic parts (win rate with its interval on the verdict
bands, outcomes, rounds) are drawn here for every ruleset; each setup's ruleset-specific
sections come from the ruleset's ``GameFace.report_html``. :func:`comparison_html` draws
the comparison of two versions of a scenario.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

_VERDICT_COLOURS = {"too hard": "#c0392b", "fair": "#27864a", "too easy": "#b7791f"}

_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem auto;max-width:70rem;
color:#222;padding:0 1rem;line-height:1.4}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.25rem;margin-top:2.2rem;
border-bottom:1px solid #ddd;padding-bottom:.2rem}h3{font-size:1rem;margin:1.2rem 0 .4rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{padding:.25rem .6rem;border-bottom:1px solid #eee;
text-align:right}th:first-child,td:first-child{text-align:left}th{background:#f6f6f6}
.verdict{font-weight:600;padding:.1rem .5rem;border-radius:.3rem;color:#fff}
.muted{color:#777;font-size:.9rem}.grid{display:flex;flex-wrap:wrap;gap:1.5rem}
.grid>div{flex:1 1 30rem}svg{max-width:100%;height:auto}
svg text{font-family:system-ui,sans-serif;font-size:12px;fill:#333}
"""


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
) -> str:
    """Horizontal bars, one per (label, value); an empty list gives a short note instead."""
    if not rows:
        return '<p class="muted">nothing to show</p>'
    top = max_value if max_value else max((v for _, v in rows), default=0.0) or 1.0
    label_w, bar_w, row_h = 170, 380, 24
    height = row_h * len(rows) + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_w + bar_w + 80}" '
        f'height="{height}" role="img" aria-label="{escape(title)}">'
    ]
    for i, (label, value) in enumerate(rows):
        y = 5 + i * row_h
        w = max(0.0, bar_w * value / top)
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 16}" text-anchor="end">{escape(label)}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{row_h - 8}" fill="{colour}">'
            f"<title>{escape(label)}: {escape(fmt.format(value))}</title></rect>"
            f'<text x="{label_w + w + 5:.1f}" y="{y + 16}">{escape(fmt.format(value))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def win_rate_chart(setups: Sequence[dict[str, Any]], thresholds: dict[str, Any]) -> str:
    """Win rate per setup with its 95 % interval as a whisker, on the verdict bands
    (competitive setups, where no side wins, are left out)."""
    setups = [s for s in setups if s.get("verdict") != "competitive"]
    if not setups:
        return '<p class="muted">A competitive game: first places per player are below.</p>'
    label_w, bar_w, row_h, top = 170, 420, 28, 18
    height = top + row_h * len(setups) + 30
    lo_t = float(thresholds["too_hard_below"])
    hi_t = float(thresholds["too_easy_above"])

    def x(p: float) -> float:
        return label_w + bar_w * p

    band_h = height - 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_w + bar_w + 20}" '
        f'height="{height}" role="img" aria-label="win rate per setup">',
    ]
    # the verdict bands, labelled at the top
    for (a, b), fill, name in (
        ((0.0, lo_t), "#f8e1de", "too hard"),
        ((lo_t, hi_t), "#e3f3e8", "fair"),
        ((hi_t, 1.0), "#f8efd9", "too easy"),
    ):
        parts.append(
            f'<rect x="{x(a):.1f}" y="0" width="{x(b) - x(a):.1f}" height="{band_h}" fill="{fill}"/>'
            f'<text x="{(x(a) + x(b)) / 2:.1f}" y="13" text-anchor="middle" '
            f'style="font-size:11px;fill:#666">{name}</text>'
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


def histogram_chart(counts: dict[str, int], *, xlabel: str = "rounds") -> str:
    """Vertical bars for an integer histogram (keys are the integers as strings)."""
    if not counts:
        return '<p class="muted">nothing to show</p>'
    keys = sorted(int(k) for k in counts)
    lo, hi = keys[0], keys[-1]
    span = list(range(lo, hi + 1))
    top = max(counts.values()) or 1
    col_w = max(8, min(36, 560 // len(span)))
    chart_h, left, bottom = 160, 40, 36
    width = left + col_w * len(span) + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{chart_h + bottom + 8}" '
        f'role="img" aria-label="histogram of {escape(xlabel)}">',
        f'<line x1="{left}" x2="{width - 5}" y1="{chart_h + 4}" y2="{chart_h + 4}" stroke="#999"/>',
        f'<text x="{left - 4}" y="14" text-anchor="end">{top}</text>',
        f'<text x="{left - 4}" y="{chart_h + 4}" text-anchor="end">0</text>',
    ]
    step = max(1, len(span) // 12)
    for i, k in enumerate(span):
        n = counts.get(str(k), 0)
        h = chart_h * n / top
        xpos = left + i * col_w
        parts.append(
            f'<rect x="{xpos + 1}" y="{chart_h + 4 - h:.1f}" width="{col_w - 2}" height="{h:.1f}" '
            f'fill="#6c5fb5"><title>{k} {escape(xlabel)}: {n} games</title></rect>'
        )
        if i % step == 0 or k == hi:
            parts.append(
                f'<text x="{xpos + col_w / 2:.1f}" y="{chart_h + 20}" text-anchor="middle">{k}</text>'
            )
    parts.append(
        f'<text x="{left + col_w * len(span) / 2:.1f}" y="{chart_h + bottom}" '
        f'text-anchor="middle">{escape(xlabel)}</text></svg>'
    )
    return "".join(parts)


SectionsHtml = Callable[[Mapping[str, Any]], str]


def _setup_section(s: dict[str, Any], ruleset_html: SectionsHtml | None) -> str:
    title = str(s.get("label") or s.get("setup"))
    lo, hi = s["win_rate_ci95"]
    rows = [
        ("games", s["games"]),
        ("wins", s["wins"]),
        ("losses", s["losses"]),
        ("unfinished (round cap)", s["unfinished"]),
        ("engine errors", s["errors"]),
    ]
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
        f"<p>Win rate <strong>{pct(s['win_rate'])}</strong> (95% Wilson interval "
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
    return f"""
<h2>{escape(title)}</h2>
{headline}
<div class="grid">
<div><table>{summary}</table>
<p>Rounds: mean {num(r["mean"])}, median {num(r["median"])}, range {num(r["min"])}–{num(r["max"])};
wins in {num(r["win"]["mean"])} rounds on average, losses in {num(r["loss"]["mean"])}.</p></div>
<div><h3>Rounds to finish</h3>{histogram_chart(r["histogram"])}</div>
</div>
{extra}
{errors}
"""


def render_html(report: dict[str, Any], ruleset_html: SectionsHtml | None = None) -> str:
    """The whole page for a report produced by ``simulation.build_report``;
    ``ruleset_html`` draws a setup's ruleset sections (``GameFace.report_html``)."""
    scenario = report.get("scenario", {})
    name = scenario.get("name") or scenario.get("id") or "scenario"
    setups = report["setups"]
    thresholds = report["verdict_thresholds"]
    overview_rows = "".join(
        f"<tr><td>{escape(str(s.get('label') or s.get('setup')))}</td><td>{s['games']}</td>"
        f"<td>{pct(s['win_rate'])}</td>"
        f"<td>{pct(s['win_rate_ci95'][0])}–{pct(s['win_rate_ci95'][1])}</td>"
        f"<td>{num(s['rounds']['mean'])}</td>"
        f"<td>{_verdict_badge(s['verdict'], s['verdict_conclusive'])}</td></tr>"
        for s in setups
    )
    timing = report.get("timing")
    timing_note = ""
    if timing:
        timing_note = (
            f'<p class="muted">Ran in {timing.get("seconds", 0):.1f} s '
            f"({timing.get('games_per_second', 0):.1f} games/s).</p>"
        )
    sections = "".join(_setup_section(s, ruleset_html) for s in setups)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Balance report: {escape(str(name))}</title>
<style>{_CSS}</style></head>
<body>
<h1>Balance report: {escape(str(name))}</h1>
<p class="muted">{escape(str(report.get("ruleset", "")))} · <code>{escape(str(scenario.get("id", "")))}</code> of pack
<code>{escape(str(scenario.get("pack", "")))}</code> · {report["games_per_setup"]} seeded bot games per
setup · base seed {report["seed"]}</p>
<h2>Verdict per setup</h2>
{win_rate_chart(setups, thresholds)}
<table><tr><th>setup</th><th>games</th><th>win rate</th><th>95% CI</th>
<th>rounds</th><th>verdict</th></tr>{overview_rows}</table>
<p class="muted">{escape(str(thresholds["explanation"]))} Thresholds: too hard below
{pct(float(thresholds["too_hard_below"]))}, too easy above {pct(float(thresholds["too_easy_above"]))}.
The bots play sensibly but not as well as a group that plans together; read the verdict as
"how does a competent but unplanned party fare".</p>
{timing_note}
{sections}
</body></html>
"""
