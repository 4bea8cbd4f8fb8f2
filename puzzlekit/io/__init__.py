"""Reading and writing puzzles in the formats the puzzle community uses."""
