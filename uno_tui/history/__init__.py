"""Every match remembered: its record as it is played (record.py), played again through the
engine (replay.py), an index of past matches with players' statistics (index.py), and the
match told in words (text.py)."""
