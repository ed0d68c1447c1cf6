"""The course of play (3, 5, 6.0, 6.18, 6.19, 7, 8.3): game, turn, impulse, income, Interphase, victory."""
