"""goldnet's data files (boards, maps, art, translations), installed as ``goldnet.resources``.

No code lives here: read the data through :mod:`goldnet.data`, never by paths.
"""
