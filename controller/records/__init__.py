"""Game records: every finished or abandoned game kept in SQLite (``games.sqlite3`` beside the
journal), as its text notation (``engine.notation``) and the facts to list, filter and count
them by."""
