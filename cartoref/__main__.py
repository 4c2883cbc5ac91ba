"""``python -m cartoref``."""

from .cli import main

main()
