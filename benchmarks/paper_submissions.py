"""Solo games handed in with a sheet typed from paper, for a benchmark of ``cartoref challenge verify``.

    python benchmarks/paper_submissions.py --from SEEDS_FOLDER --to OUT_FOLDER --count N
                                           [--tampered FRACTION] [--seed S] [--check]

A player who played a challenge on paper hands in the game file and a map file typed from the
paper sheet: the map file's format, its grid (``map: |``) and ``coins:``, but no ``drawings:``
key, for paper keeps no history. cartoref has to find by itself an order of legal drawings that
makes the sheet and scores what each season recorded. This script makes such submissions, honest
ones and ones with a slip or a cheat, to measure how many of each it verifies.

SEEDS_FOLDER holds honest solo games, each a game file (``cartoref-game:``) and the map file its
``map:`` names (relative to the game file), e.g. played with

    cartoref challenge new --edition base --seed 4242 -o week.yaml
    cartoref autoplay --solo --challenge week.yaml --player Ann --policy random --seed 1 \\
        --game seeds/ann.yaml --map seeds/ann-map.yaml

Other files there (the challenge file, ...) are passed over. The script writes N submissions into
OUT_FOLDER, ``sub-000001.yaml`` with its map ``sub-000001-map.yaml``, each a copy of a seed pair
chosen at random (``random.Random(S)``) under its own player name (``P000001``: the game's
players, every record's ``player:`` and ``map:``, the game's ``map:``, the map's ``player:``),
with the map's ``drawings:`` block removed: every submission is a paper one. A FRACTION of them
(default 0.3) are tampered by exactly one kind of change on the typed sheet, as a person copying
the paper (or cheating) would make it:

  grid-add      one empty space ('.') of the grid given a terrain letter (F V P W)
  grid-erase    one drawn terrain space (F V P W) made empty ('.'; a space on ruins becomes 'r')
  grid-change   one drawn terrain space changed to another terrain letter
  swap          two adjacent spaces of different terrains (F V P W or a monster) exchanged
  monster-move  one monster space moved to an empty space ('.'), near it when one is
  score         1-3 added to one season record's edict1 or edict2 in the game file (the record
                that counts: the last one of its season)
  coins         1 added to the map's ``coins:`` (staying on the track, 0-14)

Lower-case letters in the grid are drawn on a ruins space: a change keeps the space's case (an
erased ruins space shows its ruins, 'r'; a swap leaves each ruins where it is printed). Printed
mountains ('^'), wastelands ('#'), empty ruins ('r'), destroyed spaces ('X') and heroes ('H') are
never touched. A kind that cannot apply to the pair chosen (no empty space, no monster, 14 coins
already, ...) gives way to another one. OUT_FOLDER/manifest.json lists every submission: game,
map, player, seed (the pair copied), tampered (null or the kind), detail (the change in words:
which space, old and new) and changes (the same as ``[{"space", "old", "new"}]``, or the record's
or coins' figures).

The files are edited as text (comments, key order and quoting kept; a grid row keeps its spacing
and any row letter, only the symbol changed is replaced) and never parsed again, so that 10,000
take a few seconds. ``--check`` parses every file written back with PyYAML (the only use of it,
imported then) and compares it with its seed: the names, no ``drawings:``, and exactly the change
the manifest names.

This script is written apart from cartoref and imports nothing of it (only the standard
library): it only knows the file formats (docs/game.md "The game file", README "Scoring a map
sheet" and the map file's legend).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from dataclasses import dataclass, field

KINDS = ["grid-add", "grid-erase", "grid-change", "swap", "monster-move", "score", "coins"]
ROWS = "ABCDEFGHIJK"
SIZE = 11
TERRAINS = "FVPW"              # drawn terrain letters (lower case: on a ruins space)
MONSTERS = "MDZTG"             # a monster, or a Heroes monster carrying its ambush's initial
MAX_COINS = 14

SCALAR = r"(\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'|[^,}\s#][^,}\n#]*?(?=\s*(?:[,}]|#|$)))"
PLAYER_IN_RECORD = re.compile(r"(\bplayer:[ \t]*)" + SCALAR)
MAP_IN_RECORD = re.compile(r"(\bmap:[ \t]*)" + SCALAR)
SEASON_IN_RECORD = re.compile(r"\bseason:[ \t]*" + SCALAR)


class SeedError(Exception):
    pass


def label(r: int, c: int) -> str:
    return f"{ROWS[r]}{c + 1}"


def yaml_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


def scalar(text: str) -> str:
    """A YAML scalar written on one line, as these files write them: quoted or plain."""
    text = text.strip()
    if text.startswith('"'):
        m = re.match(r'"(?:[^"\\]|\\.)*"', text)
        if m:
            try:
                return json.loads(m.group(0))
            except ValueError:
                return m.group(0)[1:-1]
    if text.startswith("'"):
        m = re.match(r"'(?:[^']|'')*'", text)
        if m:
            return m.group(0)[1:-1].replace("''", "'")
    return re.sub(r"\s+#.*$", "", text).strip()


def terrain_of(symbol: str) -> str | None:
    """The terrain a grid symbol shows (F V P W, or M for any monster), None for the rest."""
    up = symbol.upper()
    if up in TERRAINS:
        return up
    if up in MONSTERS:
        return "M"
    return None


def on_ruins(symbol: str) -> bool:
    return symbol.islower()


def with_case(letter: str, ruins: bool) -> str:
    return letter.lower() if ruins else letter.upper()


@dataclass
class Record:
    first: int                # the lines of the record entry in the game file
    end: int
    season: str


@dataclass
class Seed:
    name: str                 # the game file's name, for the manifest
    game_lines: list
    map_lines: list
    map_key_line: int         # the game's map: line
    players_span: tuple       # (first, end) lines of the players: key
    records: list             # [Record] every record entry, in the log's order
    counting: list            # [Record] the last record of each season: the one that counts
    map_player_line: int | None
    map_insert_line: int      # where to put a player: line when the map has none
    coins_line: int | None
    coins: int
    drawings_span: tuple | None   # (first, end) lines of the map's drawings: key
    grid_lines: list          # 11 line indices into map_lines
    grid_cols: list           # 11 lists of 11 character offsets: where each symbol stands
    grid: list                # 11 lists of 11 symbols
    empty: list = field(default_factory=list)      # [(r, c)] '.'
    drawn: list = field(default_factory=list)      # [(r, c)] F V P W, any case
    monsters: list = field(default_factory=list)   # [(r, c)] a monster
    pairs: list = field(default_factory=list)      # [((r, c), (r, c))] adjacent, different terrains


# --------------------------------------------------------------------------- reading the seeds


def split_lines(text: str) -> list:
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


def top_key_line(lines: list, key: str) -> int | None:
    pat = re.compile(rf"^{re.escape(key)}\s*:")
    for i, line in enumerate(lines):
        if pat.match(line):
            return i
    return None


def value_after_key(line: str) -> str:
    return line.split(":", 1)[1].rstrip("\r\n")


def block_end(lines: list, first: int) -> int:
    """The line after a top-level key's block (its indented or ``- `` continuation lines)."""
    i = first + 1
    while i < len(lines):
        line = lines[i]
        if line.strip() == "" or line[0] in " \t" or line.startswith("- ") or line.rstrip("\r\n") == "-":
            i += 1
            continue
        break
    while i > first + 1 and lines[i - 1].strip() == "":   # do not swallow trailing blank lines
        i -= 1
    return i


