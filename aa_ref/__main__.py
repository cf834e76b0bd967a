"""`python -m aa_ref` runs the command-line interface."""

from aa_ref.cli.app import main

main()
