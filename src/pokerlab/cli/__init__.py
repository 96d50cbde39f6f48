"""The ``pokerlab`` command: one module per command group, no logic of its own."""
