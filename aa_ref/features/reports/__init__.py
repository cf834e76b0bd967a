"""Reports: `show` and `log` tables, turn reports, diffs of two games."""
