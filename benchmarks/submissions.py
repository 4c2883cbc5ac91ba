"""Handed-in solo games for a benchmark of ``cartoref challenge verify``: honest ones and tampered ones.

    python benchmarks/submissions.py --from SEEDS_FOLDER --to OUT_FOLDER --count N
                                     [--tampered FRACTION] [--seed S] [--check]

SEEDS_FOLDER holds honest solo games, each a game file (``cartoref-game:``) and the map file its
``map:`` names (relative to the game file), e.g. played with

    cartoref autoplay --solo --challenge week.yaml --player Ann --seed 1 --game seeds/ann.yaml --map seeds/ann-map.yaml

The script writes N submissions into OUT_FOLDER, ``sub-000001.yaml`` with its map
``sub-000001-map.yaml``, each a copy of a seed pair chosen at random (``random.Random(S)``) under
its own player name (``P000001``: the game's players, every record's ``player:`` and ``map:``,
the map's ``player:``). A FRACTION of them (default 0.1) are tampered by exactly one kind of change,
made on the text as a cheat or a slip would make it on a sheet:

  shape       one space of an explore card's drawing moved to another empty space (grid agrees)
  grid        one empty space of the grid given a terrain letter (drawings untouched)
  score       1-3 added to one record's edict1 or edict2
  coins       1 added to the map's coins
  monster     one space of a solo monster's drawing moved to another empty space (grid agrees)
  unfinished  the last record of the log removed
  seed        the game's seed changed
  swap        two consecutive drawings of different turns exchanged

A kind that cannot apply to the pair chosen (no monster, 14 coins already, ...) gives way to
another one. OUT_FOLDER/manifest.json lists every submission: game, map, player, tampered (null or
the kind) and detail. The files are edited as text (comments, order and quoting kept) and never
parsed again, so that 10,000 take a few seconds; ``--check`` parses every file written back with
PyYAML as a safety net (slower).

This script is written apart from cartoref and imports nothing of it: it only knows the file
formats (docs/game.md, README "Scoring a map sheet", "Drawings and solo monsters").
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from dataclasses import dataclass, field

import yaml

KINDS = ["shape", "grid", "score", "coins", "monster", "unfinished", "seed", "swap"]
ROWS = "ABCDEFGHIJK"
SIZE = 11
TERRAIN_LETTER = {"forest": "F", "village": "V", "farm": "P", "water": "W", "monster": "M"}
EXPLORE_TERRAINS = ("forest", "village", "farm", "water")
MAX_COINS = 14

# ``  - hamlet, village on B2 C1 C2, +1 coin, turn 3 of game 4242``
DRAWING_RE = re.compile(
    r"^(?P<head>\s*-\s*)(?P<q>[\"']?)(?P<card>[^,\"']+),\s*(?P<terrain>[a-z]+) on "
    r"(?P<cells>[A-Ka-k]\d{1,2}(?:\s+[A-Ka-k]\d{1,2})*)(?P<tail>.*)$"
)
TURN_RE = re.compile(r"\bturn (\d+)\b")
SCALAR = r"(\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'|[^,}\n]+)"
PLAYER_IN_RECORD = re.compile(r"(\bplayer:\s*)" + SCALAR)
MAP_IN_RECORD = re.compile(r"(\bmap:\s*)" + SCALAR)
EDICT_IN_RECORD = re.compile(r"(\bedict([12]):\s*)(\d+)")


class SeedError(Exception):
    pass


def label(r: int, c: int) -> str:
    return f"{ROWS[r]}{c + 1}"


def cell_of(text: str) -> tuple[int, int]:
    return ROWS.index(text[0].upper()), int(text[1:]) - 1


def canonical(cells) -> tuple:
    """A shape's cells up to rotation and mirror (the 8 symmetries), as a sorted tuple."""
    best = None
    pts = list(cells)
    for flip in (False, True):
        for turn in range(4):
            out = []
            for r, c in pts:
                if flip:
                    c = -c
                for _ in range(turn):
                    r, c = c, -r
                out.append((r, c))
            mr = min(r for r, _ in out)
            mc = min(c for _, c in out)
            key = tuple(sorted((r - mr, c - mc) for r, c in out))
            if best is None or key < best:
                best = key
    return best


def yaml_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


@dataclass
class Drawing:
    line: int                 # index into the map's lines
    card: str
    terrain: str
    cells: list               # [(r, c)]
    turn: int | None


