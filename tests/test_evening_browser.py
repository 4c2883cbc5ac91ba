"""A whole evening on the pages (Chromium through selenium): a base game on three phones and a
Heroes game on two, four seasons each, to the final standings, with the mishaps a table has: a
phone offline while a card is drawn, a forced draw on a season's last card, ``serve`` stopped
and started mid-season, a take-back after the season scored itself, a troll's space awaited.
Nothing but ``cartoref new`` and the pages plays; the files are read to check what was kept.

The whole games run with the campaigns (CI); the default run plays spring of the base game.
Screenshots of the TV and a phone at each season's end go to tests/screenshots/."""

from __future__ import annotations

import re
import time

import pytest
from evening import Evening, Phone, table_now, text
from test_serve_browser import need_browser
from test_table_browser import inside, until

from cartoref.table import Table

SEASONS = ("spring", "summer", "autumn", "winter")


@pytest.fixture
def evening(cartoref, tmp_path, monkeypatch):
    need_browser()
    monkeypatch.chdir(tmp_path)
    opened: list = []
    made: list = []

    def start(name: str, *args: str, tv: bool = True) -> Evening:
        assert cartoref("new", *args).code == 0
        e = Evening(str(tmp_path / "cartoref-game.yaml"), tmp_path, opened, name=name, tv=tv)
        made.append(e)
        return e

    yield start
    for driver in opened:
        driver.quit()
    for e in made:
        e.stop()


def state():
    return Table.read("cartoref-game.yaml").state


def scores(player: str) -> list:
    s = state()
    return s.scores[s.setup.players.index(player)]


def drawn_everywhere(e: Evening, phones: dict[str, Phone], skip: tuple[str, ...] = ()) -> dict:
    """Every phone but ``skip`` draws the card on the table; the table after."""
    t = table_now(e.run.base)
    for name, phone in phones.items():
        phone.sees(t["card"]["name"])
        if name not in skip:
            phone.draw()
    return table_now(e.run.base)


def season_end_seen(e: Evening, phones: dict[str, Phone], season: str) -> None:
    """Each phone shows its season's final score, equal to the record kept; screenshots."""
    k = SEASONS.index(season)
    for name, phone in phones.items():
        until(lambda n=name: scores(n)[k] is not None, timeout=20, what=f"{name}'s {season} recorded")
        total = scores(name)[k].total
        until(lambda p=phone, t=total: text(p.driver, "#score h3") == f"Your {season} score: {t}", timeout=10,
              what=lambda p=phone: f"{name}'s phone showing {season}'s final score {total}, not "
                                   f"{text(p.driver, '#score h3')!r}")
    e.shot(f"evening-{e.name}-tv-{season}.png")
    top(next(iter(phones.values()))).shot(f"evening-{e.name}-phone-{season}.png")


def play_season(e, phones, season, *, force_last=None, take_back=None, mishap=None, start=None, auto=False):
    """Draw the season's cards through the referee's page, every phone drawing each; ``mishap``
    draws the season's second card (a mishap on the way); ``auto``: after the first, the
    referee's page draws each card by itself; ``force_last``: the player who does not draw the
    season's last card (the referee forces the next draw); ``take_back``: a player who takes
    their last drawing back after the season scored itself, then draws it again; ``start``: the
    season's first card is on the table already (a forced draw revealed it). The table after:
    the next season's first card on the table when the season ended by a forced draw."""
    card = 0
    while True:
        card += 1
        # The mishap strikes at the season's second card.
        if start:
            t, start = start, None
        elif mishap and card == 2:
            t = mishap()
        elif auto and card > 1:  # the referee's page draws by itself once everyone has drawn
            t = e.by_itself(t["turn"])
        else:
            t = e.reveal()
        assert t["season"] == season, (t["season"], season)
        last = t["last_of_season"]
        skip = (force_last,) if last and force_last else ()
        t = drawn_everywhere(e, phones, skip)
        if last:
            break
    if force_last:
        # The referee page refuses while one seat is still drawing; forced, it goes on, and the
        # season is scored for everyone, the skipped map as it stands.
        refused = e.reveal()
        assert refused["season"] == season
        until(lambda: "even if not everyone has drawn" in text(e.referee, "#message")
              or force_last in text(e.referee, "#message"), what="the referee's refusal naming who draws")
        t = e.reveal(force=True)
        assert t["season"] != season
        for name in phones:
            assert scores(name)[SEASONS.index(season)] is not None, (name, season)
        phone = phones[force_last]
        until(lambda: f"your {season} was scored as your map stood" in text(phone.driver, "#message"),
              what="the skipped phone told")
        return t
    season_end_seen(e, phones, season)
    choose_trolls(e, phones)
    if take_back:
        phone = phones[take_back]
        k = SEASONS.index(season)
        tap_back(phone)
        until(lambda: scores(take_back)[k] is None, what="the record taken back with the drawing")
        until(lambda: text(phone.driver, "#score h3").startswith(f"Your {season} score so far"),
              what="the score shown as so far again")
        phone.draw()
        until(lambda: scores(take_back)[k] is not None, what="the season scored again")
        # The game file is read directly here; the server sees the change when its watcher
        # wakes (under load, after the file already shows the score): the troll it asks about
        # is in its answer only from then on.
        until(lambda: take_back in table_now(e.run.base)["drawn"], what="the server seeing the drawing again")
        choose_trolls(e, phones)  # its effects after scoring applied again: a troll asks again


