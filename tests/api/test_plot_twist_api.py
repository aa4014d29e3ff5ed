"""Plot Twist over HTTP: its metadata and catalog, the wire schemas written for every field of the
state (docs/plot-twist-contract.md), whole games that conform to the spec, refusals that name the
rule, bot-move and tables of bots (random; the Heroes' and the GM's)."""

import jsonschema_rs
import pytest

import core
from api.schemas import GAMES
from core.framework.rng import Rng
from core.games.plot_twist import OUTCOME_REASONS
from core.games.plot_twist import state as S

BASE = "/v1/games/plot-twist"
REF = "#/components/schemas/"
FRAMEWORK_FIELDS = {"game", "version", "players", "options", "outcome"}


@pytest.fixture(scope="module")
def spec():
    from api import create_app

    return create_app().test_client().get("/openapi.json").get_json()


def validator(spec, name):
    return jsonschema_rs.Draft202012Validator({"$ref": REF + name, "components": spec["components"]})


def test_game_info_and_the_catalog_fit_the_spec(client, spec):
    info = client.get(BASE).get_json()
    assert (info["id"], info["min_players"], info["max_players"]) == ("plot-twist", 2, 6)
    assert "random" in info["bots"]
    body = client.get(f"{BASE}/cards").get_json()
    validator(spec, "PlotTwistCardList").validate(body)
    assert len(body["cards"]) == len(core.get_game("plot-twist").cards())


def test_the_state_and_view_schemas_name_every_field_of_the_state():
    """A field added to the state (state.GAME_FIELDS) needs its line in api/schemas/plot_twist.py."""
    schemas = GAMES["plot-twist"]
    assert set(schemas.State._declared_fields) == FRAMEWORK_FIELDS | {"rng"} | set(S.GAME_FIELDS)
    assert set(schemas.View._declared_fields) == FRAMEWORK_FIELDS | set(S.GAME_FIELDS)


# (players, options): quick and drafted Setup, the fewest, some and the most seats
TABLES = [(2, {"setup": "quick"}), (6, {"setup": "quick"}), (2, {}), (4, {}), (6, {})]
RARE_MOVES = {"remove_trauma", "recover",  # Free actions random play seldom has the means for
              "hide", "sneak_attack",  # one Villain of the house set has Stealth
              # between Conflicts: choices only with two Lairs or two Locations, a question left unanswered
              "flee", "next_location", "relocate", "no_answer",
              "nullify_spend",  # one Event (Mind Fog) has a spending Nullify, seldom Revealed in random play
              "heal",  # Healing needs Stress, Energy and one of two Characters (Hope, Dr. Simoakli): the golden
              # transcript plot-twist/drafted-4 shows it, tests/core/test_plot_twist_heroics.py tests it
              # a Crossover takes 3 Heroes and 3 Belief cured in a Turn, then the Main Villain out of play
              # (tests/core/test_plot_twist_crossover.py, and the transcript plot-twist/crossover-6)
              "new_main_villain"}
RARE_EVENTS = {"trauma_paid", "demoralized", "stress_regenerated", "equipment_declined", "villain_fled",
               "villain_surrendered", "status_gained", "status_ended", "distance_changed", "quantity_lost",
               "incapacitated", "mulligan_taken", "attack_action_bought", "energy_spent",
               # one card each makes these (Sacrifice's Ally, Safe House, Tech Intern, a colored Twist! without its Hero)
               "ally_sacrificed", "location_played", "objective_peeked", "twist_without_effect",
               # Plots random Heroes seldom keep the Belief for, with a Hero and Keywords to buy
               "ally_removed", "trauma_removed", "nullify_spent",
               "relocated",  # two Locations in play, and the GM's Initiative before any Combat
               # Reversal of Fortunes: a Masterplan takes 5 Heroes and 5 Belief cured in a Turn; a Lock is paid
               # for when the Locked word is used in the same Turn (tests/core/test_plot_twist_reversal.py)
               "masterplan_initiated", "lock_paid",
               # a Threat fulfilled: the few seeded random games here end otherwise since Open the Rift's
               # Threat counts an Incapacitated Hero (transcripts and tests/core/test_plot_twist_in_play.py show it)
               "threat_fulfilled",
               # Villain Crossovers (tests/core/test_plot_twist_crossover.py)
               "villain_crossed", "persona_played", "villain_hid", "main_villain_chosen"}