def read_players(lines: list, first: int, end: int) -> list:
    rest = value_after_key(lines[first]).strip()
    rest = re.sub(r"\s+#.*$", "", rest)
    if rest.startswith("["):
        inner = rest.strip("[]")
        return [scalar(x) for x in re.findall(SCALAR, inner)]
    names = []
    for k in range(first + 1, end):
        m = re.match(r"^\s*-\s*(.*)$", lines[k].rstrip("\r\n"))
        if m:
            names.append(scalar(m.group(1)))
    return names


def read_records(gl: list, name: str) -> list:
    log_line = top_key_line(gl, "log")
    if log_line is None:
        raise SeedError(f"{name}: no log")
    records = []
    log_end = block_end(gl, log_line)
    i = log_line + 1
    while i < log_end:
        m = re.match(r"^(\s*)-\s*(\w[\w-]*)\s*:", gl[i])
        if not m:
            i += 1
            continue
        indent = len(m.group(1))
        j = i + 1
        while j < log_end:       # the entry's continuation lines: deeper, and no new "- " item
            line = gl[j]
            if line.strip() and (len(line) - len(line.lstrip()) <= indent):
                break
            j += 1
        if m.group(2) == "record":
            text = "".join(gl[i:j])
            season = SEASON_IN_RECORD.search(text)
            if not season:
                raise SeedError(f"{name}: a record without its season (line {i + 1})")
            records.append(Record(i, j, scalar(season.group(1)).lower()))
        i = j
    return records


