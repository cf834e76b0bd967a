"""Play by e-mail with fair dice: the commands (sign, reveal, verify)."""