@dataclass
class Seed:
    name: str                 # the game file's name, for the manifest
    game_lines: list
    map_lines: list
    player: str
    seed: int
    seed_line: int
    map_key_line: int
    players_span: tuple       # (first, end) lines of the players: key
    record_lines: list        # [(line, end)] each record entry
    map_player_line: int | None
    map_insert_line: int      # where to put a player: line when the map has none
    coins_line: int | None
    coins: int
    drawings: list            # [Drawing]
    grid_lines: list          # 11 line indices
    grid: list                # 11 lists of 11 symbols
    grid_style: list          # (indent, spaced) per row
    ambushes: set
    explore: set
    # what each kind can work on, computed once
    shape_lines: list = field(default_factory=list)
    monster_lines: list = field(default_factory=list)
    swap_pairs: list = field(default_factory=list)
    empty_cells: list = field(default_factory=list)


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


def block_end(lines: list, first: int) -> int:
    """The line after a top-level key's block (its indented or ``- `` continuation lines)."""
    i = first + 1
    while i < len(lines):
        line = lines[i]
        if line.strip() == "" or line[0] in " \t" or line.startswith("- ") or line.rstrip("\n") == "-":
            i += 1
            continue
        break
    # do not swallow trailing blank lines
    while i > first + 1 and lines[i - 1].strip() == "":
        i -= 1
    return i


def read_seed(game_path: str) -> Seed | None:
    with open(game_path, encoding="utf-8") as f:
        game_text = f.read()
    try:
        game = yaml.safe_load(game_text)
    except yaml.YAMLError:
        return None
    if not isinstance(game, dict) or "cartoref-game" not in game or "log" not in game:
        return None
    name = os.path.basename(game_path)
    if not game.get("solo") or not isinstance(game.get("map"), str):
        raise SeedError(f"{name}: not a solo game with a map file")
    players = game.get("players") or []
    if len(players) != 1:
        raise SeedError(f"{name}: a solo game names one player")
    map_path = os.path.join(os.path.dirname(game_path), game["map"])
    if not os.path.isfile(map_path):
        raise SeedError(f"{name}: its map {game['map']} is not there")
    with open(map_path, encoding="utf-8") as f:
        map_text = f.read()
    sheet = yaml.safe_load(map_text)
    if not isinstance(sheet, dict) or "map" not in sheet:
        raise SeedError(f"{game['map']}: not a map file")

    gl = split_lines(game_text)
    ml = split_lines(map_text)

    seed_line = top_key_line(gl, "seed")
    map_key_line = top_key_line(gl, "map")
    players_line = top_key_line(gl, "players")
    log_line = top_key_line(gl, "log")
    if seed_line is None or map_key_line is None or players_line is None or log_line is None:
        raise SeedError(f"{name}: seed, players, map and log must be top-level keys")
    players_span = (players_line, block_end(gl, players_line))

    records = []
    log_end = block_end(gl, log_line)
    i = log_line + 1
    while i < log_end:
        m = re.match(r"^(\s*)-\s*record\s*:", gl[i])
        if m:
            j = i + 1
            indent = len(m.group(1))
            while j < log_end and (gl[j].strip() == "" or len(gl[j]) - len(gl[j].lstrip()) > indent
                                   and not gl[j].lstrip().startswith("- ")):
                j += 1
            if "{" not in gl[i] or "}" not in gl[i]:
                raise SeedError(f"{name}: record entries are expected on one line ({{player: ..., ...}})")
            records.append((i, j))
            i = j
        else:
            i += 1

    # the map
    map_player_line = top_key_line(ml, "player")
    coins_line = top_key_line(ml, "coins")
    first_key = next((k for k, line in enumerate(ml) if line.strip() and not line.lstrip().startswith("#")), 0)
    drawings = []
    dl = top_key_line(ml, "drawings")
    if dl is not None:
        for k in range(dl + 1, block_end(ml, dl)):
            m = DRAWING_RE.match(ml[k].rstrip("\n"))
            if not m:
                continue
            t = TURN_RE.search(m.group("tail"))
            drawings.append(Drawing(k, m.group("card").strip(), m.group("terrain"),
                                    [cell_of(x) for x in m.group("cells").split()],
                                    int(t.group(1)) if t else None))
    gk = top_key_line(ml, "map")
    if gk is None or not re.match(r"^map\s*:\s*\|", ml[gk]):
        raise SeedError(f"{game['map']}: the grid is expected as a block (map: |)")
    grid_lines, grid, style = [], [], []
    for k in range(gk + 1, len(ml)):
        line = ml[k].rstrip("\n")
        if not line.strip():
            continue
        if line[0] not in " \t" or line.lstrip().startswith("#"):
            break
        tokens = line.split()
        spaced = len(tokens) == SIZE
        if not spaced:
            tokens = list("".join(tokens))
        if len(tokens) != SIZE:
            raise SeedError(f"{game['map']}: a grid row of {len(tokens)} symbols")
        grid_lines.append(k)
        grid.append(tokens)
        style.append((line[: len(line) - len(line.lstrip())], spaced))
        if len(grid_lines) == SIZE:
            break
    if len(grid_lines) != SIZE:
        raise SeedError(f"{game['map']}: the grid has {len(grid_lines)} rows, not 11")

    cards = game.get("cards") or {}
    s = Seed(
        name=name, game_lines=gl, map_lines=ml, player=str(players[0]), seed=int(game["seed"]),
        seed_line=seed_line, map_key_line=map_key_line, players_span=players_span,
        record_lines=records, map_player_line=map_player_line, map_insert_line=first_key,
        coins_line=coins_line, coins=int(sheet.get("coins") or 0), drawings=drawings,
        grid_lines=grid_lines, grid=grid, grid_style=style,
        ambushes=set(cards.get("ambushes") or []), explore=set(cards.get("explore") or []),
    )
    prepare(s)
    return s


