"""aa-ref: a command-line referee and save-file toolkit for WWII board games."""

__version__ = "0.1.0"
