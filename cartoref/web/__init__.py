"""The table display: a read-only local web page that follows a game file (``cartoref serve``).

``server`` answers HTTP with the standard library; ``page`` is the page itself (HTML, CSS and
the script that follows the game). Like the CLI, it is a thin shell: the table layer reads the
game, the views shape what is shown.
"""
