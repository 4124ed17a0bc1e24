"""The desktop bundle's program (PyInstaller's entry script, ``packaging/goldnet.spec``).

``goldnet ARGS…`` as the installed command would, plus the hidden module runner the bundle
needs to start goldnet's own helper processes (:mod:`goldnet.launch`).
"""

import sys

from goldnet.launch import entry

if __name__ == "__main__":
    sys.exit(entry())
