"""Issue 33's rough edges, each as a person meets it: a damaged save offers no Resume and says so;
a chat line stands apart from the game's events and its arrival is said."""
import operator

from tests.helpers.ui import game_screen, my_turn, rendered_lines, seeded_app, wait_for
from uno_tui.storage.places import data_dir, game_path
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.modals import ConfirmLeave
from uno_tui.ui.screens.start import StartScreen


async def _a_saved_game() -> None:
    """Play a moment of a solo game and leave it (it is saved)."""
    app = seeded_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: game_screen(app) is not None)
        await pilot.press("escape", "y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    assert game_path("solo").exists()


async def test_a_damaged_save_offers_no_resume_and_says_so_with_the_path_whole(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("UNO_TUI_DATA_DIR", str(tmp_path / ".local/share/uno-tui"))
    await _a_saved_game()
    path = game_path("solo")
    damaged = path.read_bytes()[:200]
    path.write_bytes(damaged)
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        assert not app.screen.query_one("#resume").display
        notice = app.screen.query_one("#notice")
        lines = [line.strip() for line in rendered_lines(notice)]
        assert "The saved game cannot be resumed:" in lines
        assert "~/.local/share/uno-tui/solo-game.msgpack" in lines     # on a line of its own, whole
        assert app.focused is app.screen.query_one("#play")
        await pilot.press("enter")                            # Play now
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        question = app.screen.consequence
        assert "Resume" not in question and "cannot be resumed" in question
        await pilot.press("y")
        assert await wait_for(pilot, lambda: game_screen(app) is not None)
        kept = [p for p in data_dir().glob("solo-game-*.msgpack") if not p.name.endswith("-log.msgpack")]
        assert [p.read_bytes() for p in kept] == [damaged]    # kept aside, untouched, as it said


async def test_a_good_save_still_offers_resume_and_its_question_says_so():
    await _a_saved_game()
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        assert app.screen.query_one("#resume").display and not app.screen.query_one("#notice").display
        app.menu_choice("play")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        assert "Resume carries it on instead" in app.screen.consequence
        await pilot.press("n")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))


async def test_back_from_replacing_a_saved_game_returns_to_the_set_up_it_came_from():
    from uno_tui.ui.screens.setup import SetupScreen
    await _a_saved_game()
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.menu_choice("setup")
        assert await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("ctrl+s")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.press("n")                                # Back: the set-up again, the save kept
        assert await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert game_path("solo").exists()


async def test_a_chat_line_stands_apart_from_the_game_and_its_arrival_is_said():
    from tests.ui.test_ui_journeys import caught_in_the_act
    from uno_tui.ui.widgets.log import LogView
    holder = {}

    def table():
        channel = caught_in_the_act()
        holder["table"] = channel.table
        return channel
    app = UnoApp(autostart=table)
    notified = []
    notify = app.notify
    app.notify = lambda message, **kw: (notified.append(str(message)), notify(message, **kw))[-1]
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for(pilot, lambda: game_screen(app) is not None)
        table = holder["table"]
        bob = next(listener for listener in table.listeners if listener.seat == 1)
        table.handle(bob, {"type": "chat", "id": 9, "text": "good luck"})
        assert await wait_for(pilot, lambda: any("Bob: good luck" in m for m in notified))
        screen = game_screen(app)
        entries = [str(t) for t in screen.query_one(LogView).entries]
        assert "» Bob: good luck" in entries
        assert not any(e.startswith("» ") for e in entries if "good luck" not in e)    # game events are not


