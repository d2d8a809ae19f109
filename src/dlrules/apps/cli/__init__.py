"""The ``dlrules`` command: ``main`` parses the command line and hands each
command to its module here (``show``, ``rules``, ``serve``, ``simulate``,
``conformance``, ``docs``); docs/cli.md."""
