"""The `aa-ref` command: parses arguments, calls the library, prints. Imported by nothing."""
