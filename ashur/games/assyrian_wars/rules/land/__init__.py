"""Land warfare (6.1–6.14, 9.2–9.7, 10.2, 10.4): movement, entering an area, battles, sieges, supply."""
