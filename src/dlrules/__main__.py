import sys

from dlrules.apps.cli.main import main

sys.exit(main())
