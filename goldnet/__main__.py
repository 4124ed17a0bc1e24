"""``python -m goldnet`` runs the command line."""

from goldnet.cli import run

if __name__ == "__main__":
    run()
