"""Run the command line as `python -m generator`."""

from generator.cli import run

run()
