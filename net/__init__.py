"""LAN play: one authoritative host, thin clients, zeroconf discovery.

    HostServer   the table's host (asyncio on its own thread): seats, bots, autosave
    ClientLink   a joined seat as the table screen sees it (net.link)
    Client       a player's connection: inbox of messages, act(), join(), reconnect()
    LobbyBrowser tables appearing and disappearing on the LAN (queue or callback)

The wire format, every message and every limit are in docs/PROTOCOL.md; what
the host does under hostile peers, with figures, in docs/RELIABILITY.md.

    protocol / framing   the vocabulary and the frames (strict types, reasons of our own)
    host                 HostServer: the table's host (join code, notices, the match's glue)
    gate / conn / limits the host's door: accepting, room in the lobby, floods, cut-offs
    client               Client;  advert / lobby: discovery, host side and lobby side
    match / seats        the match at a LAN table and who sits where
"""
from .protocol import PROTOCOL_VERSION, SERVICE_TYPE, DEFAULT_PORT, ProtocolError
from .client import Client, parse_address
from .advert import Advertiser
from .lobby import LobbyBrowser, TableInfo, find_table
from .host import HostServer
from host.seats import parse_seats

__all__ = ["PROTOCOL_VERSION", "SERVICE_TYPE", "DEFAULT_PORT", "ProtocolError", "Client",
           "parse_address", "LobbyBrowser", "TableInfo", "Advertiser", "find_table",
           "HostServer", "parse_seats"]
