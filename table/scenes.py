"""Every screen by name, so that screens open each other without importing
each other (Tuxemon's state registry): the main menu opens "new_game", the
table opens "pause" and "results", the results open "replay"... and no
module's imports run in a circle.

    app.push(open_scene("rules", app, game="manni", overlay=True))
"""
from __future__ import annotations

import importlib
from typing import Any

SCENES = {
    "main_menu": "table.menus:MainMenu",
    "new_game": "table.new_game:NewGameScene",
    "settings": "table.settings:SettingsScene",
    "pause": "table.menus:PauseScene",
    "rules": "table.quickref:QuickRefScene",
    "table": "table.table_scene:TableScene",
    "results": "table.results:ResultsScene",
    "replays": "table.replay_list:ReplaysScene",
    "replay": "table.replays:ReplayScene",
    "host_setup": "table.host_setup:HostSetupScene",
    "lobby": "table.lobby:LobbyScene",
    "review": "table.review_screen:ReviewScene",
    "statistics": "table.stats_screen:StatsScene",
    "lan_people": "table.lan_people:PeopleScene",
}


def scene_class(name: str) -> type:
    module, _sep, cls = SCENES[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def open_scene(name: str, app: Any, **kw: Any) -> Any:
    """A new screen ``name`` for ``app`` (push it, or reset to it)."""
    return scene_class(name)(app, **kw)