def read_grid(ml: list, where: str) -> tuple:
    gk = top_key_line(ml, "map")
    if gk is None or not re.match(r"^map\s*:\s*\|", ml[gk]):
        raise SeedError(f"{where}: the grid is expected as a block (map: |)")
    lines, cols, grid = [], [], []
    for k in range(gk + 1, len(ml)):
        line = ml[k].rstrip("\r\n")
        if not line.strip():
            continue
        if line[0] not in " \t":
            break
        if line.lstrip().startswith("#"):
            continue
        spots = [(m.start(), m.group(0)) for m in re.finditer(r"\S", line)]
        text = "".join(ch for _, ch in spots)
        if text.isdigit():
            continue                   # the column numbers of a pasted picture (map: |2)
        if len(spots) == SIZE + 1 and text[0].upper() == ROWS[len(grid)] and \
                (len(line.split()) == SIZE + 1 or len(line.split()) == 2):
            spots = spots[1:]          # the row letter of a pasted picture
        if len(spots) != SIZE:
            raise SeedError(f"{where}: a grid row of {len(spots)} symbols (line {k + 1})")
        lines.append(k)
        cols.append([at for at, _ in spots])
        grid.append([ch for _, ch in spots])
        if len(grid) == SIZE:
            break
    if len(grid) != SIZE:
        raise SeedError(f"{where}: the grid has {len(grid)} rows, not 11")
    return lines, cols, grid


def read_seed(game_path: str) -> Seed | None:
    with open(game_path, encoding="utf-8") as f:
        game_text = f.read()
    gl = split_lines(game_text)
    if top_key_line(gl, "cartoref-game") is None:
        return None                    # not a game file (the challenge file, a map...)
    name = os.path.basename(game_path)
    solo_line = top_key_line(gl, "solo")
    if solo_line is None or scalar(value_after_key(gl[solo_line])).lower() not in ("true", "yes", "on"):
        raise SeedError(f"{name}: not a solo game")
    map_key_line = top_key_line(gl, "map")
    if map_key_line is None:
        raise SeedError(f"{name}: no map: key naming the map file")
    map_rel = scalar(value_after_key(gl[map_key_line]))
    players_line = top_key_line(gl, "players")
    if players_line is None:
        raise SeedError(f"{name}: no players")
    players_span = (players_line, block_end(gl, players_line))
    if len(read_players(gl, *players_span)) != 1:
        raise SeedError(f"{name}: a solo game names one player")
    records = read_records(gl, name)
    last = {}
    for rec in records:
        last[rec.season] = rec
    counting = sorted(last.values(), key=lambda rec: rec.first)

    map_path = os.path.join(os.path.dirname(game_path), map_rel)
    if not os.path.isfile(map_path):
        raise SeedError(f"{name}: its map {map_rel} is not there")
    with open(map_path, encoding="utf-8") as f:
        ml = split_lines(f.read())
    coins_line = top_key_line(ml, "coins")
    coins = 0
    if coins_line is not None:
        m = re.match(r"^coins\s*:\s*(\d+)", ml[coins_line])
        if not m:
            raise SeedError(f"{map_rel}: coins is not a number")
        coins = int(m.group(1))
    dl = top_key_line(ml, "drawings")
    grid_lines, grid_cols, grid = read_grid(ml, map_rel)
    first_key = next((k for k, line in enumerate(ml) if line.strip() and not line.lstrip().startswith("#")), 0)
    s = Seed(
        name=name, game_lines=gl, map_lines=ml, map_key_line=map_key_line, players_span=players_span,
        records=records, counting=counting, map_player_line=top_key_line(ml, "player"),
        map_insert_line=first_key, coins_line=coins_line, coins=coins,
        drawings_span=(dl, block_end(ml, dl)) if dl is not None else None,
        grid_lines=grid_lines, grid_cols=grid_cols, grid=grid,
    )
    prepare(s)
    return s


def prepare(s: Seed) -> None:
    """What each kind of tampering can work on in this pair."""
    for r in range(SIZE):
        for c in range(SIZE):
            sym = s.grid[r][c]
            if sym == ".":
                s.empty.append((r, c))
            elif sym.upper() in TERRAINS:
                s.drawn.append((r, c))
            elif sym.upper() in MONSTERS:
                s.monsters.append((r, c))
    for r in range(SIZE):
        for c in range(SIZE):
            a = terrain_of(s.grid[r][c])
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < SIZE and cc < SIZE:
                    b = terrain_of(s.grid[rr][cc])
                    if a and b and a != b:
                        s.pairs.append(((r, c), (rr, cc)))