def prepare(s: Seed) -> None:
    """What each kind of tampering can work on in this pair."""
    s.empty_cells = [(r, c) for r in range(SIZE) for c in range(SIZE) if s.grid[r][c] == "."]
    for d in s.drawings:
        filled = all(s.grid[r][c].upper() == TERRAIN_LETTER.get(d.terrain, "?") for r, c in d.cells)
        if not filled:
            continue  # the grid no longer shows the drawing as drawn: leave it alone
        if d.terrain in EXPLORE_TERRAINS and len(d.cells) >= 2 and d.card not in s.ambushes \
                and (not s.explore or d.card in s.explore):
            s.shape_lines.append(d)
        if d.terrain == "monster":
            s.monster_lines.append(d)
    # a solo monster is the solo procedure's: prefer the ambushes' drawings
    ambush_monsters = [d for d in s.monster_lines if d.card in s.ambushes]
    if ambush_monsters:
        s.monster_lines = ambush_monsters
    for a, b in zip(s.drawings, s.drawings[1:]):
        if b.line == a.line + 1 and a.turn is not None and b.turn is not None and a.turn != b.turn:
            s.swap_pairs.append((a, b))


def read_seeds(folder: str) -> list:
    seeds = []
    for entry in sorted(os.listdir(folder)):
        if not entry.endswith((".yaml", ".yml")):
            continue
        path = os.path.join(folder, entry)
        if not os.path.isfile(path):
            continue
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
        self.player = player
        self.map_name = map_name
        self.rename()

    def rename(self) -> None:
        s, g = self.s, self.game
        first, end = s.players_span
        g[first] = f"players:\n  - {yaml_str(self.player)}\n"
        for k in range(first + 1, end):
            self.drop_game.add(k)
        g[s.map_key_line] = f"map: {yaml_str(self.map_name)}\n"
        for i, _ in s.record_lines:
            line = PLAYER_IN_RECORD.sub(lambda m: m.group(1) + yaml_str(self.player), g[i], count=1)
            line = MAP_IN_RECORD.sub(lambda m: m.group(1) + yaml_str(self.map_name), line, count=1)
            g[i] = line
        if s.map_player_line is not None:
            old = self.map[s.map_player_line]
            comment = re.search(r"\s+#.*$", old.rstrip("\n"))
            self.map[s.map_player_line] = f"player: {yaml_str(self.player)}" + \
                (comment.group(0) if comment else "") + "\n"
        else:
            self.map[s.map_insert_line] = f"player: {yaml_str(self.player)}\n" + self.map[s.map_insert_line]

    # -- the grid and the drawings

    def set_cell(self, r: int, c: int, symbol: str) -> None:
        self.grid[r][c] = symbol
        indent, spaced = self.s.grid_style[r]
        self.map[self.s.grid_lines[r]] = indent + (" " if spaced else "").join(self.grid[r]) + "\n"

    def move_in_drawing(self, d: Drawing, old: tuple, new: tuple) -> None:
        letter = TERRAIN_LETTER[d.terrain]
        was = self.grid[old[0]][old[1]]
        self.set_cell(*old, "r" if was.islower() else ".")   # a space on ruins shows its ruins again
        self.set_cell(*new, letter)
        cells = sorted([x for x in d.cells if x != old] + [new])
        m = DRAWING_RE.match(self.map[d.line].rstrip("\n"))
        text = " ".join(label(r, c) for r, c in cells)
        self.map[d.line] = self.map[d.line][: m.start("cells")] + text + self.map[d.line][m.end("cells"):]

    # -- the result

    def texts(self) -> tuple:
        game = "".join(line for k, line in enumerate(self.game) if k not in self.drop_game)
        return game, "".join(self.map)


