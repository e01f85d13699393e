"""The HTML balance report in a real browser (headless Chromium).

The report is a web page people open in their browser, so it is tested in one: the page of
a real ``simulate A B`` comparison is opened in headless Chromium, a screenshot is taken
(and must not be blank), every chart must be drawn (each ``<svg>`` laid out with a size and
with visible shapes inside, checked by a probe script on a copy of the page after layout)
and the page must log nothing to the console (no script error; the page has no scripts).
The detector is itself checked on a page with a deliberate script error.

Skipped, with the reason, where no Chromium is installed (``.ci/run`` installs Debian's
``chromium`` when it can). ``QUESTFORGE_BROWSER`` names another Chromium-family binary.
Set ``QUESTFORGE_TEST_SHOTS=DIR`` to keep the screenshot.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.cli import cli

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def _browser() -> str | None:
    named = os.environ.get("QUESTFORGE_BROWSER")
    if named:
        return shutil.which(named) or (named if Path(named).is_file() else None)
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


BROWSER = _browser()
pytestmark = pytest.mark.skipif(
    BROWSER is None,
    reason="no Chromium installed (apt-get install chromium, or set QUESTFORGE_BROWSER); "
    "the HTML report's browser test needs a real browser",
)

#: after layout: for every chart, its size and how many of its shapes have an area
PROBE = """
<pre id="probe"></pre>
<script>
(function () {
  var charts = Array.prototype.slice.call(document.querySelectorAll("svg"));
  var out = charts.map(function (svg) {
    var box = svg.getBoundingClientRect();
    var shapes = svg.querySelectorAll("rect, line, polyline, polygon, circle, path");
    var drawn = 0;
    Array.prototype.forEach.call(shapes, function (s) {
      var b = s.getBBox();
      if (b.width > 0 || b.height > 0) { drawn += 1; }
    });
    return {label: svg.getAttribute("aria-label"), width: box.width, height: box.height,
            drawn: drawn};
  });
  document.getElementById("probe").textContent = JSON.stringify(out);
})();
</script>
"""

CONSOLE = re.compile(r"CONSOLE[^\]]*\]\s*(.*)")


def _run(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    assert BROWSER is not None
    command = [
        BROWSER,
        "--headless=new",
        "--no-sandbox",  # CI containers run as root
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        f"--user-data-dir={tmp / 'profile'}",
        "--enable-logging=stderr",
        "--v=0",
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def console_messages(stderr: str) -> list[str]:
    """What the page logged to the console (errors, uncaught exceptions, warnings)."""
    return [m.group(1) for m in CONSOLE.finditer(stderr)]


def dump_dom(page: Path, tmp: Path) -> tuple[str, list[str]]:
    result = _run(["--virtual-time-budget=5000", "--dump-dom", page.as_uri()], tmp)
    return result.stdout, console_messages(result.stderr)


@pytest.fixture(scope="module")
def report_page(tmp_path_factory: pytest.TempPathFactory, sample_pack: Path) -> Path:
    """The HTML page of `simulate A B`: the sample scenario against a harder copy."""
    tmp = tmp_path_factory.mktemp("browser")
    harder = tmp / "pack"
    shutil.copytree(sample_pack, harder)
    scenario = harder / "scenarios" / "collapsed-adit.json"
    data = json.loads(scenario.read_text(encoding="utf-8"))
    for m in data["monsters"]:
        m["players"] = {k: "elite" for k in m["players"]}
    scenario.write_text(json.dumps(data), encoding="utf-8")
    page = tmp / "report.html"
    result = CliRunner().invoke(
        cli,
        [
            *("simulate", "collapsed-adit", str(scenario), "--players", "2,3"),
            *("--games", "12", "--seed", "3", "--html", str(page), "-q"),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    return page


def test_the_detector_sees_a_script_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.html"
    bad.write_text(
        "<!DOCTYPE html><html><body><svg></svg><script>notDefined();</script>"
        + PROBE
        + "</body></html>",
        encoding="utf-8",
    )
    dom, console = dump_dom(bad, tmp_path)
    assert any("Uncaught" in m and "notDefined" in m for m in console), console
    charts = json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S).group(1))  # type: ignore[union-attr]
    assert charts and charts[0]["drawn"] == 0  # an empty chart is seen as empty


def test_every_chart_is_drawn_and_nothing_is_logged(report_page: Path, tmp_path: Path) -> None:
    html = report_page.read_text(encoding="utf-8")
    expected = html.count("<svg")
    assert expected >= 20  # verdict, rounds and curves per version and setup, Gloomhaven's
    # the page as shipped: no console output at all
    _dom, console = dump_dom(report_page, tmp_path)
    assert console == [], console
    # a copy with the probe: every chart laid out with a size and shapes drawn in it
    probe = tmp_path / "probe.html"
    probe.write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    dom, console = dump_dom(probe, tmp_path)
    assert console == [], console
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found is not None, dom[:500]
    charts = json.loads(found.group(1))
    assert len(charts) == expected
    empty = [c for c in charts if c["width"] < 50 or c["height"] < 20 or c["drawn"] < 2]
    assert empty == [], empty
    labels = {c["label"] for c in charts}
    assert {"win rate per setup", "histogram of rounds"} <= labels
    assert any("party hit points" in str(label) for label in labels)


def test_screenshot_is_not_blank(report_page: Path, tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    shots = Path(os.environ.get("QUESTFORGE_TEST_SHOTS") or tmp_path)
    shot = shots / "reports-html-in-chromium.png"
    result = _run(
        ["--window-size=1300,3800", f"--screenshot={shot}", report_page.as_uri()], tmp_path
    )
    assert shot.is_file(), result.stderr[-2000:]
    assert console_messages(result.stderr) == []
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1300, 3800)
    # many distinct colours (charts, verdict badges), not a white or error page
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 13) for y in range(0, image.height(), 13)
    }
    assert len(colours) > 50


@pytest.mark.parametrize(
    "target", ["arkham-sample:harrowmere", "hollow-crown", "witcher-sample:standard"]
)
def test_every_rulesets_page_draws_in_the_browser(target: str, tmp_path: Path) -> None:
    """The generic parts (rounds by outcome, closest losses, verdict or first places) and
    each ruleset's own sections draw without a console message in Arkham, Descent and The
    Witcher (a competitive game) too."""
    page = tmp_path / "report.html"
    result = CliRunner().invoke(
        cli,
        ["simulate", target, "--games", "6", "--seed", "2", "--html", str(page), "-q"],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert "Rounds to finish, won and lost" in html
    probe = tmp_path / "probe.html"
    probe.write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    dom, console = dump_dom(probe, tmp_path)
    assert console == [], console
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found is not None
    charts = json.loads(found.group(1))
    assert len(charts) == html.count("<svg") >= 1
    assert [c for c in charts if c["drawn"] < 2 or c["width"] < 50] == []
