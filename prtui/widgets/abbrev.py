"""Short names for tight spaces: the full vocabulary name when it fits, a short
form of it when not, so a role card or a city space is never cut mid-word."""

from __future__ import annotations

from prtui.vocabulary import Vocabulary

# buildings: a city space holds the name, a space and up to three circles
SHORT_CLASSIC = {  # roles: at most 6 cells, so a taken card still shows its taker
    "settler": "Settl.",
    "builder": "Build.",
    "captain": "Capt.",
    "craftsman": "Craft.",
    "prospector": "Prosp.",
    "prospector2": "Prosp.",
    "small_indigo_plant": "sm. indigo",
    "small_sugar_mill": "sm. sugar",
    "indigo_plant": "indigo pl.",
    "tobacco_storage": "tobacco st.",
    "coffee_roaster": "coffee rst.",
    "small_market": "sm. market",
    "construction_hut": "constr. hut",
    "small_warehouse": "sm. wareh.",
    "large_market": "lg. market",
    "large_warehouse": "lg. wareh.",
    "customs_house": "customs h.",
}
SHORT_1897 = {
    **SHORT_CLASSIC,
    "settler": "Plant.",
    "mayor": "Recr.",
    "prospector": "Adven.",
    "prospector2": "Adven.",
    "small_indigo_plant": "Sm. Fruit Wh.",
    "indigo_plant": "Lg. Fruit Wh.",
    "small_sugar_mill": "Sm. Sugar",
    "sugar_mill": "Lg. Sugar",
    "construction_hut": "Bldrs Yard",
    "guild_hall": "Fire Stn.",
}


def fit_name(vocab: Vocabulary, ident: str, width: int, title: bool = False) -> str:
    """The edition's name of ``ident`` in at most ``width`` cells: full, short, or cut."""
    name = vocab.title(ident) if title else vocab(ident)
    if len(name) <= width:
        return name
    table = SHORT_1897 if vocab.edition == "1897" else SHORT_CLASSIC
    short = table.get(ident, name)
    if title:
        short = short[:1].upper() + short[1:]
    return short if len(short) <= width else short[: max(1, width)]


def seat_tag(name: str, width: int) -> str:
    """A player's name squeezed for a one-line role card: "bot 2 (medium)" -> "bot2"."""
    base = name.split(" (")[0].replace(" ", "")
    return base[: max(1, width)]
