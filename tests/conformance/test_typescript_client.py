"""TypeScript types generated from openapi.yaml (openapi-typescript) tie each game's path, state,
move and decision together, and a small client written against them type-checks.

clients/typescript/client.ts plays a game through the generated types and holds lines that must
NOT type-check (a Shufflers state with a Big Shuffle move, a Big Shuffle decision taken for a
Shufflers one, an option another game has), each marked `@ts-expect-error`: tsc fails on a marked
line that is no error, so this test fails when the spec stops telling the games apart. The
versions are pinned by clients/typescript/package-lock.json (`npm ci`); npm must be on the
machine (it fails, never skips, without it).
"""

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "typescript"


def _npm(*args: str) -> subprocess.CompletedProcess:
    npm = shutil.which("npm")
    assert npm, "npm is needed to type-check the TypeScript client (Node.js with npm)"
    done = subprocess.run([npm, *args], cwd=CLIENT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"npm {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
    return done


def test_typescript_types_from_the_spec_type_check_a_client_and_refuse_another_games_move():
    if not (CLIENT / "node_modules" / ".package-lock.json").exists():
        _npm("ci", "--no-audit", "--no-fund")
    _npm("run", "types")
    assert "ShufflersApplyRequest" in (CLIENT / "build" / "schema.d.ts").read_text()
    _npm("run", "check")
