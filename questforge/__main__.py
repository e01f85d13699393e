"""``python -m questforge`` runs the command line."""

from questforge.cli import main

if __name__ == "__main__":
    main()
