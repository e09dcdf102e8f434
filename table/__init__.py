"""The pygame-ce table: window, menus, the animated card table, replays.

    app.py          the window, the loop (sleeps when idle), the scene stack
    scene.py        the scene interface: update(dt), process_event(e), draw(surface)
    menus.py        main menu, new game, settings, rules, pause (pygame_gui, theme.json)
    table_scene.py  one match: asks the session who acts, animates the events
    director.py     host events -> motion (deal, play, slam, drop, trick, pass)
    board.py        the cards as one viewer sees them; layout.py places them
    hand_input.py   press, lift, slide, push to the court; arrows and Enter
    anim.py         tweens, easing, the falling-card integrator, springs
    cards.py        card sprites and their image cache; hud.py scores, plates, panels
    session.py      a match at this table: host, seat controllers, autosave, saves list
    controllers.py  human / bot (worker thread) / replay seats
    replays.py      the replays list and the replay table; results.py the end screen
    config.py       the settings file and the folders (MANFEE_HOME)
"""
