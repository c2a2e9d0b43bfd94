"""The message catalogs (server/i18n.py): ``<language>/LC_MESSAGES/<domain>.po`` and the
``.mo`` that ``make catalogs`` compiles from it; ``<domain>.pot`` is the extracted template."""