def read_seeds(folder: str) -> list:
    seeds = []
    for entry in sorted(os.listdir(folder)):
        path = os.path.join(folder, entry)
        if entry.endswith((".yaml", ".yml")) and os.path.isfile(path):
            seed = read_seed(path)
            if seed is not None:
                seeds.append(seed)
    return seeds


# --------------------------------------------------------------------------- one submission


class Sub:
    """A submission being made: the seed's lines copied, edited in place."""

    def __init__(self, seed: Seed, player: str, map_name: str):
        self.s = seed
        self.game = list(seed.game_lines)
        self.map = list(seed.map_lines)
        self.grid = [list(row) for row in seed.grid]
        self.drop_game = set()       # game lines removed
        self.drop_map = set()        # map lines removed
        self.player = player
        self.map_name = map_name
        self.rename()
        if seed.drawings_span is not None:   # paper keeps no history
            self.drop_map.update(range(*seed.drawings_span))

    def rename(self) -> None:
        s, g = self.s, self.game
        first, end = s.players_span
        g[first] = f"players:\n  - {yaml_str(self.player)}\n"
        self.drop_game.update(range(first + 1, end))
        g[s.map_key_line] = keep_comment(g[s.map_key_line], f"map: {yaml_str(self.map_name)}")
        for rec in s.records:
            for i in range(rec.first, rec.end):
                line = PLAYER_IN_RECORD.sub(lambda m: m.group(1) + yaml_str(self.player), g[i], count=1)
                g[i] = MAP_IN_RECORD.sub(lambda m: m.group(1) + yaml_str(self.map_name), line, count=1)
        if s.map_player_line is not None:
            self.map[s.map_player_line] = keep_comment(self.map[s.map_player_line],
                                                       f"player: {yaml_str(self.player)}")
        else:
            self.map[s.map_insert_line] = f"player: {yaml_str(self.player)}\n" + self.map[s.map_insert_line]

    def set_cell(self, r: int, c: int, symbol: str) -> None:
        self.grid[r][c] = symbol
        k, at = self.s.grid_lines[r], self.s.grid_cols[r][c]
        line = self.map[k]
        self.map[k] = line[:at] + symbol + line[at + 1:]

    def texts(self) -> tuple:
        game = "".join(line for k, line in enumerate(self.game) if k not in self.drop_game)
        sheet = "".join(line for k, line in enumerate(self.map) if k not in self.drop_map)
        return game, sheet


def keep_comment(old: str, new: str) -> str:
    comment = re.search(r"\s+#[^\"']*$", old.rstrip("\r\n"))
    return new + (comment.group(0) if comment else "") + "\n"


def near_first(origin: tuple, cells: list) -> list:
    """The cells within two spaces of origin (a slip of the pencil), else all of them."""
    near = [x for x in cells if x != origin and max(abs(x[0] - origin[0]), abs(x[1] - origin[1])) <= 2]
    return near or [x for x in cells if x != origin]


