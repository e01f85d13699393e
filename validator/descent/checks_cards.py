"""Items, prices and the shop table (QDJ260-269); the Overlord deck (QDJ270-279)."""

from __future__ import annotations

from collections.abc import Iterator

from questforge.validator.context import CheckContext
from questforge.validator.descent.catalogue import dj_check
from questforge.validator.descent.common import model
from questforge.validator.findings import Finding

_POTION_ENTRY = {"healing": "healing-potion", "vitality": "vitality-potion"}


@dj_check(
    "QDJ260",
    severity="warning",
    title="Item price does not match the shop table",
    description="A copper, silver or gold treasure's `price` (what discarding it pays, "
    "DJ-TREAS-05..07) differs from the shop's price for a draw from that deck; a potion's "
    "price differs from the shop's potion price; a relic has a price though relics cannot be "
    "sold (DJ-TREAS-13).",
    example='A copper treasure with `"price": 300` while the shop sells copper draws at 250.',
    fix="Use the shop table's price, or change the shop table.",
    rules=("DJ-SHOP-01", "DJ-TREAS-05", "DJ-TREAS-13"),
)
def item_prices_match(ctx: CheckContext) -> Iterator[Finding]:
    pack = model(ctx)
    shops = list(pack.shops.values())
    shop = shops[0] if len(shops) == 1 else None
    for doc in ctx.of_kind("item"):
        data = doc.data
        tier, price = data["tier"], data.get("price")
        if tier == "relic":
            if price is not None:
                yield ctx.finding(
                    item_prices_match, "relics cannot be sold: remove the price", doc, ("price",)
                )
            continue
        if shop is None or price is None:
            continue
        entry = _POTION_ENTRY.get(data.get("potion", "")) if data["type"] == "potion" else tier
        expected = shop.prices.get(entry or "")
        if expected is not None and price != expected:
            yield ctx.finding(
                item_prices_match,
                f"price {price} differs from the shop's {entry} price {expected}",
                doc,
                ("price",),
            )


@dj_check(
    "QDJ261",
    severity="warning",
    title="Sale price is not half the buying price",
    description="Items sell for half their value rounded down to 25 (DJ-SHOP-04, DJ-REF-36): "
    "the shop table's sale price for a treasure tier should be half its draw price.",
    example='Copper draws at 250 but `"sell": {"copper": 200}`.',
    fix="Set the sale price to half the draw price, rounded down to 25.",
    rules=("DJ-SHOP-04", "DJ-REF-36"),
)
def sale_prices_half(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("shop"):
        prices = {e["buy"]: e["price"] for e in doc.data["entries"]}
        for tier, sale in doc.data["sell"].items():
            if tier in prices:
                expected = prices[tier] // 2 // 25 * 25
                if sale != expected:
                    yield ctx.finding(
                        sale_prices_half,
                        f"{tier} sells for {sale}; half of {prices[tier]} rounded down to 25 is "
                        f"{expected}",
                        doc,
                        ("sell", tier),
                    )


@dj_check(
    "QDJ262",
    severity="error",
    title="Item incomplete for its type",
    description="A weapon needs an attack type and dice; a potion needs its potion kind; a "
    "shop item needs a price; a weapon or shield needs hands (DJ-TURN-02).",
    example='A weapon without `"dice"`.',
    fix="Add the missing field.",
    rules=("DJ-TURN-02", "DJ-ATK-01"),
)
def items_complete(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("item"):
        data = doc.data
        missing = []
        if data["type"] == "weapon":
            missing += [k for k in ("attack", "dice") if not data.get(k)]
        if data["type"] in ("weapon", "shield") and not data.get("hands"):
            missing.append("hands")
        if data["type"] == "potion" and "potion" not in data:
            missing.append("potion")
        if data["tier"] == "shop" and "price" not in data:
            missing.append("price")
        for key in missing:
            yield ctx.finding(
                items_complete, f"a {data['tier']} {data['type']} needs {key!r}", doc, ()
            )


@dj_check(
    "QDJ270",
    severity="warning",
    title="Spawn card needs more models than the pack has",
    description="A spawn card places more normal or master monsters of one kind than that "
    "monster's `models`; the extra monsters could never be spawned (DJ-SPAWN-02).",
    example="A card spawning 3 master gloomkin when the monster has 1 master model.",
    fix="Spawn fewer or raise the models count.",
    rules=("DJ-SPAWN-01", "DJ-SPAWN-02"),
)
def spawn_within_models(ctx: CheckContext) -> Iterator[Finding]:
    monsters = model(ctx).monsters
    for doc in ctx.of_kind("overlord-card"):
        for i, group in enumerate(doc.data.get("spawn", ())):
            m = monsters.get(group["monster"])
            if m is None:
                continue
            for rank in ("normal", "master"):
                if group.get(rank, 0) > m.models[rank]:
                    yield ctx.finding(
                        spawn_within_models,
                        f"spawns {group[rank]} {rank} {m.id} but the pack has "
                        f"{m.models[rank]} model(s)",
                        doc,
                        ("spawn", i, rank),
                    )


@dj_check(
    "QDJ271",
    severity="error",
    title="Overlord card incomplete for its type",
    description="A spawn card needs a `spawn` list of at least one monster; a trap or event "
    "needs a `trigger`; a power needs a `bonus` (DJ-REF-28).",
    example='A trap card without `"trigger"`.',
    fix="Add the missing field or change the card's type.",
    rules=("DJ-REF-28",),
)
def overlord_cards_complete(ctx: CheckContext) -> Iterator[Finding]:
    need = {"spawn": "spawn", "trap": "trigger", "event": "trigger", "power": "bonus"}
    for doc in ctx.of_kind("overlord-card"):
        key = need[doc.data["type"]]
        value = doc.data.get(key)
        empty = not value or (
            key == "spawn" and not any(g.get("normal", 0) + g.get("master", 0) for g in value)
        )
        if empty:
            yield ctx.finding(
                overlord_cards_complete, f"a {doc.data['type']} card needs {key!r}", doc, ()
            )