def choose_trolls(e: Evening, phones: dict[str, Phone]) -> None:
    """A troll's space awaited after the season's scoring holds the referee's draw (the page says
    whose), and is asked on its owner's phone, the candidates lit, until chosen."""
    from test_table_browser import tap

    for wait in table_now(e.run.base)["pending"]:
        e.trolls += 1
        owner = wait["player"]
        turn = table_now(e.run.base)["turn"]
        e.reveal()
        assert table_now(e.run.base)["turn"] == turn
        until(lambda o=owner: o in text(e.referee, "#message"), what=f"the referee told of {owner}'s troll")
        phone = phones[owner]
        until(lambda p=phone: len(p.driver.find_elements("css selector", "#grid .choice")) == len(wait["spaces"]),
              what=f"{owner}'s troll spaces lit")
        lit = phone.driver.find_elements("css selector", "#grid .choice")[0].get_attribute("data-space")
        tap(phone.driver, f'#grid .choice[data-space="{lit}"]')
        until(lambda p=phone, s=lit: text(p.driver, "#message") == f"The troll destroyed {s}.",
              what=f"{owner}'s troll destroying {lit}")
        row, col = "ABCDEFGHIJK".index(lit[0]), int(lit[1:]) - 1
        until(lambda o=owner: Table.read("cartoref-game.yaml") and read_grid(o)[row][col] == "X",
              what=f"{lit} destroyed on {owner}'s map")


def read_grid(player: str) -> list[str]:
    from cartoref.mapfile import read_map
    from cartoref.table.seats import seat_map
    from cartoref.views.json import map_file

    return map_file(read_map(seat_map(Table.read("cartoref-game.yaml"), player, create=False)))["grid"]


def tap_back(phone: Phone) -> None:
    from test_table_browser import tap

    tap(phone.driver, "#take-back")
    until(lambda: text(phone.driver, "#message") == "Taken back.", what=f"{phone.player}'s take-back")


def final_seen(e: Evening, phones: dict[str, Phone]) -> None:
    """The game's end: every phone its own total and rank, the TV the winner; the ranks follow
    the totals."""
    s = state()
    totals = {p: sum(r.total for r in s.scores[i]) for i, p in enumerate(s.setup.players)}
    for name, phone in phones.items():
        better = sum(1 for t in totals.values() if t > totals[name])
        want = f"Your total: {totals[name]}, rank {better + 1} of {len(totals)}"
        until(lambda p=phone, w=want: text(p.driver, "#over-you") == w, timeout=15, what=f"{name}: {want}")
    best = max(totals.values())
    winners = [p for p, t in totals.items() if t == best]
    for phone in phones.values():
        assert text(phone.driver, "#over-winner").startswith("Winners: " if len(winners) > 1 else "Winner: ")
        assert all(w in text(phone.driver, "#over-winner") for w in winners)
    e.shot(f"evening-{e.name}-tv-final.png")
    top(next(iter(phones.values()))).shot(f"evening-{e.name}-phone-final.png")


def top(phone: Phone) -> Phone:
    phone.driver.execute_script("window.scrollTo(0, 0)")
    return phone


def offline_while_drawn(e: Evening, phone: Phone, seconds: float = 5):
    """The phone loses the network for ``seconds`` while the referee draws a card (it says so);
    within 2 s of coming back it shows the new card."""
    def mishap():
        phone.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        t = e.reveal()
        until(lambda: "Offline" in text(phone.driver, "#offline"), timeout=5, what="the offline banner")
        time.sleep(seconds - 0.5)
        phone.driver.delete_network_conditions()
        back = time.monotonic()
        phone.sees(t["card"]["name"], timeout=4)
        assert time.monotonic() - back < 2.5
        until(lambda: text(phone.driver, "#offline") == "", timeout=1, what="the banner gone")
        return t
    return mishap


def restarted(e: Evening):
    """``serve`` stopped and started again mid-season; the referee's page and every seat go on."""
    def mishap():
        e.restart()
        return e.reveal()
    return mishap


def seats_freed_and_taken_again(e: Evening, phones: dict[str, Phone], freed: str, changing: str) -> None:
    """The referee frees a seat (confirmed): that phone says so at once and offers the seats; a
    player taps "change seat": the seat is free for anyone. Both sit again."""
    from test_table_browser import tap

    tap(e.referee, f'#seats li[data-player="{freed}"] button')
    e.referee.switch_to.alert.accept()
    phone = phones[freed]
    until(lambda: "Your seat was freed" in text(phone.driver, "#message-seats"), what=f"{freed} told")
    tap(phones[changing].driver, "#leave")
    until(lambda: not table_now(e.run.base)["seats"][list(phones).index(changing)]["taken"],
          what=f"{changing}'s seat free after change seat")
    for name in (freed, changing):
        phones[name].sit()


