"""hard as on main on 2026-12-03 (commit 709c466): server/bots/frozen/levels.py."""
