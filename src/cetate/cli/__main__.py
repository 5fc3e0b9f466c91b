"""`python -m cetate.cli`: the `cetate` command."""

from cetate.cli import main

main()
