"""The rules of Hasenpfeffer, exactly: cards, seats, rules options, actions, the auction,
tricks, one hand as a state machine, scoring, a whole game and hand records.

The engine uses the standard library only and imports nothing from the layers above it
(``analysis`` and ``faces``); ``tests/test_layers.py`` keeps it so. Its public names are
re-exported by the package top, ``hasenpfeffer_core``.
"""
