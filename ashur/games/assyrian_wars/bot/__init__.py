"""The heuristic bot's knowledge of Assyrian Wars (issue 17): what a view tells (:mod:`.features`), the score
and reason of each legal action (:mod:`.rank`) and the weights per power and scenario (``weights.yaml``).
Reached through :meth:`ashur.core.contract.Game.rank_actions`; reads the role's view, never the state."""
