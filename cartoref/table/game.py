"""The table: one game file opened for one command, read once under its lock, that knows what
is at hand (``game.athand``) and does every game command and every map command of a game.

    with Table.open(path) as table:      # the lock is held until the block ends (store=: a database)
        table.at_hand.card               # the card on the table
        table.place("ann.yaml", None, mask, terrain=Terrain.FARM)

``Table.read(path)`` reads without keeping the lock, for the commands that only look. A game
lives in a store (``cartoref.store``: the files by default, or a database): ``Table(store, key,
state)``, its key a path in the store; its maps and seat book are keys beside it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .. import files
from .. import game as games
from ..cards import AmbushCard, Season, SkillCard
from ..cardtypes import season_in_sentence, shown_name
from ..errors import CartorefError, IllegalAction, UsageError
from ..game import Draw, GameState, Record, RecordEvent, SoloSheet
from ..game.athand import AtHand, at_hand, turn_of
from ..grid import Cell, cells_label, mask_of
from ..i18n import _
from ..mapedit import edit_map, lock_map, update_map_text
from ..mapfile import MapFile, parse_map, player_map, read_map, read_map_text, with_player_map
from ..moves import check_drawing
from ..moves import effects as fx
from ..moves import playermap as pm
from ..store import current
from .desk import Card, Desk, drawing_card
from .gamefile import lock_game, read_game, refuse_other_side, save, solo_map_path
from .results import Drawn, HandScores, Recorded, ScoringSeason, SoloMonster, Undone

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Action, Standings
    from ..game.forecast import Forecast
    from ..moves.lookahead import Outlook
    from ..moves.playermap import Turn
    from ..store import Store
    from .lookup import PadRows


#: The solo maps this run completed (``Table.complete_solo_map``), whatever command opened the
#: game: the shell says so once, even for a command that prints JSON or the log.
COMPLETED: list[str] = []


class Table(Desk):
    """A game at hand: its file, its state, what is at hand, and every command on it."""

    def __init__(self, store: Store, path: str, state: GameState):
        self.store = store
        self.path = path
        self.state = state
        self.completed: str | None = None  # the solo map a cut-short draw was completed on

    @classmethod
    @contextmanager
    def open(cls, path: str, *, complete: bool = True, store: Store | None = None) -> Iterator[Table]:
        """The game at ``path`` in ``store`` (the run's store by default), read under its lock, held
        until the block ends. A solo draw cut short between its two writes is completed first
        (``complete_solo_map``)."""
        store = store or current()
        with lock_game(path, store):
            table = cls(store, path, read_game(path, store=store))
            if complete:
                table.complete_solo_map()
            yield table

    @classmethod
    def read(cls, path: str, *, complete: bool = True, store: Store | None = None) -> Table:
        """The game at ``path``, read under its lock (released at once: for looking only;
        ``complete=False`` writes nothing at all, for the table page)."""
        with cls.open(path, complete=complete, store=store) as table:
            return table

    def complete_solo_map(self) -> str | None:
        """A solo draw is two writes, the game then its map. Should a run die between them, the
        game's last draw names the monster's spaces and the map's history lacks it: the map is
        completed from the log, as the draw would have written it. Also the map's path, when
        it was completed."""
        map_path = self.solo_map
        last = self.state.log[-1] if self.state.log else None
        if map_path is None or not isinstance(last, Draw) or not last.monster:
            return None
        turn = turn_of(self.state)
        assert turn is not None
        ambush = next(c for c in (self.state.card(x) for x in last.revealed) if isinstance(c, AmbushCard))
        mask = mask_of(Cell.parse(x) for x in last.monster)

        def change(mf: MapFile) -> tuple[MapFile, bool]:
            mine = player_map(mf)
            if mine.drawn_on(turn) is not None or mask & mf.sheet.filled:
                return mf, False  # written, or the map has moved on since: left as it is
            drawing = check_drawing(mf.sheet, ambush, mask)
            return with_player_map(mf, pm.draw(mine, drawing, turn=turn).after), True

        try:
            if edit_map(map_path, change, store=self.store):
                self.completed = map_path
                COMPLETED.append(map_path)
        except CartorefError:
            return None  # a map cartoref cannot read: the draw said so when it was made
        return self.completed

    @cached_property
    def at_hand(self) -> AtHand:
        """What is at hand: the card on the table, its season and edicts, the side, the players."""
        return at_hand(self.state)

    @property
    def turn(self) -> Turn | None:  # type: ignore[override]
        return self.at_hand.turn

    @property
    def solo_map(self) -> str | None:
        """The solo map file, as a path usable from here."""
        return solo_map_path(self.state, self.path)

    def _save(self, state: GameState) -> None:
        save(self.path, state, self.store)
        self.state = state
        self.__dict__.pop("at_hand", None)

    def _save_draw(self, state: GameState, revealed: tuple[str, ...]) -> None:
        # For a person, should the run be interrupted ("Interrupted after revealing ...").
        files.REVEALING[self.path] = [shown_name(state.card(c)) for c in revealed]
        self._save(state)

    # ------------------------------------------------------------------------ what is at hand

    def card(self, name: str | None, ruins: bool) -> tuple[Card, bool]:
        """The card on the table (a different card named is refused) and its ruins obligation."""
        now = self.at_hand
        if now.card is None:
            raise UsageError(_("{file}: no card has been drawn yet").format(file=self.path), code="no-card-yet")
        if name is not None and drawing_card(name, self.state.catalog).id != now.card.id:
            raise UsageError(_("{card} is not the card on the table: {on_table} (from {file})").format(
                card=shown_name(drawing_card(name)), on_table=shown_name(now.card), file=self.path),
                code="not-on-table")
        return now.card, ruins or now.ruins

    def ambush(self, name: str) -> AmbushCard:
        """The ambush named, which must be the card on the table (as ``card`` refuses another)."""
        ambush = self.state.catalog.ambush(name)
        self.card(name, False)
        return ambush

    def season_and_edicts(self, mf: MapFile, season: str | None, edicts: tuple[str, ...] | None
                          ) -> tuple[str, tuple[str, ...]]:
        """The season the card on the table belongs to (the last card of a season belongs to the
        season it ends) and the game's edicts; a season or edicts named must agree."""
        now = self.at_hand
        if edicts is not None and tuple(edicts) != self.state.setup.edicts:
            raise UsageError(_("the edicts named are not this game's ({edicts})").format(
                edicts=", ".join(self.state.setup.edicts)), code="wrong-edicts")
        if season is not None and season != now.season.id:
            raise UsageError(_("the card on the table belongs to {season}, not {named}").format(
                season=season_in_sentence(now.season), named=season), code="wrong-season")
        return now.season.id, self.state.setup.edicts

    def seasons(self) -> tuple[Season, ...]:
        """The game's own season cards."""
        return tuple(self.state.seasons)

    def on_solo_map(self, map_path: str) -> bool:
        return self.solo_map is not None and _same(map_path, self.solo_map)

    def skill(self, name: str) -> tuple[SkillCard, str]:
        """A skill face up in this game, and the season of the card on the table."""
        from ..errors import UnknownCardError

        dealt = self.state.setup.skills
        if not dealt:
            raise UsageError(_("--skill: this game was set up without skills (cartoref new --skills)"),
                             code="no-skills")
        try:
            skill = self.state.catalog.skill(name)
        except UnknownCardError as e:
            raise UsageError(f"--skill: {e}", code="unknown-skill") from None
        if skill.id not in dealt:
            raise UsageError(_("--skill: {skill} is not face up in this game ({dealt})").format(
                skill=shown_name(skill), dealt=", ".join(shown_name(self.state.catalog.skill(s)) for s in dealt)),
                code="skill-not-dealt")
        if self.at_hand.card is None:
            raise UsageError(_("--skill: no card is on the table yet (cartoref draw)"), code="no-card")
        return skill, self.at_hand.season.id

    def season_order(self, season: str | None) -> tuple[str, tuple[str, ...] | None]:
        """The last season that ended, and the after-scoring effects in their reveal order."""
        if games.ended_seasons(self.state) == 0:
            raise IllegalAction(_("{season} is still running: its effects come after its scoring").format(
                season=season_in_sentence(games.season(self.state))), code="season-running")
        ended = games.season_to_record(self.state)
        # Seasons by id here (``spring``), as they are named to the command.
        if season is not None and season != ended:
            raise UsageError(_("the season just scored is {ended}, not {named}").format(ended=ended, named=season),
                             code="wrong-season")
        if ended == self.state.seasons[-1].id:
            raise IllegalAction(_("the game ended with {season}'s scoring: no effect comes after it").format(
                season=ended), code="game-over")
        return ended, tuple(games.after_scoring(self.state))

    def check_map(self, mf: MapFile, purpose: str) -> None:
        """The game's guards on a map: its side; a card drawn once per map; a season's effects
        only after that season is recorded (unless forced)."""
        refuse_other_side(mf.name, mf.sheet.side, self.at_hand.side)
        if purpose in ("place", "hint", "hint-against") and self.turn is not None:  # "place-also": a skill's
            # drawing added to the card's own (a second drawing for the same card)
            done = player_map(mf).drawn_on(self.turn)
            if done is not None:
                card = self.at_hand.card
                name = shown_name(card) if card is not None else done.card
                if self.solo_map is not None and _same(mf.name, self.solo_map) and isinstance(card, AmbushCard):
                    raise IllegalAction(_("{file}: cartoref already drew {card}'s monster at {spaces}").format(
                        file=mf.name, card=name, spaces=cells_label(done.cells)), code="monster-drawn",
                        card=done.card, spaces=done.cells)
                raise IllegalAction(_("{file}: this map has already drawn {card}, the card on the table (at {spaces}); "
                                      "take that drawing back first to draw it again").format(
                                          file=mf.name, card=name, spaces=cells_label(done.cells)),
                                    code="already-drawn", card=done.card, spaces=done.cells)
        if purpose == "season-end":
            season = games.season_to_record(self.state)
            if not self._recorded(mf, season):
                raise IllegalAction(_("{file}: no score of this map is recorded for {season}: its effects come after "
                                      "its scoring").format(file=mf.name, season=season), code="not-recorded")

    def check_pass(self, drawer: MapFile, victim: MapFile, card: Card) -> None:
        """An ambush's monster is drawn on the map passed to its drawer: in a solo game cartoref
        draws it; with several players, the maps go round in the card's arrow's direction."""
        super().check_pass(drawer, victim, card)
        assert isinstance(card, AmbushCard)
        if self.at_hand.solo:
            raise UsageError(_("in a solo game no map is passed: the monster is drawn by the solo procedure"),
                             code="against-solo")
        if drawer.player is None or victim.player is None:
            return
        pairs = games.passes(self.state.setup.players, card.arrow)
        names = {p.lower(): p for p in self.state.setup.players}
        got = (names.get(victim.player.strip().lower()), names.get(drawer.player.strip().lower()))
        if None not in got and got not in pairs:
            gets = next(b for a, b in pairs if a == got[0])
            raise UsageError(_("{owner}'s map goes to {gets} for {card}, not to {drawer}").format(
                owner=got[0], gets=gets, card=shown_name(card), drawer=got[1]), code="wrong-pass")

    def _recorded(self, mf: MapFile, season: str) -> bool:
        """Whether this map's score for ``season`` is in the game (by its player, or by its file)."""
        k = [s.id for s in self.state.seasons].index(season)
        for player, row in zip(self.state.setup.players, self.state.scores):
            rec = row[k]
            if rec is None:
                continue
            if mf.player is not None and mf.player.strip().lower() == player.lower():
                return True
            if rec.source and _same(rec.source, mf.name):
                return True
        return False

    def effects_done(self) -> bool:
        """Whether every map of the last ended season is known (recorded from its file) and has
        its after-scoring effects applied."""
        if not games.ended_seasons(self.state):
            return False
        k = [s.id for s in self.state.seasons].index(games.season_to_record(self.state))
        records = [row[k] for row in self.state.scores]
        return all(r is not None and r.source for r in records) and not self.pending_effects()

    def pending_effects(self) -> list[str]:
        """The map files recorded for the last ended season whose after-scoring effects are not yet
        applied (none after winter, none when no such effect was revealed)."""
        if not games.ended_seasons(self.state) or games.game_over(self.state):
            return []
        season = games.season_to_record(self.state)
        if not games.after_scoring(self.state, season):
            return []
        k = [s.id for s in self.state.seasons].index(season)
        out = []
        for row in self.state.scores:
            rec = row[k]
            if rec is None or not rec.source:
                continue
            try:
                mf = read_map(rec.source, store=self.store)
            except CartorefError:
                continue
            if season not in mf.resolved:
                out.append(rec.source)
        return out

    # ------------------------------------------------------------------------ game commands

    def draw(self) -> Drawn:
        """Reveal the next card(s); in a solo game on a map file, draw an ambush's monster on that
        map too (kept in its history, so ``unplace`` and ``undo`` can take it back)."""
        before = self.state
        map_path = self.solo_map
        if map_path is None:
            after, event = games.apply(before, Draw())
            self._save_draw(after, event.revealed)
            return Drawn(before, after, event, None)
        with ExitStack() as stack:
            mf, text, error = None, "", None
            try:
                stack.enter_context(lock_map(map_path, self.store))
                text = read_map_text(map_path, self.store)
                mf = parse_map(text, map_path)
            except CartorefError as e:
                error = e.render().splitlines()[0]
            solo = SoloSheet(mf.sheet, mf.coins, mf.resolved) if mf is not None else None
            after, event = games.apply(before, Draw(), solo=solo)
            new_text = None
            if mf is not None and event.ambush is not None and event.monster is not None:

                outcome = pm.draw(player_map(mf), event.monster, turn=turn_of(after))
                # Before anything is saved: a map cartoref cannot rewrite stops the draw.
                new_text = update_map_text(text, with_player_map(mf, outcome.after))
            # The game first: should the map's write fail, undo still knows where the monster is.
            self._save_draw(after, event.revealed)
            if event.ambush is None:
                return Drawn(before, after, event, None)

            if mf is not None and fx.effect_of(event.ambush) == fx.GORGON:
                return Drawn(before, after, event, SoloMonster(map_path, yours=event.ambush))
            if mf is None or event.monster is None or new_text is None:
                return Drawn(before, after, event, SoloMonster(map_path, error=error))
            self.store.write(map_path, new_text)
            return Drawn(before, after, event,
                         SoloMonster(map_path, event.monster.mask, event.monster_coins, event.coins_lost))

    def record(self, player: str, *, map_file: str | None = None, scores: HandScores | None = None,
               season: str | None = None, replace: bool = False) -> Recorded:
        """Keep a player's score for an ended season (the last one by default), scored from their
        map file or given by hand."""
        if (map_file is None) == (scores is None):
            raise UsageError(_("record needs a map file or the hand-scored boxes, not both"), code="record-how")
        recorded = self._with_record(self.state, player, map_file, scores, season, replace)
        self._save(recorded.state)
        return recorded

    def record_maps(self, maps: list[tuple[str, str, MapFile]]) -> list[Recorded]:
        """Keep the last ended season's score of each (player, map file, that file as read now),
        in one write of the game: a season's end at a table of a hundred wrote the game file a
        hundred times, while every drawing waited. None is kept when one is refused."""
        state, out = self.state, []
        for player, map_file, mf in maps:
            out.append(self._with_record(state, player, map_file, None, None, False, mf))
            state = out[-1].state
        if out:
            self._save(state)
        return out

    def _with_record(self, state: GameState, player: str, map_file: str | None, scores: HandScores | None,
                  season: str | None, replace: bool, mf: MapFile | None = None) -> Recorded:
        wanted = season or games.season_to_record(state)
        report = None
        if map_file is not None:
            mf = mf or read_map(map_file, store=self.store)
            check_map_for_game(state, mf, player, wanted)
            rec, report = games.score_for_record(state, player, mf.sheet, mf.coins_scored, season_id=wanted,
                                                 replace_=replace, source=map_file)
        else:
            assert scores is not None
            rec = Record(player, wanted, *scores, replace=replace)
        after, event = games.apply(state, rec)
        assert isinstance(event, RecordEvent)
        return Recorded(after, event, report, mf.warnings if mf else ())

    def withdraw(self, player: str) -> None:
        """Take back a player's record of the season the card on the table ends (kept since that
        card was revealed): their drawing of it was taken back, so the season scores them again."""
        self._save(games.withdraw(self.state, player, self.at_hand.season.id))

    def undo(self) -> Undone:
        """Take back the last action of the game; a monster cartoref drew on the solo map for it
        is taken back too, with its coins and all it did."""
        state = self.state
        after, undone = games.undo(state)
        result = Undone(after, undone)
        map_path = self.solo_map
        if isinstance(undone, Draw) and undone.monster and map_path is not None:

            turn = turn_of(state)
            wanted = mask_of(Cell.parse(x) for x in undone.monster)

            def change(mf: MapFile) -> tuple[MapFile, tuple[int, tuple[pm.Kept, ...]]]:
                p = player_map(mf)
                if p.drawings and p.drawings[-1].turn == turn:
                    back, _, changed = pm.take_back(p)
                    return with_player_map(mf, back), (changed, ())
                # drawn over since (or a map from before the history kept turns): the monster's
                # spaces are rubbed out, what was drawn after it stays, said
                at = next((i for i, k in enumerate(p.drawings) if k.turn == turn), None)
                later = p.drawings[at + 1:] if at is not None else ()
                kept = p.drawings if at is None else p.drawings[:at] + later
                mine = wanted & mf.sheet.monster
                back = p._replace(sheet=mf.sheet.erased(mine), coins=max(0, mf.coins - undone.monster_coins),
                                  drawings=kept)
                return with_player_map(mf, back), (mine, later)

            try:
                erased, later = edit_map(map_path, change, store=self.store)
                result = result._replace(map=map_path, erased=erased, coins=undone.monster_coins, later=later)
            except CartorefError as e:
                result = result._replace(map=map_path, error=e.render().splitlines()[0])
        self._save(after)
        return result

    def visible_card(self, card_id: str) -> Any | None:
        """A card the table may see (revealed this season, or an edict), else None: the deck's
        order never shows."""
        if card_id not in set(self.state.deck.column) | set(self.state.setup.edicts):
            return None
        return self.state.catalog.any_card(card_id)

    def pad(self) -> PadRows:
        """The score pad's contents: the players, the seasons, the scores so far, the edicts."""
        from ..game import edict_card
        from .lookup import PadRows

        state = self.state
        return PadRows(state.setup.players, [(s.id, s.name, s.edicts) for s in state.seasons],
                       state.scores, [edict_card(state, x).name for x in "ABCD"])

    def standings(self) -> Standings:
        """Each player's seasons, totals and rank; the solo rating and title."""
        return games.standings(self.state)

    def log(self) -> list[tuple[Action, str]]:
        """Each action of the game with the id of the season it belongs to."""
        return games.iter_log(self.state)

    def outlook(self, side: str, season: int) -> Outlook:
        """What the next draw may show, from what the game has shown (``game.forecast.outlook``)."""
        from ..game.forecast import outlook

        return outlook(self.state)

    def forecast(self) -> Forecast | None:
        """The exact odds of the season's end (None once the game is over)."""
        from ..game.forecast import forecast

        return forecast(self.state)

    def scoring_season(self, season: str | None = None) -> ScoringSeason:
        """The season ``score --game`` scores (the one the card on the table belongs to, unless
        one is named) and the game's edicts."""
        seasons = self.state.seasons
        sid = season or self.at_hand.season.id
        if sid not in [s.id for s in seasons]:
            raise UsageError(_("unknown season {season}").format(season=repr(season)), code="unknown-season")
        return ScoringSeason(sid, self.state.setup.edicts)


def check_map_for_game(state: GameState, mf: MapFile, player: str, season: str | None = None) -> None:
    """Refuse a map file that belongs to another player, side, season or set of edicts, or whose
    season's after-scoring effects were applied before it was scored (``season``: the id of the
    season it is to score; the last ended one by default)."""
    name = state.setup.players[games.player_index(state, player)]
    s = state.seasons[games.check_season_to_score(state, season or games.season_to_record(state))]
    refuse_other_side(mf.name, mf.sheet.side, state.side)
    if mf.season is not None and mf.season != s.id:
        raise IllegalAction(_("{file}: the map file says season {season} but the season to score is {to_score}")
                            .format(file=mf.name, season=mf.season, to_score=s.id), code="wrong-season")
    if mf.edicts is not None and tuple(mf.edicts) != state.setup.edicts:
        raise IllegalAction(_("{file}: the map file's edicts are not this game's ({edicts})").format(
            file=mf.name, edicts=", ".join(state.setup.edicts)), code="wrong-edicts")
    if mf.player is not None and mf.player.strip().lower() != name.lower():
        raise IllegalAction(_("{file}: the map file belongs to {owner}, not {player}").format(
            file=mf.name, owner=repr(mf.player), player=repr(name)), code="wrong-player")
    if s.id in mf.resolved:
        raise IllegalAction(_("{file}: the effects after {season}'s scoring are already applied on this map, so it "
                              "no longer shows the map as {season} scored it").format(file=mf.name,
                                                                                      season=season_in_sentence(s)),
                            code="effects-applied")


def _same(a: str, b: str) -> bool:
    """Whether two paths name the same file (or the same path when one is missing)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)
