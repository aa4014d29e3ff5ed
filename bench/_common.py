"""What every benchmark prints and records about its run, so figures can be compared."""

import datetime
import os
import platform
import sys


def run_facts(argv=None) -> dict:
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}",
        "load_average_at_start": round(os.getloadavg()[0], 2),
        "command": " ".join([os.path.relpath(sys.argv[0])] + (argv if argv is not None else sys.argv[1:])),
    }
