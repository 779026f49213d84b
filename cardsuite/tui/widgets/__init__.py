"""Widgets: the table is drawn by one widget through the line API."""
