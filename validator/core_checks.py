"""Core semantic checks (``QC1xx``): pack-level rules that hold for every ruleset.

Ruleset-specific checks (references between Gloomhaven kinds, map geometry, ...) live in
``questforge.validator.<ruleset>``; these only use what every pack has: kinds, ids, the
manifest and the ``pack-id:content-id`` reference form. (``QC103``, a kind of another
ruleset, is found by the schema stage, which looks kinds up by (ruleset, kind).)
"""

from __future__ import annotations

from collections.abc import Iterator

from questforge.validator.checks import CORE, check
from questforge.validator.context import CheckContext
from questforge.validator.findings import Finding


@check(
    "QC101",
    ruleset=CORE,
    severity="error",
    title="Duplicate id",
    description="Two documents of the same kind in one pack have the same id; references "
    "to that id would be ambiguous. Ids must be unique per kind within a pack.",
)
def unique_ids(ctx: CheckContext) -> Iterator[Finding]:
    first: dict[tuple[str, str], str] = {}
    for doc in ctx.documents:
        kind, ident = doc.kind, doc.id
        if kind is None or ident is None:
            continue
        key = (kind, ident)
        if key in first:
            yield ctx.finding(
                unique_ids,
                f"{kind} id {ident!r} is already used by {first[key]}",
                doc,
                ("id",),
                hint="ids must be unique per kind within a pack: rename one of them",
                related=[(first[key], ("id",))],
            )
        else:
            first[key] = doc.name


@check(
    "QC102",
    ruleset=CORE,
    severity="error",
    title="More than one pack manifest",
    description="A pack has exactly one manifest, pack.json at its root; another document of "
    'kind "pack" inside the pack is refused.',
)
def single_manifest(ctx: CheckContext) -> Iterator[Finding]:
    manifests = [d for d in ctx.documents if d.kind == "pack"]
    if ctx.pack is None or len(manifests) <= 1:
        return
    root_manifest = ctx.pack.manifest_path
    for doc in manifests:
        if doc.path is not None and doc.path.absolute() != root_manifest.absolute():
            yield ctx.finding(
                single_manifest,
                "a second pack manifest inside the pack",
                doc,
                ("kind",),
                hint="move the folder out to make it a separate pack",
            )


@check(
    "QC104",
    ruleset=CORE,
    severity="error",
    title="Unknown ruleset",
    description="The pack manifest names a ruleset that is not installed, so its content "
    "kinds and checks are unknown.",
)
def ruleset_is_known(ctx: CheckContext) -> Iterator[Finding]:
    manifest = next((d for d in ctx.documents if d.kind == "pack"), None)
    if manifest is None or not isinstance(manifest.data, dict):
        return
    name = manifest.data.get("ruleset")
    if not isinstance(name, str):
        return
    try:
        from questforge.engine import rulesets

        if rulesets.find(name) is not None:  # a built-in needs no scan of the plug-ins
            return
        known = [r.id for r in rulesets.all_rulesets()]
    except Exception:
        return
    if name not in known:
        yield ctx.finding(
            ruleset_is_known,
            f"ruleset {name!r} is not installed",
            manifest,
            ("ruleset",),
            hint="installed rulesets: " + (", ".join(known) or "none"),
        )
