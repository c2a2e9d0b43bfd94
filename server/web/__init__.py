"""Play in a browser: ``prtui serve --web-port 8080`` (or ``prtui web``).

textual-serve carries a Textual app's screen over a websocket to xterm.js in the page;
each browser session runs the same ``prtui connect`` child an SSH session runs, with
the SSH gateway's name rules, per-identity home, relayed address and session caps
(server/web/gateway.py), and its child is ended when the tab closes (server/web/child.py).
"""
