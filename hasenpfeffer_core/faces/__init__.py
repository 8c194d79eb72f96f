"""What a learner sees: card pictures (SVG and HTML strings), charts, the Jupyter widgets
and the ``hasenpfeffer`` command.

Every face only draws what ``hasenpfeffer_core.engine`` and ``hasenpfeffer_core.analysis``
compute; no rule of the game is written here. Only ``faces.widgets`` imports Jupyter.
"""
