"""The published API: the OpenAPI document is valid, generated from the app's routes and the
API's classes, served at ``/api/openapi.json``, committed as generated; the check that every
answer of the suite goes through catches an answer that breaks it."""

from __future__ import annotations

import json

import pytest
from openapi_spec_validator import validate
from starlette.routing import Route

from controller.core.state import State
from controller.server import api_document as openapi
from controller.server.api_routes import GAME_ORDER, ORDER, OWNER, Operation
from controller.server.bodies import Empty
from controller.server.limits import BURST, RATE_PER_S
from controller.server.requests import MAX_BODY
from tests.api_harness import Harness
from tests.api_schema import DOCUMENT, SchemaMismatch, check, check_message


@pytest.fixture
def api() -> Harness:
    return Harness()


def test_the_committed_document_is_the_generated_one(api: Harness) -> None:
    assert DOCUMENT.read_text() == openapi.text(api.app.routes), (
        "docs/api/openapi.json is stale: run `make openapi`"
    )


def test_the_document_is_valid_openapi_3_1(api: Harness) -> None:
    document = openapi.document(api.app.routes)
    validate(document)
    assert document["openapi"] == "3.1.0"


async def test_the_service_serves_the_document(api: Harness) -> None:
    response = await api.client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.json() == json.loads(DOCUMENT.read_text())


def test_every_route_of_the_app_is_in_the_document(api: Harness) -> None:
    paths = openapi.document(api.app.routes)["paths"]
    for route in api.app.routes:
        if isinstance(route, Route) and route.path.startswith("/api/") and "rest" not in route.path:
            for method in (route.methods or set()) - {"HEAD"}:
                assert method.lower() in paths[route.path], (method, route.path)
    orders = [op for ops in paths.values() for op in ops.values() if "requestBody" in op]
    assert orders and all({"token": []} in op["security"] for op in orders)
    assert paths["/api/new_game"]["post"]["security"] == [{}, {"token": []}]  # off loopback
    assert paths["/api/settings"]["get"]["security"] == [{"token": []}]  # on loopback too
    assert all("429" in op["responses"] and "401" in op["responses"] for op in orders)


def test_a_route_without_its_operation_stops_the_document(api: Harness) -> None:
    async def nothing(request: object) -> None:
        return None

    with pytest.raises(TypeError, match="POST /api/nothing is no ApiRoute"):
        openapi.document([*api.app.routes, Route("/api/nothing", nothing, methods=["POST"])])


def test_the_bodies_carry_their_constraints() -> None:
    document = json.loads(DOCUMENT.read_text())
    schemas = document["components"]["schemas"]
    assert schemas["NewGame"]["required"] == ["variant", "players"]
    assert schemas["NewGame"]["additionalProperties"] is False
    assert schemas["SeatOrder"]["properties"]["seat"]["anyOf"][0]["minimum"] == 0
    games = document["paths"]["/api/games"]["get"]["parameters"]
    per_page = next(p for p in games if p["name"] == "per_page")
    assert per_page["schema"] == {"type": "integer", "minimum": 1, "maximum": 100}
    assert document["components"]["securitySchemes"]["token"]["scheme"] == "bearer"
    assert "EventsMessage" in schemas


def test_the_bodies_name_the_words_they_take() -> None:
    # schemathesis sent pieces and seat kinds the service refuses: the document lists them
    schemas = json.loads(DOCUMENT.read_text())["components"]["schemas"]
    piece = schemas["PlacePiece"]["properties"]["piece"]["anyOf"][0]
    assert sorted(piece["enum"]) == ["burocrat", "man"]
    assert sorted(schemas["SwitchSeat"]["properties"]["kind"]["enum"]) == ["computer", "human"]


async def test_the_check_refuses_what_breaks_the_document(api: Harness) -> None:
    state = (await api.client.get("/api/state")).content
    check("GET", "/api/state", 200, "application/json", state)
    broken = json.dumps({**json.loads(state), "phase": 3}).encode()
    with pytest.raises(SchemaMismatch, match="phase"):
        check("GET", "/api/state", 200, "application/json", broken)
    unknown = json.dumps({**json.loads(state), "surprise": 1}).encode()
    with pytest.raises(SchemaMismatch, match="surprise"):
        check("GET", "/api/state", 200, "application/json", unknown)
    with pytest.raises(SchemaMismatch, match="status 500 is not in the document"):
        check("GET", "/api/state", 500, "text/plain", b"Internal Server Error")
    with pytest.raises(SchemaMismatch, match="breaks the schema"):
        check_message(json.dumps({"type": "state", "state": {}}))


def test_the_statuses_of_an_operation_follow_from_its_parts() -> None:
    assert Operation("read", State, ("state",)).refusals == [403]  # the Host check
    order = Operation("order", State, ("orders",), ORDER, Empty, refuses=GAME_ORDER)
    assert order.refusals == [400, 401, 403, 409, 413, 415, 429, 503]
    owner = Operation("owner", State, ("settings",), OWNER, refuses=(404,))
    assert owner.refusals == [401, 403, 404, 429]
    game = Operation("game", State, ("records",), path_pattern="^[1-9]$")
    assert game.refusals == [400, 403, 404]


def test_the_document_states_the_limits_of_the_server() -> None:
    order = json.loads(DOCUMENT.read_text())["paths"]["/api/new_game"]["post"]
    assert f"at most {MAX_BODY} bytes" in order["requestBody"]["description"]
    assert f"over {MAX_BODY} bytes" in order["responses"]["413"]["description"]
    rate = order["responses"]["429"]["description"]
    assert f"at most {BURST} orders at once and {RATE_PER_S:g} a second" in rate


async def test_every_operation_the_document_guards_refuses_without_the_token() -> None:
    """Off loopback the token is needed where the document says so, and only there: the guard
    the route declares is the one it applies."""
    api = Harness(host="0.0.0.0")
    api.service.setup = None  # the settings routes check the token before their file (404)
    paths = openapi.document(api.app.routes)["paths"]
    guarded: list[tuple[str, str, bool]] = []
    open_: list[tuple[str, str, bool]] = []
    for path, methods in paths.items():
        for method, operation in methods.items():
            url = path.replace("{id}", "1")
            response = await api.client.request(
                method.upper(), url, json={} if method == "post" else None
            )
            refused = response.status_code == 401
            (guarded if "security" in operation else open_).append((method, path, refused))
    assert guarded and all(refused for *_, refused in guarded), guarded
    assert open_ and not any(refused for *_, refused in open_), open_
