"""The adversarial tests drive the real `aa-ref` command like the end-to-end tests do."""

from tests.e2e.conftest import cli  # noqa: F401  (the fixture)
