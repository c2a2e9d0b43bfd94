from prtui.cli import main

raise SystemExit(main())
