"""The app's side of a solo game: a new one (a saved game is replaced only if the player says
so), or the saved one carried on."""
from textual.app import App


def new_game(app: App, settings, back=None) -> None:
    """Start a solo game with these GameSettings on ``app``; a stray Enter on "Play
    now" once lost a game in progress, so a saved one is replaced only if the player says so
    (``back()``, if given, when they say Back: to the screen they came from)."""
    from uno_tui.play.solo import saved_game_problem, start_solo
    from uno_tui.storage.places import has_saved_game
    damaged = has_saved_game() and saved_game_problem() is not None

    def start(go: bool = True) -> None:
        if go:
            if damaged:                      # what cannot be resumed is still not thrown away
                from uno_tui.storage.autosave import set_aside
                set_aside("solo")
            app.open_session(start_solo(settings, seed=app.seed, pacing=app.pacing, dealer=app.dealer))
        elif back is not None:
            back()
    if not has_saved_game():
        start()
        return
    from .screens.modals import ConfirmLeave
    question = ("The saved game cannot be resumed: the new game keeps it aside, under a dated name."
                if damaged else "Your saved game is replaced by the new one (Resume carries it on instead).")
    app.push_screen(ConfirmLeave(question, "Start a new game?", yes="New game", no="Back"), start)


def saved_game(app: App) -> None:
    """Carry on the saved solo game on ``app``; one that cannot be is said on the start screen."""
    from uno_tui.play.solo import damaged_notice, resume_solo
    from uno_tui.storage.autosave import SaveError
    try:
        session = resume_solo(app.pacing)
    except SaveError as e:
        app.back_to_start(damaged_notice(e))        # said on the start screen, the path whole
        return
    app.open_session(session)
