"""The table host: the one authority that runs a match at any table.

Pygame-free and socket-free.  Local play, hot-seat, demo, LAN hosting, the
headless command line and the table-level tests all run their match through
a ``TableHost``; a screen talks to it through a ``TableLink`` (in-process
here, a socket for a LAN client).  See docs/ARCHITECTURE.md.
"""
