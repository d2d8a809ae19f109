import sys

from dlrules.cli import main

sys.exit(main())
