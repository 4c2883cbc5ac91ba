"""A drawing as a value, what a card offers to draw, and the coin track.

Sheets only: nothing here reads or writes a file or knows a command.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import AmbushCard, ExploreCard, Kind, ShapeOption
from ..cardtypes import shown_name
from ..errors import IllegalPlacement
from ..grid import Sheet, Terrain, cells_label, count, enclosed, iter_cells
from ..i18n import _

Card = ExploreCard | AmbushCard


@dataclass(frozen=True, slots=True, repr=False)
class Drawing:
    """A drawing of a card on a sheet: its spaces, terrain, shape option and the coins it earns.

    Two drawings are equal when they draw the same card, spaces, terrain and option on the same
    sheet. ``after`` and ``mountains`` are worked out on first use only, because
    ``legal_drawings`` makes many drawings that a caller may never look into.
    """

    card: Card
    mask: int
    terrain: Terrain
    option: int | None  # 1-based shape option drawn; None for the single-space fallback
    coin_shape: bool  # the option drawn carries a coin
    before: Sheet
    also: Terrain | None = None  # a second terrain on the same spaces (Diplomacy: farm and village)
    _after: Sheet | None = field(default=None, init=False, compare=False)
    _mountains: int | None = field(default=None, init=False, compare=False)

    @property
    def initial(self) -> str | None:
        """The initial a Heroes monster writes in its spaces: its ambush's, when drawn with the
        ambush's shape; none for the single space drawn because the shape fits nowhere."""
        if isinstance(self.card, AmbushCard) and self.card.initial and self.option is not None:
            return self.card.initial
        return None

    @property
    def destroyed(self) -> int:
        """The monster spaces this drawing puts inside a hero's attack zone: destroyed at once."""
        return self.mask & self.before.attacks if self.terrain is Terrain.MONSTER else 0

    @property
    def after(self) -> Sheet:
        """The sheet with this drawing on it (monster spaces in an attack zone destroyed)."""
        if self._after is None:
            drawn = self.before.with_drawn(self.mask, self.terrain, self.initial)
            if self.also is not None:
                drawn = drawn.with_also(self.mask, self.also)
            if self.destroyed:
                drawn = drawn.with_destroyed(self.destroyed)
            object.__setattr__(self, "_after", drawn)
        assert self._after is not None
        return self._after

    @property
    def mountains(self) -> int:
        """The mountains this drawing surrounds for the first time (each earns a coin)."""
        if self._mountains is None:
            filled = self.before.filled
            peaks = self.before.mountains
            # docs/rulings.md, "Mountain coins": compared before and after the drawing.
            new = peaks & enclosed(filled | self.mask) & ~enclosed(filled)
            object.__setattr__(self, "_mountains", new)
        assert self._mountains is not None
        return self._mountains

    @property
    def fallback(self) -> bool:
        """Whether this is the single-space fallback rather than one of the card's shapes."""
        return self.option is None

    @property
    def coins(self) -> int:
        """Coins earned: one for a coin shape, one per mountain newly surrounded."""
        return int(self.coin_shape) + count(self.mountains)

    def coin_reasons(self) -> list[str]:
        """One short line per coin earned, for a human reader."""
        out = [_("coin shape")] if self.coin_shape else []
        out += [_("surrounded the mountain at {space}").format(space=c.label) for c in iter_cells(self.mountains)]
        return out

    def __repr__(self) -> str:
        if self.option is None:
            how = "single-space fallback"
        else:
            how = f"option {self.option}" + (" (coin)" if self.coin_shape else "")
        return f"Drawing({self.card.name}, {how}, {self.terrain.word} on {cells_label(self.mask)})"


def card_options(card: Card) -> tuple[ShapeOption, ...]:
    """The shape options a card offers (an ambush offers its monster shape, without a coin)."""
    if isinstance(card, AmbushCard):
        return (ShapeOption(card.shape, False),)
    if card.kind == Kind.RUINS:
        raise ruins_card_refusal(card)
    return card.options


def ruins_card_refusal(card: ExploreCard, spaces: int = 0) -> IllegalPlacement:
    """The refusal of a ruins card where a shape is wanted (code ``ruins-card``)."""
    return IllegalPlacement(
        _("{card} is a ruins card: it has no shape; the next explore card's shape must cover an empty ruins space")
        .format(card=shown_name(card)),
        code="ruins-card", card=card.id, spaces=spaces,
    )


def card_terrains(card: Card) -> tuple[Terrain, ...]:
    """The terrains a card lets the player choose (monster for an ambush)."""
    return (Terrain.MONSTER,) if isinstance(card, AmbushCard) else card.terrains


def add_coins(held: int, gained: int, track: int) -> tuple[int, int]:
    """The coins on a track of ``track`` spaces after gaining some, and how many did not fit."""
    if not 0 <= held <= track or gained < 0:
        raise ValueError(f"cannot add {gained} coins to {held} on a track of {track}")
    # docs/rulings.md, "Coin track cap": coins beyond the track are not marked.
    coins = min(held + gained, track)
    return coins, held + gained - coins
