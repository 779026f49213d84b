"""The app's screens: lobby, table, curtain, chooser, rules, help, settings, log, outcome."""