def empty_now(sub: Sub, cell: tuple) -> bool:
    return sub.grid[cell[0]][cell[1]] == "."


def neighbours(cell: tuple):
    r, c = cell
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
            yield (r + dr, c + dc)


def moves_for(sub: Sub, d: Drawing, need_new_shape: bool) -> list:
    """(old, new) moves of one space of drawing d: the new space next to the spaces left where it
    can be (beside one, else corner to corner, else anywhere empty); for a shape, never the drawn
    shape again in any rotation or mirror."""
    near, corner, far = [], [], []
    shape = canonical(d.cells)
    for old in d.cells:
        rest = [x for x in d.cells if x != old]
        touching = {n for x in rest for n in neighbours(x)}
        around = {(r + dr, c + dc) for r, c in rest for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
        for new in sub.s.empty_cells:
            if new == old or not empty_now(sub, new):
                continue
            if need_new_shape and canonical(rest + [new]) == shape:
                continue
            (near if new in touching else corner if new in around else far).append((old, new))
    return near or corner or far


def tamper(sub: Sub, kind: str, rng: random.Random) -> str | None:
    """Apply one kind of change; None when it cannot apply to this pair."""
    s = sub.s
    if kind == "shape":
        options = [d for d in s.shape_lines if moves_for(sub, d, True)]
        if not options:
            return None
        d = rng.choice(options)
        old, new = rng.choice(moves_for(sub, d, True))
        sub.move_in_drawing(d, old, new)
        return f"{d.card} ({d.terrain}, turn {d.turn}): {label(*old)} moved to {label(*new)}"
    if kind == "monster":
        options = [d for d in s.monster_lines if moves_for(sub, d, False)]
        if not options:
            return None
        d = rng.choice(options)
        old, new = rng.choice(moves_for(sub, d, False))
        sub.move_in_drawing(d, old, new)
        return f"{d.card} monster (turn {d.turn}): {label(*old)} moved to {label(*new)}"
    if kind == "grid":
        if not s.empty_cells:
            return None
        r, c = rng.choice(s.empty_cells)
        letter = rng.choice("FVPW")
        sub.set_cell(r, c, letter)
        return f"{label(r, c)}: . became {letter}"
    if kind == "score":
        if not s.record_lines:
            return None
        i, _ = rng.choice(s.record_lines)
        which = rng.choice(["edict1", "edict2"])
        add = rng.randint(1, 3)
        line = sub.game[i]
        m = re.search(rf"(\b{which}:\s*)(\d+)", line)
        if not m:
            return None
        season = re.search(r"\bseason:\s*([A-Za-z]+)", line)
        sub.game[i] = line[: m.start(2)] + str(int(m.group(2)) + add) + line[m.end(2):]
        return f"{season.group(1) if season else 'a'} record: {which} {m.group(2)} -> {int(m.group(2)) + add}"
    if kind == "coins":
        if s.coins_line is None or s.coins + 1 > MAX_COINS:
            return None
        line = sub.map[s.coins_line]
        m = re.match(r"^(coins\s*:\s*)(\d+)", line)
        if not m:
            return None
        sub.map[s.coins_line] = m.group(1) + str(s.coins + 1) + line[m.end(2):]
        return f"coins {s.coins} -> {s.coins + 1}"
    if kind == "unfinished":
        if not s.record_lines:
            return None
        first, end = s.record_lines[-1]
        season = re.search(r"\bseason:\s*([A-Za-z]+)", sub.game[first])
        for k in range(first, end):
            sub.drop_game.add(k)
        return f"last record removed ({season.group(1) if season else '?'})"
    if kind == "seed":
        new = s.seed
        while new == s.seed:
            new = rng.randint(1, 999999)
        line = sub.game[s.seed_line]
        m = re.match(r"^(seed\s*:\s*)(\S+)", line)
        sub.game[s.seed_line] = m.group(1) + str(new) + line[m.end(2):]
        return f"seed {s.seed} -> {new}"
    if kind == "swap":
        if not s.swap_pairs:
            return None
        a, b = rng.choice(s.swap_pairs)
        sub.map[a.line], sub.map[b.line] = sub.map[b.line], sub.map[a.line]
        return f"drawings of turns {a.turn} ({a.card}) and {b.turn} ({b.card}) exchanged"
    raise ValueError(kind)


# --------------------------------------------------------------------------- main


def check_texts(game_text: str, map_text: str, player: str, map_name: str, where: str) -> None:
    game = yaml.safe_load(game_text)
    sheet = yaml.safe_load(map_text)
    problems = []
    if game.get("players") != [player]:
        problems.append(f"players {game.get('players')!r}")
    if game.get("map") != map_name:
        problems.append(f"map {game.get('map')!r}")
    for entry in game.get("log") or []:
        rec = entry.get("record") if isinstance(entry, dict) else None
        if rec is not None:
            if rec.get("player") != player:
                problems.append(f"record player {rec.get('player')!r}")
            if "map" in rec and rec["map"] != map_name:
                problems.append(f"record map {rec['map']!r}")
    if sheet.get("player") != player:
        problems.append(f"map player {sheet.get('player')!r}")
    rows = str(sheet.get("map", "")).split("\n")
    if len([r for r in rows if r.strip()]) != SIZE:
        problems.append("grid rows")
    if problems:
        raise SeedError(f"{where}: written wrong: " + ", ".join(problems))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="seeds", required=True, help="folder of honest game + map pairs")
    ap.add_argument("--to", dest="out", required=True, help="folder to write the submissions into")
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--tampered", type=float, default=0.1, help="the fraction tampered (default 0.1)")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--check", action="store_true", help="parse every file written back (slower)")
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
    if os.path.isdir(args.out):
        taken = [e for e in os.listdir(args.out) if e.startswith("sub-") and e.endswith(".yaml")]
        if taken:
            print(f"{args.out} already holds {len(taken)} sub-*.yaml files; give an empty folder",
                  file=sys.stderr)
            return 2
    try:
        seeds = read_seeds(args.seeds)
    except (SeedError, OSError, yaml.YAMLError, ValueError) as e:
        print(f"{args.seeds}: {e}", file=sys.stderr)
        return 2
    if not seeds:
        print(f"{args.seeds}: no game file (cartoref-game:) with its map", file=sys.stderr)
        return 2
    # each seed renamed once and parsed back: the text edits must keep it a consistent game
    try:
        for s in seeds:
            sub = Sub(s, "P-check", "check-map.yaml")
            check_texts(*sub.texts(), "P-check", "check-map.yaml", s.name)
    except (SeedError, yaml.YAMLError, AttributeError) as e:
        print(f"{args.seeds}: {e}", file=sys.stderr)
        return 2

    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    n_tampered = round(args.count * args.tampered)
    tampered = set(rng.sample(range(args.count), n_tampered))
    width = max(6, len(str(args.count)))
    manifest = []
    for n in range(args.count):
        num = str(n + 1).zfill(width)
        game_name, map_name, player = f"sub-{num}.yaml", f"sub-{num}-map.yaml", f"P{num}"
        seed = rng.choice(seeds)
        sub = Sub(seed, player, map_name)
        kind, detail = None, f"honest copy of {seed.name}"
        if n in tampered:
            kinds = list(KINDS)
            first = rng.choice(kinds)
            order = [first] + rng.sample([k for k in kinds if k != first], len(kinds) - 1)
            for k in order:
                got = tamper(sub, k, rng)
                if got is not None:
                    kind, detail = k, f"{seed.name}: {got}"
                    break
            if kind is None:
                print(f"{seed.name}: no kind of tampering applies", file=sys.stderr)
                return 2
        game_text, map_text = sub.texts()
        if args.check:
            try:
                check_texts(game_text, map_text, player, map_name, game_name)
            except (SeedError, yaml.YAMLError, AttributeError) as e:
                print(str(e), file=sys.stderr)
                return 1
        with open(os.path.join(args.out, map_name), "w", encoding="utf-8") as f:
            f.write(map_text)
        with open(os.path.join(args.out, game_name), "w", encoding="utf-8") as f:
            f.write(game_text)
        manifest.append({"game": game_name, "map": map_name, "player": player,
                         "tampered": kind, "detail": detail})
    tmp = os.path.join(args.out, "manifest.json.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    os.replace(tmp, os.path.join(args.out, "manifest.json"))
    counts = {}
    for m in manifest:
        counts[m["tampered"] or "honest"] = counts.get(m["tampered"] or "honest", 0) + 1
    print(f"{args.count} submissions from {len(seeds)} seed pairs in {args.out}: "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
