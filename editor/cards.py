"""Cards you can see: a registry of card painters per (ruleset, kind), the live preview
widget beside a form, and card pictures for the command line (one card file, or a pack-wide
contact sheet for print-and-play).

Designers think in printed cards, so every card kind shows as the card it becomes. Core
names no ruleset: a ruleset registers a :class:`CardPainter` for each of its card kinds
with :func:`register_card_painter` (Gloomhaven's live in ``editor/gloomhaven/cards/``).
A painter turns a document's JSON (as being edited, so possibly incomplete or invalid:
painters never raise on bad data, they draw what they can) into one or more
:class:`CardFace` values: a monster's stat card has a face per scenario level, a monster
ability deck a face per card, an event a front and a back.

Faces paint in *card units* of 0.1 mm on a card of :attr:`CardFace.size` units, so the
same drawing serves a 300 dpi PNG, an SVG, a real-size PDF page and the preview at any
zoom.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSize, QSizeF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPaintEvent
from PySide6.QtWidgets import QComboBox, QLabel, QSizePolicy, QVBoxLayout, QWidget

from questforge.editor.jsonpath import JsonPath, is_prefix
from questforge.engine.core.errors import UsageError

#: card units per millimetre (faces paint in 0.1 mm)
UNITS_PER_MM = 10.0
#: a standard (poker) card, portrait: 63 x 88 mm
POKER = QSizeF(630, 880)
#: a mini card (items, battle goals), portrait: 44 x 63 mm
MINI = QSizeF(440, 630)
#: print resolution of ``render`` PNGs
PRINT_DPI = 300
#: file suffixes a card picture / contact sheet can be written as
CARD_FORMATS = ("png", "svg")
SHEET_FORMATS = ("png", "svg", "pdf")
#: largest side of a PNG contact sheet in pixels (a big pack shrinks to fit)
MAX_SHEET_SIDE = 6000


@dataclass
class CardContext:
    """What a painter may ask beyond the document: other content and the chosen level."""

    #: ``lookup(kind, ref)`` -> that document's JSON, or ``None`` (a deck's name, a class)
    lookup: Callable[[str, str], Any] = field(default=lambda _kind, _ref: None)
    #: the scenario level the editor shows (a monster stat card opens on it)
    level: int = 1


@dataclass
class CardFace:
    """One printed card."""

    #: shown in the preview's picker and under the card on a contact sheet
    title: str
    #: the JSON subtree the face shows: editing a field below it selects this face
    path: JsonPath
    #: paints the face into ``QRectF(0, 0, size.width(), size.height())`` (card units)
    paint: Callable[[QPainter], None]
    size: QSizeF = field(default_factory=lambda: QSizeF(POKER))
    #: the face the preview opens on (e.g. the stat card of the editor's current level)
    preferred: bool = False


class CardPainter(Protocol):
    """Turns a document's JSON into its card faces (never raises on malformed data)."""

    def __call__(self, data: Any, context: CardContext) -> list[CardFace]: ...


_PAINTERS: dict[tuple[str, str], CardPainter] = {}


class CardError(UsageError):
    """A card picture cannot be made: unreadable file, no painter for its kind, bad path."""


def register_card_painter(ruleset: str, kind: str, painter: CardPainter) -> None:
    """Make ``kind`` documents of ``ruleset`` show as cards (a later call replaces)."""
    _PAINTERS[(ruleset, kind)] = painter


def card_painter(ruleset: str | None, kind: str) -> CardPainter | None:
    """The painter for ``(ruleset, kind)``; rulesets register theirs on import."""
    from questforge.editor import boardmodes

    boardmodes.load_all()
    if ruleset is None:
        return None
    return _PAINTERS.get((ruleset, kind))


def card_kinds(ruleset: str) -> list[str]:
    from questforge.editor import boardmodes

    boardmodes.load_all()
    return sorted(kind for (rs, kind) in _PAINTERS if rs == ruleset)