async def test_a_tick_box_reads_on_or_off_without_colour():
    from tests.ui.test_ui_setup import Host
    from uno_tui.storage.settings import GameSettings
    app = Host(GameSettings(house={"jump_in": True}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        on, off = (app.screen.query_one(f"#house-{name}") for name in ("jump_in", "seven_zero"))
        assert rendered_lines(on)[0].startswith("[x] ") and rendered_lines(off)[0].startswith("[ ] ")
        off.focus()
        await pilot.press("space")
        assert rendered_lines(off)[0].startswith("[x] ")


async def test_ctrl_a_selects_all_in_every_text_field():
    """Ctrl+A then typing replaces the whole text: the set-up's name, the join form's address,
    name and password, and a chat line."""
    from textual.widgets import Input

    from tests.ui.test_ui_setup import Host
    from uno_tui.storage.settings import GameSettings
    from uno_tui.ui.screens.join import JoinScreen
    from uno_tui.ui.screens.modals import ChatPrompt

    async def replaced(pilot, field: Input) -> None:
        field.focus()
        field.cursor_position = 2
        await pilot.press("ctrl+a", *"Zed")
        assert field.value == "Zed", field.id

    app = Host(GameSettings(name="Kim Long"))
    async with app.run_test(size=(80, 24)) as pilot:
        await replaced(pilot, app.screen.query_one("#name", Input))
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(JoinScreen("10.0.0.9:7777", "Ann Other", password="secret"))
        await pilot.pause()
        for name in ("address", "name", "password"):
            await replaced(pilot, app.screen.query_one(f"#{name}", Input))
        await app.push_screen(ChatPrompt())
        await pilot.pause()
        field = app.screen.query_one("#chat-line", Input)
        field.value = "hello there"
        await replaced(pilot, field)


def test_a_short_plate_says_the_bots_level_by_its_count():
    """Every plate width the seating uses, and a count of one or two digits: "bot" by the name,
    the level (whole where it fits) at the right of the count's line."""
    from tests.helpers.views import seat_info
    from uno_tui.ui.widgets.plates import SHORT_LEVEL, plate
    from uno_tui.ui.widgets.seating import PLATE_WIDTHS
    for width in PLATE_WIDTHS:
        for level in ("easy", "normal", "hard", "expert"):
            for count in (7, 23):
                info = seat_info("Cleo", "bot", level=level)
                name_line, count_line, _ = plate(info, count, False, 0, ("", "plain"), width, 3)
                assert [text for _, text, _ in name_line] == ["Cleo", "bot"]
                said = count_line[-1][1]
                assert said in (level, SHORT_LEVEL.get(level)) and str(count) in [t for _, t, _ in count_line]
                assert width < 14 or said == level, (width, said)


async def test_the_seats_show_each_bots_level_at_every_size(tmp_path, monkeypatch):
    from uno_tui.ui.widgets.table import TableView
    for size in ((80, 24), (100, 30), (120, 40)):
        # each size its own data dir: the last size's game may still be being saved as it left
        # (unlinking it raced that write, and the next game then asked "Start a new game?")
        monkeypatch.setenv("UNO_TUI_DATA_DIR", str(tmp_path / f"data-{size[0]}"))
        app = seeded_app(bots=("easy", "hard", "expert"))
        async with app.run_test(size=size) as pilot:
            assert await wait_for(pilot, lambda: game_screen(app) is not None)
            await pilot.pause()
            shown = "\n".join(rendered_lines(game_screen(app).query_one(TableView)))
            for level in ("easy", "hard", "expert"):
                assert level in shown, (size, level)


async def test_help_and_footer_offer_only_the_keys_the_rules_in_play_allow(tmp_path, monkeypatch):
    """Jump-in off: no j in the game's help or footer; UNO calls off: no u nor c; strict Wild
    Draw Four: no x. The start screen's Rules are the set-up's (jump-in on there: j is listed)."""
    from textual.widgets import Markdown

    from uno_tui.storage.settings import GameSettings, save_settings
    from uno_tui.ui.screens.help import HelpScreen
    from uno_tui.ui.widgets.footer import Footer

    def keys_said(screen) -> str:
        return screen.query_one(Markdown).source.split("## Keys")[1]
    app = seeded_app(house={"uno_penalty": 0, "strict_wild_draw_four": True})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await my_turn(pilot, app)
        footer = [key for key, *_ in screen.query_one(Footer).keys]
        assert "d" in footer and not {"j", "u", "c", "x"} & set(footer)
        await pilot.press("question_mark")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.query(Markdown))
        said = keys_said(app.screen)
        assert "d draw" in said and "p/k play or keep" in said
        for key in ("j jump in", "u UNO", "c catch", "x challenge", "s shield", "h stack"):
            assert key not in said, key
    monkeypatch.setenv("UNO_TUI_DATA_DIR", str(tmp_path / "data-hp2000"))     # (not the last game's, saved as it left)
    app = seeded_app(edition="hp2000")                  # a view's rules, without the deck: Invisibility shields
    async with app.run_test(size=(120, 40)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("question_mark")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.query(Markdown))
        assert "s shield" in keys_said(app.screen)
    save_settings(GameSettings(house={"jump_in": True}))
    app = UnoApp()
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.menu_choice("rules")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.query(Markdown))
        said = keys_said(app.screen)
        assert "j jump in" in said and "u UNO" in said and "s shield" not in said


async def fits(pilot, screen, size) -> None:
    """The table is laid out for ``size``: the screen and the table widget have the new size, and
    what the table shows is what a fresh paint at that size shows (no row of the old layout left).
    Cards in flight move between the two looks, so they are compared until they agree (for 1 s at
    most: a picture kept from the old size never agrees)."""
    from uno_tui.ui.widgets.table import TableView
    table = screen.query_one(TableView)
    assert screen.size == size and table.region.right <= size[0] and table.region.bottom <= size[1]

    def looks() -> tuple[list[str], list[str]]:
        return rendered_lines(table), [strip.text for strip in table.paint().strips()]
    assert await wait_for(pilot, lambda: operator.eq(*looks()), steps=100), "\n".join(
        looks()[0] + ["-" * 20] + looks()[1])
    shown = rendered_lines(table)
    assert len(shown) == table.size.height and all(len(line) == table.size.width for line in shown)
    for seat in screen.model.view.table.seats[1:]:
        assert any(seat.name in line for line in shown), seat.name


async def test_a_resize_during_the_deal_and_between_hands_lays_the_table_out_for_the_new_size(monkeypatch):
    from tests.helpers.ui import go_out, rigged_app
    from uno_tui.ui.screens.game import GameScreen
    from uno_tui.ui.screens.handover import HandOverScreen
    monkeypatch.setenv("UNO_TUI_MOTION", "on")               # cards fly as the hand is dealt and played
    app = rigged_app([["G1"], ["Y1"], ["B1"], ["R1"]], "G5",
                     ["Y9"] * 40, match_mode="first_to")
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for(pilot, lambda: game_screen(app) is not None)
        await pilot.resize_terminal(80, 24)                  # the first view just in: the deal
        await pilot.pause(0.1)
        await fits(pilot, game_screen(app), (80, 24))
        await go_out(pilot, app)
        await pilot.press("enter")                           # Next hand
        await pilot.resize_terminal(100, 30)                 # at once, while the hand-over closes
        assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                              and app.screen.model.view.table.hand_no == 2)
        await pilot.pause(0.1)
        await fits(pilot, app.screen, (100, 30))
        await pilot.resize_terminal(120, 40)                 # and back, between the hand-over and the deal
        await pilot.pause(0.1)
        await fits(pilot, app.screen, (120, 40))
        assert not isinstance(app.screen, HandOverScreen)
