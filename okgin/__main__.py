import sys

from okgin.cli import main

sys.exit(main())
