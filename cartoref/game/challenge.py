"""A solo challenge: the same game for everyone (the official app's weekly challenge, at home).
Its seed fixes the edicts, every season's deck order and where the ambushes come, so a
challenge is its edition's choices, its sheet and its seed, published as a short code
(``BAO-2K9F1Q-7``) or as a small file that names the edicts too (docs/challenge.md).

The code: the edition's letter (B base, H heroes, C combined), the sheet's letter (A-D), the
ambush deck's letter (O the edition's own, P the promo ambushes, M mixed), the seed in base 36,
and a check letter, so that a code typed wrong is refused rather than dealing another game.

Pure: text in, values out; nothing here reads a file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import UsageError
from ..i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import Catalog
    from .values import Setup

MAGIC = "cartoref-challenge"
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_EDITIONS = {"B": "base", "H": "heroes", "C": "combined"}
_AMBUSHES = {"O": None, "P": "promo", "M": "mixed"}
_SHEETS = {"A": "wilderness", "B": "wastelands", "C": "heroes-wilderness", "D": "heroes-wastelands"}


class Challenge(NamedTuple):
    """What every player of a challenge plays: the edition and its choices, the sheet, the seed
    (and the edicts it deals, for people to read)."""

    name: str
    edition: str
    sheet: str
    seed: int
    ambushes: str | None = None  # as ``new --ambushes`` takes it; None: the edition's own
    explore: str | None = None
    heroes: bool | None = None
    seasons: str | None = None
    edicts: tuple[str, ...] = ()

    @property
    def code(self) -> str | None:
        """The short code (None when a choice is beyond what a code says: the file carries it)."""
        edition = _key(_EDITIONS, self.edition)
        sheet = _key(_SHEETS, self.sheet)
        ambush = _key(_AMBUSHES, self.ambushes)
        if None in (edition, sheet, ambush) or (self.explore, self.heroes, self.seasons) != (None, None, None):
            return None
        body = f"{edition}{sheet}{ambush}-{_base36(self.seed)}"
        return f"{body}-{_check(body)}"


def _key(table: dict[str, Any], value: object) -> str | None:
    return next((k for k, v in table.items() if v == value), None)


def _base36(n: int) -> str:
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = _DIGITS[d] + out
        if not n:
            return out


#: The check letter's weights, each prime to 36: a character typed wrong always changes the sum.
_WEIGHTS = (1, 5, 7, 11, 13, 17, 19, 23, 25, 29, 31, 35)


def _check(body: str) -> str:
    """A check letter over the code: a typo in any one character changes it."""
    plain = body.replace("-", "")
    total = sum(_WEIGHTS[i % len(_WEIGHTS)] * _DIGITS.index(ch) for i, ch in enumerate(plain))
    return _DIGITS[total % 36]


def parse_code(text: str) -> Challenge:
    """A challenge from its short code (any case, dashes and spaces optional)."""
    plain = "".join(ch for ch in text.upper() if ch.isalnum())
    bad = UsageError(_("{code}: not a challenge code (like BAO-2K9F1Q-7: the edition, sheet and ambush letters, "
                       "the seed, a check letter)").format(code=repr(text)), code="bad-challenge")
    if len(plain) < 5 or any(ch not in _DIGITS for ch in plain):
        raise bad
    letters, seed, check = plain[:3], plain[3:-1], plain[-1]
    edition, sheet, ambushes = _EDITIONS.get(letters[0]), _SHEETS.get(letters[1]), letters[2]
    if edition is None or sheet is None or ambushes not in _AMBUSHES:
        raise bad
    body = f"{letters}-{seed}"
    if _check(body) != check:
        raise UsageError(_("{code}: the check letter does not match; a character was typed wrong").format(
            code=repr(text)), code="bad-challenge")
    return Challenge("", edition, sheet, int(seed, 36), _AMBUSHES[ambushes])


def setup_of(challenge: Challenge, cards: Catalog, player: str = "Solo", map_file: str | None = None) -> Setup:
    """The setup of a solo game of ``challenge`` (the seed deals its edicts and decks)."""
    from .editions import choose
    from .opening import new_game

    edition = choose(cards, challenge.edition, explore=challenge.explore, ambushes=challenge.ambushes,
                     heroes=challenge.heroes, seasons=challenge.seasons)
    return new_game(challenge.seed, (player,), solo=True, sheet=challenge.sheet, map=map_file, edition=edition,
                    cards=cards).setup


def format_challenge(challenge: Challenge, cards: Catalog) -> str:
    """The challenge file: what a player's ``new --challenge FILE`` and the organiser's
    ``challenge verify`` read back."""
    import yaml

    setup = setup_of(challenge, cards)
    data: dict[str, Any] = {MAGIC: 1, "name": challenge.name}
    if challenge.code:
        data["code"] = challenge.code
    data.update({"edition": challenge.edition, "sheet": challenge.sheet, "seed": challenge.seed})
    for key in ("ambushes", "explore", "heroes", "seasons"):
        if getattr(challenge, key) is not None:
            data[key] = getattr(challenge, key)
    data["edicts"] = list(setup.edicts)
    head = ("# A cartoref solo challenge: everyone plays the same edicts and decks (the seed deals them).\n"
            "# Play it: cartoref new --solo --challenge THIS-FILE (or its code); hand in the game file and its map.\n")
    return head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def parse_challenge(text: str, name: str, cards: Catalog) -> Challenge:
    """A challenge file read back; its edicts are checked against what its seed deals (a file
    changed by hand is refused rather than played as another game)."""
    from ..yamlsafe import Limits, load_record

    def bad(why: str) -> UsageError:
        return UsageError(_("{file}: not a cartoref challenge file ({why})").format(file=name, why=why),
                          code="bad-challenge")

    data, why = load_record(text, MAGIC, Limits(nodes=200, depth=4, scalar=200))
    if data is None:
        raise bad(why)
    try:
        challenge = Challenge(str(data.get("name") or ""), str(data["edition"]), str(data["sheet"]),
                              int(data["seed"]), _opt(data, "ambushes"), _opt(data, "explore"),
                              data.get("heroes") if isinstance(data.get("heroes"), bool) else None,
                              _opt(data, "seasons"), tuple(str(e) for e in data.get("edicts") or ()))
    except (KeyError, TypeError, ValueError) as e:
        raise bad(_("{key} is missing or wrong").format(key=str(e))) from None
    dealt = setup_of(challenge, cards).edicts
    if challenge.edicts and challenge.edicts != dealt:
        raise bad(_("its edicts are not the ones its seed deals ({edicts})").format(edicts=", ".join(dealt)))
    if "code" in data and str(data["code"]) != challenge.code:
        raise bad(_("its code {code} is not its edition, sheet and seed's ({right})").format(
            code=data["code"], right=challenge.code))
    return challenge._replace(edicts=dealt)


def _opt(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    return None if value is None else str(value)
