"""The applications built on the library: the command line (``cli``), the
table server (``serve``), simulation and its report (``simulate``,
``simreport``) and the conformance kit (``conformance``)."""