def seated(e: Evening, names: tuple[str, ...]) -> dict[str, Phone]:
    phones = {n: Phone(e, n) for n in names}
    for phone in phones.values():
        phone.sit()
    return phones


@pytest.mark.campaign  # 18 s of one of two workers: CI runs it with the whole games (the default run stays under 60 s)
def test_spring_on_two_phones(evening):
    """A season's sample: spring of a base game, a phone offline while a card is drawn,
    the season scored by itself, each phone's final score the record kept."""
    e = evening("spring", "--players", "Ann,Bob", "--seed", "12", tv=False)
    e.first_legal = True
    phones = seated(e, ("Ann", "Bob"))
    # The referee's turn timer: ten minutes a card, counted down on each phone until it draws.
    box = e.referee.find_element("id", "timer-seconds")
    box.clear()
    box.send_keys("600")
    e.referee.find_element("id", "timer-set").click()
    until(lambda: text(e.referee, "#message") == "Turn timer: 600 s a card.", what="the timer set")
    first = e.reveal()
    phones["Ann"].sees(first["card"]["name"])
    until(lambda: re.fullmatch(r"(59\d|600) s left", text(phones["Ann"].driver, "#clock")), what="Ann's countdown")
    # Offline 3 s here (the whole games, with the campaigns, 5 s): past the stream's retry (1 s)
    # and the offline poll (2 s), so the page comes back by itself, not by luck.
    play_season(e, phones, "spring", mishap=offline_while_drawn(e, phones["Bob"], seconds=3), start=first)
    # Turned sideways, the map and the buttons sit side by side: Draw stays on screen.
    ann = phones["Ann"].driver
    ann.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 844, "height": 390, "deviceScaleFactor": 1,
                                                               "mobile": True})
    ann.execute_script("window.scrollTo(0, 0)")
    phones["Ann"].shot("evening-phone-landscape.png")
    assert inside(ann, "#draw") and inside(ann, "#status")
    no_script_errors(phones.values())


def no_script_errors(phones) -> None:
    """No page's script failed (what the network refused while offline or restarting is not a
    script's error)."""
    for phone in phones:
        failed = [x["message"] for x in phone.driver.get_log("browser") if x["source"] in ("javascript", "console-api")
                  and x["level"] == "SEVERE"]
        assert not failed, (phone.player, failed)


@pytest.mark.campaign  # about 2 minutes: CI runs it with the campaigns
def test_a_whole_base_game_on_three_phones(evening):
    e = evening("base", "--players", "Ann,Bob,Cy", "--seed", "12")
    phones = seated(e, ("Ann", "Bob", "Cy"))
    play_season(e, phones, "spring", mishap=offline_while_drawn(e, phones["Bob"]))
    seats_freed_and_taken_again(e, phones, freed="Cy", changing="Bob")
    autumn = play_season(e, phones, "summer", force_last="Cy")
    play_season(e, phones, "autumn", take_back="Ann", mishap=restarted(e), start=autumn)
    e.referee.find_element("id", "auto").click()  # winter: each card drawn by itself
    play_season(e, phones, "winter", auto=True)
    final_seen(e, phones)
    no_script_errors(phones.values())


@pytest.mark.campaign  # about 2 minutes: CI runs it with the campaigns
def test_a_whole_heroes_game_on_two_phones(evening):
    # Seed 10: spring brings Giant Troll Ravage, whose space its owner chooses after each scoring.
    e = evening("heroes", "--players", "Ann,Bob", "--seed", "10", "--edition", "heroes")
    e.open_monsters = True
    phones = seated(e, ("Ann", "Bob"))
    play_season(e, phones, "spring")
    play_season(e, phones, "summer", mishap=offline_while_drawn(e, phones["Ann"]))
    play_season(e, phones, "autumn", take_back="Bob")
    play_season(e, phones, "winter")
    assert e.trolls >= 1 and e.gorgons >= 1  # the troll's space awaited, the gorgon's asked
    final_seen(e, phones)
    no_script_errors(phones.values())


@pytest.mark.campaign  # about 2 minutes: CI runs it with the campaigns
def test_a_whole_game_on_a_tabula_rasa_sheet_with_promo_ambushes_and_skills(evening):
    # The issue-29 evening: the sheet rolled by seed 7, the edition's ambushes and the promo ones
    # shuffled, three skills face up; a restart in summer, the winner at the end.
    e = evening("promos", "--players", "Ann,Bob", "--seed", "7", "--sheet", "tabula-rasa", "--ambushes", "mixed",
                "--skills")
    phones = seated(e, ("Ann", "Bob"))
    rolled = Table.read(e.game).state.side
    assert rolled.roll == (7, False)
    play_season(e, phones, "spring")
    autumn = play_season(e, phones, "summer", mishap=restarted(e))
    play_season(e, phones, "autumn", start=autumn)
    play_season(e, phones, "winter")
    final_seen(e, phones)
    no_script_errors(phones.values())
    # Every seat's map is on the game's rolled sheet.
    from cartoref.table.seats import read_seat_map

    game = Table.read(e.game)
    for name in ("Ann", "Bob"):
        assert read_seat_map(game, name).sheet.side.printed == rolled.printed
