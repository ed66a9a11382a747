import sys

from pygames_core.app.cli import main

sys.exit(main())
