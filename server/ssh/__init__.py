"""The SSH gateway (server/ssh/gateway.py)."""

import warnings

# asyncssh still defines DSA keys (never offered here); the cryptography release in the
# locks deprecates them at import, which wrote 10 lines to every `prtui serve --ssh-port`
warnings.filterwarnings("ignore", message="DSA is deprecated", module=r"asyncssh\.")  # i18n: a warning filter's pattern