def ruleset_of(data: Any, path: Path | None) -> str | None:
    """A document's ruleset: its pack's ``pack.json`` ``ruleset``, else its ``$schema``.

    The manifest wins (DESIGN: registries are keyed by (ruleset, kind) and the pack says
    which ruleset it is); an untitled document has only its ``$schema`` id
    (``…/schema/<ruleset>/<kind>.schema.json``).
    """
    if path is not None:
        from questforge.engine.core.jsonload import JsonLoadError, load_json_file
        from questforge.engine.core.pack import MANIFEST, find_pack_root

        root = find_pack_root(Path(path))
        if root is not None:
            try:
                manifest = load_json_file(root / MANIFEST).data
            except (JsonLoadError, OSError):
                manifest = None
            ruleset = manifest.get("ruleset") if isinstance(manifest, dict) else None
            if isinstance(ruleset, str) and ruleset:
                return ruleset
    from questforge.engine.rulesets import ruleset_of_schema_url

    named = ruleset_of_schema_url(data.get("$schema") if isinstance(data, dict) else None)
    return named[0] if named is not None and named[0] != "common" else None


def faces_for(
    ruleset: str | None, kind: str, data: Any, context: CardContext | None = None
) -> list[CardFace] | None:
    """The faces of a document, or ``None`` when its kind is not a card."""
    painter = card_painter(ruleset, kind)
    if painter is None:
        return None
    return painter(data, context or CardContext())


def paint_face(painter: QPainter, face: CardFace, target: QRectF) -> None:
    """Draw ``face`` scaled (aspect kept) and centred into ``target``."""
    size = face.size
    scale = min(target.width() / size.width(), target.height() / size.height())
    if scale <= 0:
        return
    painter.save()
    painter.translate(
        target.x() + (target.width() - size.width() * scale) / 2,
        target.y() + (target.height() - size.height() * scale) / 2,
    )
    painter.scale(scale, scale)
    painter.setClipRect(QRectF(QPointF(0, 0), size))
    face.paint(painter)
    painter.restore()


