"""The OpenAPI document of the app, as YAML: `python -m api.spec > openapi.yaml`.

The committed openapi.yaml must equal this output (tests/api/test_spec_drift.py).
"""

import yaml

from . import create_app


def spec() -> dict:
    document = create_app().test_client().get("/openapi.json").get_json()
    return {"openapi": document.pop("openapi"), **document}  # the version first, as readers expect


def main() -> None:
    print(yaml.safe_dump(spec(), sort_keys=False, allow_unicode=True, width=100), end="")


if __name__ == "__main__":
    main()