def tamper(sub: Sub, kind: str, rng: random.Random) -> tuple | None:
    """Apply one kind of change: (detail, changes), or None when it cannot apply to this pair."""
    s = sub.s
    if kind == "grid-add":
        if not s.empty:
            return None
        r, c = rng.choice(s.empty)
        letter = rng.choice(TERRAINS)
        sub.set_cell(r, c, letter)
        return f"{label(r, c)}: . -> {letter}", [{"space": label(r, c), "old": ".", "new": letter}]
    if kind == "grid-erase":
        if not s.drawn:
            return None
        r, c = rng.choice(s.drawn)
        old = s.grid[r][c]
        new = "r" if on_ruins(old) else "."
        sub.set_cell(r, c, new)
        return f"{label(r, c)}: {old} -> {new}", [{"space": label(r, c), "old": old, "new": new}]
    if kind == "grid-change":
        if not s.drawn:
            return None
        r, c = rng.choice(s.drawn)
        old = s.grid[r][c]
        new = with_case(rng.choice([t for t in TERRAINS if t != old.upper()]), on_ruins(old))
        sub.set_cell(r, c, new)
        return f"{label(r, c)}: {old} -> {new}", [{"space": label(r, c), "old": old, "new": new}]
    if kind == "swap":
        if not s.pairs:
            return None
        (r1, c1), (r2, c2) = rng.choice(s.pairs)
        a, b = s.grid[r1][c1], s.grid[r2][c2]
        new_a, new_b = with_case(b, on_ruins(a)), with_case(a, on_ruins(b))   # the ruins stay printed
        sub.set_cell(r1, c1, new_a)
        sub.set_cell(r2, c2, new_b)
        return (f"{label(r1, c1)} {a} <-> {label(r2, c2)} {b} (now {new_a} and {new_b})",
                [{"space": label(r1, c1), "old": a, "new": new_a},
                 {"space": label(r2, c2), "old": b, "new": new_b}])
    if kind == "monster-move":
        if not s.monsters or not s.empty:
            return None
        src = rng.choice(s.monsters)
        dst = rng.choice(near_first(src, s.empty))
        old = s.grid[src[0]][src[1]]
        left = "r" if on_ruins(old) else "."
        sub.set_cell(*src, left)
        sub.set_cell(*dst, old.upper())
        return (f"monster {old} moved from {label(*src)} to {label(*dst)}",
                [{"space": label(*src), "old": old, "new": left},
                 {"space": label(*dst), "old": ".", "new": old.upper()}])
    if kind == "score":
        if not s.counting:
            return None
        rec = rng.choice(s.counting)
        which = rng.choice(["edict1", "edict2"])
        add = rng.randint(1, 3)
        for i in range(rec.first, rec.end):
            line = sub.game[i]
            m = re.search(rf"(\b{which}:[ \t]*)(\d+)", line)
            if m:
                old = int(m.group(2))
                sub.game[i] = line[: m.start(2)] + str(old + add) + line[m.end(2):]
                return (f"{rec.season} record: {which} {old} -> {old + add}",
                        [{"record": rec.season, "field": which, "old": old, "new": old + add}])
        return None
    if kind == "coins":
        if s.coins_line is None or s.coins + 1 > MAX_COINS:
            return None
        line = sub.map[s.coins_line]
        m = re.match(r"^(coins\s*:\s*)(\d+)", line)
        sub.map[s.coins_line] = m.group(1) + str(s.coins + 1) + line[m.end(2):]
        return f"coins {s.coins} -> {s.coins + 1}", [{"field": "coins", "old": s.coins, "new": s.coins + 1}]
    raise ValueError(kind)


# --------------------------------------------------------------------------- --check


def check_texts(seed: Seed, game_text: str, map_text: str, player: str, map_name: str,
                kind: str | None, changes: list, where: str) -> None:
    """Parse what was written with PyYAML and compare it with the seed: names, no drawings, and
    exactly the change the manifest names."""
    import yaml

    game = yaml.safe_load(game_text)
    sheet = yaml.safe_load(map_text)
    orig_game = yaml.safe_load("".join(seed.game_lines))
    orig_sheet = yaml.safe_load("".join(seed.map_lines))
    problems = []
    if game.get("players") != [player]:
        problems.append(f"players {game.get('players')!r}")
    if game.get("map") != map_name:
        problems.append(f"map {game.get('map')!r}")
    recs, orig_recs = [], []
    for log, out in ((game.get("log") or [], recs), (orig_game.get("log") or [], orig_recs)):
        for entry in log:
            rec = entry.get("record") if isinstance(entry, dict) else None
            if rec is not None:
                out.append(rec)
    for rec in recs:
        if rec.get("player") != player:
            problems.append(f"record player {rec.get('player')!r}")
        if "map" in rec and rec["map"] != map_name:
            problems.append(f"record map {rec['map']!r}")
    edicts_changed = sum(rec.get(f) != old.get(f) for rec, old in zip(recs, orig_recs) for f in ("edict1", "edict2"))
    if len(recs) != len(orig_recs) or edicts_changed != (1 if kind == "score" else 0):
        problems.append(f"{edicts_changed} record figures changed")
    if sheet.get("player") != player:
        problems.append(f"map player {sheet.get('player')!r}")
    if "drawings" in sheet:
        problems.append("drawings still there")
    for key in set(orig_sheet) | set(sheet):
        if key not in ("player", "drawings", "map", "coins") and sheet.get(key) != orig_sheet.get(key):
            problems.append(f"map key {key} changed")
    want_coins = int(orig_sheet.get("coins") or 0) + (1 if kind == "coins" else 0)
    if int(sheet.get("coins") or 0) != want_coins:
        problems.append(f"coins {sheet.get('coins')!r}, not {want_coins}")
    rows = [r for r in str(sheet.get("map", "")).split("\n") if r.strip()]
    orig_rows = [r for r in str(orig_sheet.get("map", "")).split("\n") if r.strip()]
    if len(rows) != len(orig_rows):
        problems.append("grid rows")
    else:
        diff = {}
        for r, (a, b) in enumerate(zip(rows, orig_rows)):
            if len(a) != len(b):
                problems.append(f"grid row {r + 1} reshaped")
            for k, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    diff[(r, k)] = (y, x)
        want = [(c["old"], c["new"]) for c in changes if "space" in c]
        if sorted(diff.values()) != sorted(want):
            problems.append(f"grid changed {sorted(diff.values())}, manifest says {sorted(want)}")
    if problems:
        raise SeedError(f"{where}: written wrong: " + ", ".join(problems))


