"""Politics (6.9, 6.13, 6.17, 7.1, 7.4, 7.5, 8.1, 8.4, 10.1, 10.4): wars, diplomacy, camps, conquest."""
