"""The terminal game (``okgin play``): screens and widgets over :mod:`okgin.table.local`.

:mod:`okgin.tui.app` is the table on the screen and its keys; :mod:`okgin.tui.screens` the
pop-ups (knock, layoffs, the end of a hand, the pile, the score sheet, a new game);
:mod:`okgin.tui.widgets` the card rows; :mod:`okgin.tui.text` the words and card faces;
:mod:`okgin.tui.replay` steps through a record. The game flow (seats, turns, bots and their
pace, saving, resume, undo, preferences) is :class:`okgin.table.local.LocalGame`, which any
front end at one computer can use; the figures come from the core.
"""
