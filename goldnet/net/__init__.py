"""Everything that touches sockets, TLS, zeroconf and disk journals."""
