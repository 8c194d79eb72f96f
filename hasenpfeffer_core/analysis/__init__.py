"""What the engine's positions mean: explanations in words, a player's view, the exact
double-dummy solver, the computer players, the quiz bank, the teaching hands, the review
of a played hand and one play session (seats, computer players, undo).

The analysis reads the engine and never a face: it returns values and words, and the
faces (``hasenpfeffer_core.faces``) draw them. The standard library, and for the
learner's progress the package's own dependencies: ``platformdirs`` and ``filelock``
(the store), ``fsrs`` (spaced practice) and ``glicko2`` (the puzzle rating).
"""