def face_image(face: CardFace, width_px: int) -> QImage:
    """The face as an image ``width_px`` wide (tests and the preview's snapshot use it)."""
    height_px = max(1, round(width_px * face.size.height() / face.size.width()))
    image = QImage(width_px, height_px, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    paint_face(painter, face, QRectF(0, 0, width_px, height_px))
    painter.end()
    return image


# --------------------------------------------------------------------------- preview
class _FaceCanvas(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.face: CardFace | None = None
        self.setMinimumSize(200, 260)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.fillRect(self.rect(), QColor("#5a5550"))
        if self.face is not None:
            paint_face(painter, self.face, QRectF(self.rect()).adjusted(10, 10, -10, -10))
        painter.end()


class CardPreview(QWidget):
    """The document as its printed card(s), redrawn as the document changes.

    A document with several faces gets a picker; editing a field under one face's path
    (a deck's third card, a monster's level 4) switches the preview to that face.
    """

    #: emitted after the faces were recomputed (tests wait on it)
    updated = Signal()

    def __init__(
        self,
        document: Any,
        ruleset: str | None,
        context: CardContext | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.ruleset = ruleset
        self.context = context or CardContext()
        self.faces: list[CardFace] = []
        #: how many times the faces were recomputed (tests assert the preview follows edits)
        self.revision = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.picker = QComboBox()
        self.picker.currentIndexChanged.connect(self._on_pick)
        layout.addWidget(self.picker)
        self.canvas = _FaceCanvas()
        layout.addWidget(self.canvas, 1)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(40)  # one redraw per burst of typing
        self._timer.timeout.connect(self.refresh)
        self._last_path: JsonPath | None = None
        document.changed.connect(self._on_changed)
        self.refresh()

    def _on_changed(self, path: tuple[Any, ...]) -> None:
        self._last_path = tuple(path)
        self._timer.start()

    def set_level(self, level: int) -> None:
        if level != self.context.level:
            self.context.level = level
            self._last_path = None
            self.refresh(prefer_level=True)

    def refresh(self, prefer_level: bool = False) -> None:
        """Recompute the faces from the document and repaint."""
        current = self.picker.currentIndex()
        try:
            faces = faces_for(self.ruleset, self.document.kind, self.document.data, self.context)
        except Exception as exc:  # a painter bug must not take the editor down
            faces = []
            self.note.setText(f"The card cannot be drawn: {exc}")
        else:
            self.note.setText("" if faces else "Nothing to show yet.")
        self.faces = faces or []
        index = current
        if self._last_path is not None:
            for i, face in enumerate(self.faces):
                if face.path and is_prefix(face.path, self._last_path):
                    index = i
        if prefer_level or current < 0:
            index = next((i for i, f in enumerate(self.faces) if f.preferred), max(index, 0))
        self.picker.blockSignals(True)
        self.picker.clear()
        self.picker.addItems([f.title for f in self.faces])
        self.picker.setVisible(len(self.faces) > 1)
        index = min(max(index, 0), len(self.faces) - 1)
        self.picker.setCurrentIndex(index)
        self.picker.blockSignals(False)
        self.canvas.face = self.faces[index] if self.faces else None
        self.canvas.update()
        self.revision += 1
        self.updated.emit()

    def show_path(self, path: JsonPath) -> None:
        """Show the face that ``path`` (a field being looked at) belongs to, if any."""
        best = -1
        for i, face in enumerate(self.faces):
            if face.path and is_prefix(face.path, tuple(path)):
                best = i
        if best >= 0 and best != self.picker.currentIndex():
            self.picker.setCurrentIndex(best)  # _on_pick repaints

    def _on_pick(self, index: int) -> None:
        self.canvas.face = self.faces[index] if 0 <= index < len(self.faces) else None
        self.canvas.update()

    def current_face(self) -> CardFace | None:
        return self.canvas.face

    def sizeHint(self) -> QSize:
        return QSize(360, 500)


# --------------------------------------------------------------------------- files
def _open_card(source: Path) -> tuple[str, str, Any, Callable[[str, str], Any]]:
    """(ruleset, kind, data, lookup) of a card file, read with the safe loader."""
    from questforge.engine.core.jsonload import JsonLoadError, load_json_file
    from questforge.engine.core.pack import find_pack_root

    try:
        data = load_json_file(source).data
    except (JsonLoadError, OSError) as exc:
        raise CardError(str(exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise CardError(f'{source}: not a content file (no "kind")')
    root = find_pack_root(source)
    return (
        ruleset_of(data, source) or "",
        str(data["kind"]),
        data,
        _pack_lookup(root) if root is not None else (lambda _k, _r: None),
    )


def _pack_lookup(root: Path) -> Callable[[str, str], Any]:
    """``lookup(kind, ref)`` over a pack's files (read once, with the safe loader)."""
    from questforge.engine.core.jsonload import JsonLoadError, load_json_file
    from questforge.engine.core.pack import content_files

    index: dict[tuple[str, str], Any] | None = None

    def lookup(kind: str, ref: str) -> Any:
        nonlocal index
        if index is None:
            index = {}
            paths, _problems = content_files(root)
            for path in paths:
                try:
                    data = load_json_file(path).data
                except (JsonLoadError, OSError):
                    continue
                if isinstance(data, dict) and isinstance(data.get("id"), str):
                    index[(str(data.get("kind")), data["id"])] = data
        return index.get((kind, ref.split(":", 1)[-1]))

    return lookup


def is_card_file(source: Path) -> bool:
    """True when ``source`` is a content file whose kind its ruleset draws as a card."""
    try:
        ruleset, kind, _data, _lookup = _open_card(source)
    except CardError:
        return False
    return card_painter(ruleset, kind) is not None


def card_faces_of_file(source: Path, level: int = 1) -> list[CardFace]:
    ruleset, kind, data, lookup = _open_card(source)
    faces = faces_for(ruleset, kind, data, CardContext(lookup, level))
    if faces is None:
        kinds = ", ".join(card_kinds(ruleset)) or "none"
        raise CardError(
            f"{source}: a {kind!r} file is not a card (card kinds of {ruleset or '?'}: {kinds})"
        )
    if not faces:
        raise CardError(f"{source}: the {kind} has nothing to draw")
    return faces


LABEL_H = 60.0  # room for the title under each card on a sheet
GAP = 40.0


def _flow(
    faces: list[CardFace], groups: list[str] | None, max_width: float
) -> tuple[list[QRectF], QSizeF]:
    """Cards left to right at their own sizes, wrapping at ``max_width``; a new group
    (kind) starts a new row, so stat cards, ability cards and minis do not interleave."""
    rects: list[QRectF] = []
    x = y = GAP
    row_h = 0.0
    width = 0.0
    for i, face in enumerate(faces):
        w, h = face.size.width(), face.size.height()
        new_group = groups is not None and i > 0 and groups[i] != groups[i - 1]
        if i > 0 and (x + w + GAP > max_width or new_group):
            x, y = GAP, y + row_h + LABEL_H + GAP
            row_h = 0.0
        rects.append(QRectF(x, y, w, h))
        x += w + GAP
        width = max(width, x)
        row_h = max(row_h, h)
    return rects, QSizeF(width, y + row_h + LABEL_H + GAP)


def _paint_sheet(
    painter: QPainter, faces: list[CardFace], titles: list[str], rects: list[QRectF]
) -> None:
    font = QFont("DejaVu Sans")
    font.setPixelSize(26)
    for face, rect, title in zip(faces, rects, titles, strict=True):
        paint_face(painter, face, rect)
        painter.setFont(font)
        painter.setPen(QColor("#333333"))
        painter.drawText(
            QRectF(rect.left(), rect.bottom() + 6, rect.width(), 44),
            int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop),
            title,
        )


def write_faces(
    faces: list[CardFace],
    output: Path,
    fmt: str,
    titles: list[str] | None = None,
    groups: list[str] | None = None,
) -> Path:
    """Write faces as one picture (rows of cards when several): PNG at 300 dpi, SVG, or
    PDF pages of real-size cards for print-and-play. ``groups`` (e.g. each face's kind)
    start a new row when they change."""
    titles = titles if titles is not None else [f.title for f in faces]
    output.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "pdf":
        return _write_pdf(faces, titles, output)
    single = len(faces) == 1
    if single:
        size = faces[0].size
        rects = [QRectF(QPointF(0, 0), size)]
    else:
        # about square: a deck is 4 across, a whole pack a dozen or so
        per_row = 4 if len(faces) <= 8 else max(5, round(math.sqrt(len(faces)) * 1.2))
        rects, size = _flow(faces, groups, GAP + per_row * (POKER.width() + GAP))
    px_per_unit = PRINT_DPI / 25.4 / UNITS_PER_MM
    px_per_unit = min(px_per_unit, MAX_SHEET_SIDE / max(size.width(), size.height()))
    width, height = (
        max(1, round(size.width() * px_per_unit)),
        max(1, round(size.height() * px_per_unit)),
    )

    def draw(painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.scale(width / size.width(), height / size.height())
        if single:
            paint_face(painter, faces[0], rects[0])
        else:
            painter.fillRect(QRectF(QPointF(0, 0), size), QColor("#ffffff"))
            _paint_sheet(painter, faces, titles, rects)

    if fmt == "png":
        image = QImage(width, height, QImage.Format.Format_ARGB32)
        image.fill(QColor("#ffffff") if not single else QColor(0, 0, 0, 0))
        dots_per_metre = round(PRINT_DPI / 0.0254)
        image.setDotsPerMeterX(dots_per_metre)
        image.setDotsPerMeterY(dots_per_metre)
        painter = QPainter(image)
        draw(painter)
        painter.end()
        if not image.save(str(output), "PNG"):  # type: ignore[call-overload]  # stub says bytes
            raise CardError(f"{output}: cannot write PNG")
    elif fmt == "svg":
        from PySide6.QtSvg import QSvgGenerator

        generator = QSvgGenerator()
        generator.setFileName(str(output))
        generator.setSize(QSize(width, height))
        generator.setViewBox(QRectF(0, 0, width, height))
        generator.setTitle(titles[0] if single else "questforge cards")
        generator.setDescription("Cards drawn by questforge")
        painter = QPainter(generator)
        draw(painter)
        painter.end()
        if not output.is_file():
            raise CardError(f"{output}: cannot write SVG")
    else:
        raise CardError(
            f"unknown image format {fmt!r} (expected one of {', '.join(SHEET_FORMATS)})"
        )
    return output


def _write_pdf(faces: list[CardFace], titles: list[str], output: Path) -> Path:
    """A4 pages of real-size cards with cut gaps (print at 100 %)."""
    from PySide6.QtGui import QPdfWriter

    writer = QPdfWriter(str(output))
    writer.setTitle("questforge cards")
    writer.setCreator("questforge")
    writer.setResolution(PRINT_DPI)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(8, 8, 8, 8),
            QPageLayout.Unit.Millimeter,
        )
    )
    painter = QPainter()
    if not painter.begin(writer):
        raise CardError(f"{output}: cannot write PDF")
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    page_px = writer.pageLayout().paintRectPixels(PRINT_DPI)
    px_per_unit = PRINT_DPI / 25.4 / UNITS_PER_MM
    page_w = page_px.width() / px_per_unit
    page_h = page_px.height() / px_per_unit
    gap = 30.0
    x = y = 0.0
    row_h = 0.0
    first = True
    painter.scale(px_per_unit, px_per_unit)
    for face, title in zip(faces, titles, strict=True):
        w, h = face.size.width(), face.size.height()
        if x + w > page_w + 0.5:
            x, y = 0.0, y + row_h + gap
            row_h = 0.0
        if y + h + 40 > page_h + 0.5:
            if not first and not writer.newPage():
                raise CardError(f"{output}: cannot add a PDF page")
            x = y = row_h = 0.0
        first = False
        rect = QRectF(x, y, w, h)
        paint_face(painter, face, rect)
        painter.setPen(QColor("#999999"))
        font = QFont("DejaVu Sans")
        font.setPixelSize(18)
        painter.setFont(font)
        painter.drawText(QRectF(x, y + h + 2, w, 26), int(Qt.AlignmentFlag.AlignHCenter), title)
        x += w + gap
        row_h = max(row_h, h + 28)
    painter.end()
    return output


def _sheet_faces(pack_root: Path) -> tuple[list[CardFace], list[str], list[str]]:
    """Every card face of a pack, by kind then file, with ``file · face`` titles."""
    from questforge.engine.core.jsonload import JsonLoadError, load_json_file
    from questforge.engine.core.pack import MANIFEST, content_files

    try:
        manifest = load_json_file(pack_root / MANIFEST).data
    except (JsonLoadError, OSError) as exc:
        raise CardError(f"{pack_root}: not a pack ({exc})") from None
    ruleset = manifest.get("ruleset") if isinstance(manifest, dict) else None
    if not isinstance(ruleset, str):
        raise CardError(f'{pack_root / MANIFEST}: no "ruleset": cannot tell how to draw its cards')
    kinds = card_kinds(ruleset)
    lookup = _pack_lookup(pack_root)
    paths, _problems = content_files(pack_root)
    found: list[tuple[int, str, list[CardFace]]] = []
    for path in paths:
        try:
            data = load_json_file(path).data
        except (JsonLoadError, OSError):
            continue  # `questforge validate` reports unreadable files; the sheet shows the rest
        kind = data.get("kind") if isinstance(data, dict) else None
        if kind not in kinds:
            continue
        faces = faces_for(ruleset, str(kind), data, CardContext(lookup, 1)) or []
        found.append((kinds.index(str(kind)), str(path.relative_to(pack_root)), faces))
    found.sort(key=lambda t: (t[0], t[1]))
    faces_out: list[CardFace] = []
    titles: list[str] = []
    groups: list[str] = []
    for k, rel, faces in found:
        for face in faces:
            faces_out.append(face)
            groups.append(kinds[k])
            titles.append(f"{Path(rel).stem} · {face.title}" if len(faces) > 1 else Path(rel).stem)
    if not faces_out:
        raise CardError(f"{pack_root}: the pack has no cards to draw")
    return faces_out, titles, groups


def render_cards(
    source: Path, output: Path | None, fmt: str | None, sheet: bool = False
) -> Path | None:
    """``questforge render`` for cards: a card file's faces, or a pack's contact sheet.

    Returns ``None`` when ``source`` is a single file that is not a card (the caller then
    draws it as a map). ``sheet`` (or a folder as ``source``) asks for every card of the
    pack containing ``source``. Raises :class:`CardError` with a message for a person.
    """
    from questforge.editor.render import ensure_app
    from questforge.engine.core.pack import find_pack_root

    ensure_app()
    source = Path(source)
    if fmt is None:
        fmt = output.suffix.lstrip(".").lower() if output is not None and output.suffix else "png"
    if source.is_dir() or sheet:
        root = find_pack_root(source if source.is_dir() else source.parent)
        if root is None:
            raise CardError(f"{source}: no pack.json here or above: a contact sheet needs a pack")
        if fmt not in SHEET_FORMATS:
            raise CardError(f"cannot write a contact sheet as {fmt!r}: use png, svg or pdf")
        faces, titles, groups = _sheet_faces(root)
        target = output or Path.cwd() / f"{root.name}-cards.{fmt}"
        return write_faces(faces, target, fmt, titles, groups)
    if not is_card_file(source):
        return None
    if fmt not in CARD_FORMATS:
        raise CardError(f"cannot write a card as {fmt!r}: use png or svg (pdf for a pack sheet)")
    faces = card_faces_of_file(source)
    target = output or Path.cwd() / f"{source.stem}.{fmt}"
    return write_faces(faces, target, fmt)


def all_faces(documents: Iterable[tuple[str | None, str, Any]]) -> list[CardFace]:
    """Faces of several ``(ruleset, kind, data)`` (for tests that render every kind)."""
    out: list[CardFace] = []
    for ruleset, kind, data in documents:
        out.extend(faces_for(ruleset, kind, data) or [])
    return out
