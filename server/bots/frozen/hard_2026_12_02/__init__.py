"""hard as before commit 79dde3d (2026-12-02): server/bots/frozen/levels.py."""