# --------------------------------------------------------------------------- main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="seeds", required=True, help="folder of honest game + map pairs")
    ap.add_argument("--to", dest="out", required=True, help="folder to write the submissions into")
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--tampered", type=float, default=0.3, help="the fraction tampered (default 0.3)")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--check", action="store_true", help="parse every file written back with PyYAML (slower)")
    args = ap.parse_args(argv)

    if args.count < 0:
        print("--count must be 0 or more", file=sys.stderr)
        return 2
    if not 0.0 <= args.tampered <= 1.0:
        print("--tampered must be a fraction from 0 to 1", file=sys.stderr)
        return 2
    if not os.path.isdir(args.seeds):
        print(f"{args.seeds}: no such folder", file=sys.stderr)
        return 2
    yaml_error: tuple = ()
    if args.check:
        try:
            import yaml
        except ImportError:
            print("--check needs PyYAML (pip install pyyaml)", file=sys.stderr)
            return 2
        yaml_error = (yaml.YAMLError,)
    if os.path.isdir(args.out):
        taken = [e for e in os.listdir(args.out) if e.startswith("sub-") and e.endswith(".yaml")]
        if taken:
            print(f"{args.out} already holds {len(taken)} sub-*.yaml files; give an empty folder",
                  file=sys.stderr)
            return 2
    try:
        seeds = read_seeds(args.seeds)
    except (SeedError, OSError, UnicodeDecodeError, ValueError) as e:
        print(f"{args.seeds}: {e}", file=sys.stderr)
        return 2
    if not seeds:
        print(f"{args.seeds}: no game file (cartoref-game:) with its map", file=sys.stderr)
        return 2

    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    tampered = set(rng.sample(range(args.count), round(args.count * args.tampered)))
    width = max(6, len(str(args.count)))
    manifest = []
    for n in range(args.count):
        num = str(n + 1).zfill(width)
        game_name, map_name, player = f"sub-{num}.yaml", f"sub-{num}-map.yaml", f"P{num}"
        seed = rng.choice(seeds)
        sub = Sub(seed, player, map_name)
        kind, detail, changes = None, f"honest copy of {seed.name}, typed from paper", []
        if n in tampered:
            first = rng.choice(KINDS)
            order = [first] + rng.sample([k for k in KINDS if k != first], len(KINDS) - 1)
            for k in order:
                got = tamper(sub, k, rng)
                if got is not None:
                    kind, detail, changes = k, f"{seed.name}: {got[0]}", got[1]
                    break
            if kind is None:
                print(f"{seed.name}: no kind of tampering applies", file=sys.stderr)
                return 2
        game_text, map_text = sub.texts()
        if args.check:
            try:
                check_texts(seed, game_text, map_text, player, map_name, kind, changes, game_name)
            except (SeedError, AttributeError, TypeError, ValueError, *yaml_error) as e:  # the edit went wrong
                print(f"{game_name}: {e}", file=sys.stderr)
                return 1
        with open(os.path.join(args.out, map_name), "w", encoding="utf-8") as f:
            f.write(map_text)
        with open(os.path.join(args.out, game_name), "w", encoding="utf-8") as f:
            f.write(game_text)
        manifest.append({"game": game_name, "map": map_name, "player": player, "seed": seed.name,
                         "tampered": kind, "detail": detail, "changes": changes})
    tmp = os.path.join(args.out, "manifest.json.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    os.replace(tmp, os.path.join(args.out, "manifest.json"))
    counts = {}
    for m in manifest:
        counts[m["tampered"] or "honest"] = counts.get(m["tampered"] or "honest", 0) + 1
    print(f"{args.count} paper submissions from {len(seeds)} seed pairs in {args.out}: "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
