"""The semantic stage: the core checks and each ruleset's checks, once per pack.

Checks are registered per ruleset (:mod:`questforge.validator.checks`); a ruleset's live
in the module its record names (``checks_module``, e.g. ``questforge.validator.gloomhaven``)
and are imported the first time a document of that ruleset is validated (only for
installed rulesets: a manifest is untrusted). The
documents of a batch are grouped by ruleset - a pack has one, loose files may mix several
- and each group gets one :class:`~questforge.validator.context.CheckContext`. A check that
raises becomes a ``QC900`` finding on the document it was working on.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from questforge.validator import codes, core_checks, parallel
from questforge.validator.checks import CORE, CheckSpec, checks_for
from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding

if TYPE_CHECKING:
    from questforge.validator.pipeline import Batch

# make sure the core checks are registered whenever checks run
_ = core_checks

_loaded_checks: set[str] = set()
_load_failures: dict[str, str] = {}


class SemanticStage:
    """Runs every check of each ruleset in the batch (plus the core checks).

    With ``jobs`` > 1 and a large batch, the checks are split between this process and a
    forked child (:func:`run_checks`); the findings are the same, in the same order.
    """

    name = "semantic"

    def __init__(self, jobs: int = 1) -> None:
        self.jobs = jobs

    def run(self, batch: Batch) -> list[Finding]:
        out: list[Finding] = []
        for ruleset, docs in batch.check_groups():
            ctx = CheckContext(
                ruleset=ruleset,
                documents=docs,
                pack=batch.pack,
                pack_id=batch.pack_id,
                required=dict(batch.required),
                cache=batch.cache,
            )
            split = self.jobs > 1 and len(docs) >= PARALLEL_MIN_DOCUMENTS
            out.extend(run_checks(ctx, ruleset, split=split))
            batch.derived.append(ctx)
        return out


#: fewer documents than this are not worth a second process
PARALLEL_MIN_DOCUMENTS = 200


def load_ruleset_checks(ruleset: str | None) -> str | None:
    """Import the ruleset's ``checks_module`` (the contract's checks face) so its checks
    register; returns an error message if that module fails to import.

    ``ruleset`` comes from an untrusted manifest: only the module an installed ruleset's
    record names is ever imported.
    """
    if ruleset is None or ruleset in _loaded_checks:
        return _load_failures.get(ruleset or "")
    module = _checks_module(ruleset)
    if module is None:
        return None
    _loaded_checks.add(ruleset)
    try:
        importlib.import_module(module)
    except Exception as exc:  # a broken plug-in must not take the validator down
        _load_failures[ruleset] = f"{type(exc).__name__}: {exc}"
    return _load_failures.get(ruleset)


def load_all_checks() -> None:
    """Register the checks of every known ruleset (for ``--list-checks``)."""
    for ruleset in _all_ruleset_ids():
        load_ruleset_checks(ruleset)


def _all_ruleset_ids() -> list[str]:
    try:
        from questforge.engine import rulesets

        return [r.id for r in rulesets.all_rulesets()]
    except Exception:
        return []


def _checks_module(ruleset: str) -> str | None:
    try:
        from questforge.engine import rulesets

        record = rulesets.find(ruleset)
    except Exception:
        return None
    return record.checks_module if record is not None else None


def run_checks(ctx: CheckContext, ruleset: str | None, *, split: bool = False) -> list[Finding]:
    """Every finding of the checks of ``ruleset`` (and the core checks) on ``ctx``.

    ``split``: share the work with a forked child meanwhile. Checks registered
    ``per_document`` run in both processes, each on its share of the documents
    (:meth:`CheckContext.own`): the child on the later part of each kind, this process on
    the rest and on every other check. A ruleset without such checks splits the checks
    instead (about half of them in the child; groups of checks that share derived data
    stay together, see ``CheckSpec.shares``). The child locates its findings (it has the
    texts at hand) and hands them back. The result is the same list either way: each
    check's findings, in the checks' order (a per-document check's: this process's share,
    then the child's, which is the documents' order for each kind).
    """
    out: list[Finding] = []
    failure = load_ruleset_checks(ruleset)
    if failure is not None:
        manifest = manifest_of(ctx.documents)
        out.append(
            codes.INTERNAL.finding(
                f"the checks of ruleset {ruleset!r} cannot be loaded: {failure}",
                file=manifest.name if manifest is not None else None,
            )
        )
    specs = checks_for(ruleset or CORE)
    if split and any(s.per_document for s in specs):
        out.extend(_run_sharded(ctx, specs))
        return out
    theirs = _child_share(specs) if split else set()
    child = None
    if theirs:
        mine = [s for s in specs if s.code not in theirs]
        child = parallel.in_child(
            lambda: _located(
                {s.code: _run_check(ctx, s) for s in specs if s.code in theirs}, ctx.documents
            )
        )
    if child is None:
        for spec in specs:
            out.extend(_run_check(ctx, spec))
        return out
    found = {spec.code: _run_check(ctx, spec) for spec in mine}
    shipped = child.result()
    for spec in specs:
        if spec.code in found:
            out.extend(found[spec.code])
        elif shipped is not None:
            out.extend(shipped[spec.code])
        else:  # the child failed: run its checks here
            out.extend(_run_check(ctx, spec))
    return out


#: the share of each kind's documents this process checks in a sharded run: less than
#: half, since it also runs the checks that are not per document and pays for the fork.
#: Measured on the 1k and 5k packs of ``benchmarks/validate.py`` (CPU of the two sides
#: after the fork): at 0.5 this process spent about a quarter more than the child, at 0.42
#: the two were level
SHARE_FIRST = 0.42


def _run_sharded(ctx: CheckContext, specs: Sequence[CheckSpec]) -> list[Finding]:
    """:func:`run_checks` with the per-document checks' documents shared with a child."""
    ctx.shard_first = SHARE_FIRST
    sharded = [s for s in specs if s.per_document]
    child = parallel.in_child(
        lambda: _located({s.code: _run_share(ctx, s, 1) for s in sharded}, ctx.documents)
    )
    if child is None:
        out: list[Finding] = []
        for spec in specs:
            out.extend(_run_check(ctx, spec))
        return out
    found = {s.code: _run_share(ctx, s, 0) if s.per_document else _run_check(ctx, s) for s in specs}
    # this process places its findings while the child still works (the child places its
    # own): left for the end, placing a pack's thousands of findings ran after the join
    _located(found, ctx.documents)
    shipped = child.result()
    out = []
    for spec in specs:
        if not spec.per_document:
            out.extend(found[spec.code])
            continue
        # the child's share (run here if the child failed)
        theirs = shipped[spec.code] if shipped is not None else _run_share(ctx, spec, 1)
        both = found[spec.code] + theirs
        if any(f.code == codes.INTERNAL.code for f in both):
            # the check crashed on a document: run it whole, so that what it found before
            # the crash (and the one crash report) is what a single process reports
            both = _run_check(ctx, spec)
        out.extend(both)
    return out


