"""The committed openapi.yaml is the app's spec: regenerate it with `python -m api.spec > openapi.yaml`."""

from pathlib import Path

import yaml

from api.spec import spec

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"


def test_openapi_yaml_is_in_sync_with_the_app():
    assert yaml.safe_load(COMMITTED.read_text()) == spec(), (
        "openapi.yaml drifted from the app: run `python -m api.spec > openapi.yaml` and commit it."
    )