def test_whole_games_over_http_conform_to_the_spec(client, spec):
    step_schema, view_schema = validator(spec, "PlotTwistStep"), validator(spec, "PlotTwistViewResponse")
    kinds, events = set(), set()
    for seed, (players, options) in enumerate(TABLES):
        pick = Rng.from_seed(f"plot-twist-spec:{seed}")
        step = client.post(f"{BASE}/new", json={"players": players, "options": options, "seed": seed}).get_json()
        n = 0
        while True:
            step_schema.validate(step)
            events |= {e["type"] for e in step["events"]}
            if n % 9 == 0 or not step["pending"]:
                for seat in [None, *range(players)]:
                    seen = client.post(f"{BASE}/view", json={"state": step["state"], "player": seat}).get_json()
                    view_schema.validate(seen)
            if not step["pending"]:
                break
            listed = [o for d in step["pending"] for o in d["options"]]
            move = listed[pick.below(len(listed))]
            kinds.add(move["kind"])
            response = client.post(f"{BASE}/apply", json={"state": step["state"], "move": move})
            assert response.status_code == 200, response.get_json()
            step = response.get_json()
            n += 1
    schemas = spec["components"]["schemas"]
    assert kinds >= set(schemas["PlotTwistMove"]["discriminator"]["mapping"]) - RARE_MOVES
    assert events >= set(schemas["PlotTwistEvent"]["discriminator"]["mapping"]) - RARE_EVENTS


def test_a_mulligan_of_a_card_not_in_hand_is_409_with_the_rule(client):
    step = client.post(f"{BASE}/new", json={"players": 2, "options": {"setup": "quick"}, "seed": 1}).get_json()
    mulligan = next(o for d in step["pending"] for o in d["options"] if o["kind"] == "mulligan")
    response = client.post(f"{BASE}/apply", json={"state": step["state"], "move": {**mulligan, "cards": ["combat/nope"]}})
    assert response.status_code == 409
    assert response.get_json()["rule"] == "not_in_hand"


def test_curing_more_belief_than_allowed_is_409_with_the_rule(client):
    """Reversal of Fortunes: "the GM may Cure up to X Belief ... X equals the number of non-Incapacitated
    Heroes in play" (one Hero: 1 a Turn, cured already)."""
    state = core.new_game("plot-twist", 2, {"setup": "quick"}, seed=1).state
    state["turn"].update(mulligan=[], at="gm", waiting=[0], since=["heroes"], reversal={"cured": 1, "spent": 0,
                                                                                      "reversed": None})
    hero = next(c for c in state["characters"] if c["seat"] == 1)
    response = client.post(f"{BASE}/apply", json={"state": state, "move": {"player": 0, "kind": "cure",
                                                                           "hero": hero["card"]}})
    assert response.status_code == 409
    assert response.get_json()["rule"] == "cure_limit"


def test_a_crossover_with_as_many_villains_as_heroes_is_409_with_the_rule(client):
    """Villain Crossover: "The GM can never play the same number of Villains as there are Heroes played, only
    less" (two Heroes and the Main Villain: a second Villain would make as many)."""
    state = core.new_game("plot-twist", 3, {"setup": "quick"}, seed=1).state
    state["turn"].update(mulligan=[], at="gm", waiting=[0], since=["heroes"], reversal={"cured": 2, "spent": 0,
                                                                                      "reversed": None})
    names = {c["card"].split("-")[0] for c in state["characters"]}
    other = next(v for v in ("villain/madame-mirage", "villain/warlord-kragg") if v.split("-")[0] not in names)
    state["plot_hands"][0] = [other] + [c for c in state["plot_hands"][0] if not c.startswith("villain/")][:4]
    move = {"player": 0, "kind": "reversal", "effect": "crossover", "card": other}
    response = client.post(f"{BASE}/apply", json={"state": state, "move": move})
    assert response.status_code == 409
    assert response.get_json()["rule"] == "villains_fewer_than_heroes"


def test_bot_move_answers_a_listed_option(client):
    step = client.post(f"{BASE}/new", json={"players": 4, "seed": 3}).get_json()
    seat = step["pending"][0]["player"]
    body = client.post(f"{BASE}/bot-move", json={"state": step["state"], "player": seat, "bot": "random"}).get_json()
    assert body["move"] in [o for d in step["pending"] if d["player"] == seat for o in d["options"]]


def test_a_table_of_random_bots_plays_to_the_end(client):
    response = client.post(f"{BASE}/tables", json={"players": 3, "seed": 4, "options": {"setup": "quick"},
                                                   "bots": {"0": "random", "1": "random", "2": "random"}})
    created = response.get_json()
    assert response.status_code == 201, created
    table = created
    for _ in range(500):  # bots move a bounded number of moves per request: each read lets them go on
        if table["outcome"] is not None:
            break
        table = client.get(f"/v1/tables/{created['table_id']}").get_json()
    assert table["outcome"] is not None and table["outcome"]["reason"] in OUTCOME_REASONS
    assert table["waiting_for"] == []


def test_a_table_seats_the_gm_and_hero_bots_and_plays_to_the_end(client):
    response = client.post(f"{BASE}/tables", json={"players": 3, "seed": 4, "options": {"setup": "quick"},
                                                   "bots": {"0": "gm", "1": "hero", "2": "hero"}})
    created = response.get_json()
    assert response.status_code == 201, created
    assert [s["bot"] for s in created["seats"]] == ["gm", "hero", "hero"]
    table = created
    for _ in range(500):
        if table["outcome"] is not None:
            break
        table = client.get(f"/v1/tables/{created['table_id']}").get_json()
    assert table["outcome"] is not None and table["outcome"]["reason"] in OUTCOME_REASONS
