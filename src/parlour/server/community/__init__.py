"""The people around tables: accounts and their sessions, ratings, and the seats accounts
hold (API.md, "Added for players who come back"). The hub and the routes call this package;
it never calls the hub."""
