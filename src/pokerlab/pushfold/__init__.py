"""Pre-flop all-in-or-fold equilibria for 2 to 9 players, in chips and by the Independent Chip Model.

Each player in turn pushes all-in or folds; once someone is all-in, the players after them call
(go all-in too) or fold. Hands are the 169 starting-hand classes, and a strategy is a push or a
call frequency per class: the patent's dividing points where tournament players use them.
"""
