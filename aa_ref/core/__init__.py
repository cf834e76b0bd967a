"""The core every game shares: documents and YAML, the base model, the log, dice, the adjudication
context and ruleset protocol, fair dice, the session API. It imports no game and no feature."""
