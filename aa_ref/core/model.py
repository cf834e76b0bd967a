"""The base model and the records every game's documents share: the link to the log and the
fair-dice records (docs/fair-dice.md)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """Base for documents users write: unknown keys are errors, not silently ignored."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class LogRef(Strict):
    file: str
    head: str = ""
    entries: int = 0


class FairDicePlayer(Strict):
    """A player's fair-dice commitment: the powers it plays, its public key and where its
    hash chain stands (docs/fair-dice.md)."""

    powers: list[str]
    public_key: str = Field(description="Ed25519 public key (hex) that signs the player's orders and reveals")
    chain: int = Field(default=1, ge=1, description="which of the player's chains is in use")
    length: int = Field(ge=1, description="values in the chain")
    revealed: int = Field(default=0, ge=0, description="values of the chain revealed so far")
    last: str = Field(description="the last value revealed (the anchor before any)")


class Signature(Strict):
    """The author's Ed25519 signature over the document (fair-dice games)."""

    player: str
    value: str = Field(description="hex signature over the document without `signature` and `reveals`")


class RevealRecord(Strict):
    """Another player's next hash-chain value, revealed for this document once it was fixed."""

    player: str
    chain: int = Field(ge=1)
    index: int = Field(ge=1, description="position in the chain: 1 for the first value revealed")
    value: str = Field(description="hex preimage of the value revealed before it")
    signature: str = Field(description="the revealer's signature binding the value to this document and state")
    next_anchor: str | None = Field(default=None, description="with a chain's last value: the anchor of the next chain")
    next_length: int | None = Field(default=None, ge=1)
