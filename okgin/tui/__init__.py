"""The terminal game (``okgin play``): a Textual app over the core's public API.

:mod:`okgin.tui.session` holds the game, the bots, saving and undo without any screen;
:mod:`okgin.tui.app` is the table; :mod:`okgin.tui.screens` the pop-ups (knock, layoffs, the
end of a hand, the pile, the score sheet, a new game); :mod:`okgin.tui.replay` steps through
a record. The app imports Textual; the session does not.
"""

from okgin.tui.session import Session, Settings, data_dir

__all__ = ["Session", "Settings", "data_dir"]
