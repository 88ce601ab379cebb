"""Chat stays where it was said among the game's lines, also after a reconnect over a real
socket (the snapshot used to bring the whole chat history back below the game's lines)."""
from tests.helpers.network import LOOPBACK, join
from tests.helpers.ui import FROZEN, game_screen, logged, wait_for
from uno_tui.play.host.session import HostSession
from uno_tui.storage.settings import GameSettings
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.modals import ChatPrompt


async def say(pilot, app, text: str) -> None:
    await pilot.press("t")
    assert await wait_for(pilot, lambda: isinstance(app.screen, ChatPrompt))
    await pilot.press(*text, "enter")
    assert await wait_for(pilot, lambda: logged(app, f"Jo: {text}"))


async def test_chat_keeps_its_place_in_the_log_after_a_reconnect():
    # headless: Jo sits at seat 0 and starts (Hana, at seat 1, deals and only listens)
    session = HostSession(GameSettings(match_mode="single"), players=2, headless=True, pacing=FROZEN, seed=2,
                          dealer=1)
    port = await session.serve(LOOPBACK, 0)
    app = UnoApp(join=(LOOPBACK, port, "Jo", None, False, session.fingerprint))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: session.joined() == 1)
        hana = await join(port, "Hana")
        session.start()
        assert await wait_for(pilot, lambda: game_screen(app) is not None and game_screen(app).model.my_decision())
        game = game_screen(app)
        await say(pilot, app, "first")
        await pilot.press("d")
        assert await wait_for(pilot, lambda: logged(app, "You draw "))
        await say(pilot, app, "second")
        before = [text.plain for text in game.query_one("#log").entries]
        game.channel.conn.writer.transport.abort()          # the network drops Jo
        assert await wait_for(pilot, lambda: logged(app, "Jo is back."))
        after = [text.plain for text in game.query_one("#log").entries]
        assert after[:len(before)] == before                # the same lines, in the same order
        assert after.index("» Jo: first") < next(i for i, t in enumerate(after) if t.startswith("You draw ")) \
            < after.index("» Jo: second") < after.index("Jo is back.")
    hana.close()
    await session.close()