def _run_share(ctx: CheckContext, spec: CheckSpec, share: int) -> list[Finding]:
    """The findings of per-document check ``spec`` on share ``share`` of 2."""
    ctx.shard = (share, 2)
    try:
        return _run_check(ctx, spec)
    finally:
        ctx.shard = None


def _child_share(specs: Sequence[CheckSpec]) -> set[str]:
    """The codes a child runs: whole groups of checks (by what they share, else by
    module), the later ones, up to about half of the checks."""
    groups: dict[str, list[str]] = {}
    for spec in specs:
        module = spec.func.__module__ if spec.func is not None else ""
        groups.setdefault(spec.shares or module, []).append(spec.code)
    if len(groups) < 2:
        return set()
    # the largest group alone on one side, the rest on the other, when that is closest to
    # half; otherwise fill the child's side with groups until it holds about half
    half = len(specs) / 2
    ordered = sorted(groups.values(), key=len, reverse=True)
    theirs: set[str] = set()
    for codes_of_group in ordered[1:]:
        if len(theirs) + len(codes_of_group) <= half + len(codes_of_group) / 2:
            theirs.update(codes_of_group)
    return theirs


def _run_check(ctx: CheckContext, spec: CheckSpec) -> list[Finding]:
    """The findings of one check (its crash as a ``QC900`` finding)."""
    assert spec.func is not None
    out: list[Finding] = []
    try:
        for finding in spec.func(ctx) or ():
            out.append(finding)
    except Exception as exc:
        doc = _crashed_on(exc, ctx.documents) or manifest_of(ctx.documents)
        out.append(
            codes.INTERNAL.finding(
                f"check {spec.code} ({spec.title}) failed: {type(exc).__name__}: {exc}",
                file=doc.name if doc is not None else None,
                hint="please report this as a questforge bug, with the file",
            )
        )
    return out


def _located(
    found: dict[str, list[Finding]], documents: Sequence[LoadedDocument]
) -> dict[str, list[Finding]]:
    """``found`` with line and column filled in (in the child, which has the texts)."""
    from questforge.validator.pipeline import locate_findings

    locate_findings([f for part in found.values() for f in part], documents)
    return found


def manifest_of(documents: Sequence[LoadedDocument]) -> LoadedDocument | None:
    """The ``pack`` document among ``documents``, if any."""
    return next((d for d in documents if d.kind == "pack"), None)


def _crashed_on(exc: BaseException, documents: Sequence[LoadedDocument]) -> LoadedDocument | None:
    """The document a check was processing when it raised ``exc``, if the traceback tells.

    Checks take their documents from the context and hold the one at hand in a local
    variable (``doc``, ``deck``, a scenario map's ``.doc``), so the innermost frame that
    holds one of this pack's documents names the file a user should look at. Only used
    to place an internal-error finding; ``None`` when no frame holds one.
    """
    ours = {id(d): d for d in documents}
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for attribute in (False, True):  # a document itself first, then a holder's ``.doc``
        for frame in reversed(frames):
            for value in frame.f_locals.values():
                if attribute:
                    try:
                        value = getattr(value, "doc", None)
                    except Exception:  # a property that raises: not a holder
                        continue
                if isinstance(value, LoadedDocument) and id(value) in ours:
                    return value
    return None
