"""Research interfaces (issue 19): every game as an OpenSpiel game (:mod:`.openspiel`) and a PettingZoo
environment (:mod:`.pettingzoo`), over the game-module contract only; docs/research.md. They need the
``research`` extra (``pip install -e '.[research]'``); importing this package alone needs nothing more."""
