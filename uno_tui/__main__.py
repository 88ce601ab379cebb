"""`python -m uno_tui`: the `uno-tui` command (how the host starts browser tabs and ssh sessions)."""
import sys

from .cli import main

sys.exit(main())
