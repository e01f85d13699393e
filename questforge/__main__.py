"""``python -m questforge`` runs the command line."""

from questforge.launch import main

if __name__ == "__main__":
    main()
