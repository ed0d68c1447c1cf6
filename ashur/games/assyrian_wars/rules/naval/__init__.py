"""Naval affairs and trade (6.15, 6.16, 7.3.3): ships, fleets, transport, searches, raids, sea trade."""
