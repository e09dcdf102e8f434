"""The pygame-ce table: window, menus, the animated card table, replays.

    app.py          the window, the loop (sleeps when idle), the scene stack
    scene.py        the scene interface: update(dt), process_event(e), draw(surface)
    menus.py        main menu, new game (each game's options), settings, pause (pygame_gui, theme.json)
    quickref.py     the Quick Reference pages (docs/quickref/*.txt), tabs per game, over the table too
    table_scene.py  one match: asks the session who acts, animates the events; trump tiles,
                    the peek question, hot-seat covers (a hand goes down once its player acted)
    director.py     host events -> motion (shuffle, cut, deal by packets, play, slam, drop, trick,
                    pass, tap, the Manni swap)
    explain.py      words for what the rules decided: why cards are dimmed, a deal's score worked out
    rich.py         one line of text with suit pips and arrows drawn as shapes
    board.py        the cards as one viewer sees them; layout.py places them
    hand_input.py   press, lift, slide, push to the court; arrows and Enter
    anim.py         tweens, easing, the falling-card integrator, springs
    cards.py        card sprites and their image cache; hud.py scores, plates, panels
    session.py      a match at this table: host, seat controllers, autosave, saves list
    controllers.py  human / bot (worker thread) / replay seats
    replays.py      the replays list and the replay table; results.py the end screen
    config.py       the settings file and the folders (MANFEE_HOME)
"""
