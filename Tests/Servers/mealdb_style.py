"""Routes for the loopback server's TheMealDB style (``--style mealdb``).

TheMealDB's v1 API (https://www.themealdb.com/api.php) answers ``GET {base}/NAME.php?...``;
this style answers whatever comes before the last path segment, so both
``http://127.0.0.1:PORT`` and ``http://127.0.0.1:PORT/api/json/v1/1`` work as a base:

    categories.php        --fixtures DIR/categories.json (no recording exists; see Tests/Fixtures/README.md)
    filter.php?c=NAME     the recording ``filter_c_NAME.json`` of ``--dir`` when there is one (NAME
                          compared case-insensitively, as TheMealDB does); else the whole meals
                          recorded in ``--dir`` whose ``strCategory`` is NAME, cut down to the three
                          members ``filter.php`` sends (``strMeal``, ``strMealThumb``, ``idMeal``)
    lookup.php?i=ID       the recording ``lookup_i_ID.json`` when there is one; else the meal with
                          that ``idMeal`` among the whole meals recorded in ``--dir`` (``search_s_*.json``)
    search.php?s=TEXT     the recording ``search_s_TEXT.json`` (or ``search_s_TEXT_no_results.json``)
                          when there is one; else the recorded whole meals whose name holds TEXT

Recorded bodies are sent byte for byte (PHP's ``\\/`` escapes kept). When nothing matches, the
answer is ``{"meals": null}`` with HTTP 200, as TheMealDB sends it; an unknown endpoint is 404.
"""

import json
import os
from urllib.parse import parse_qs, urlsplit

NO_MEALS = b'{"meals":null}'


def load_mealdb_recordings(directory, fixtures):
    """{"files": {stem: body bytes}, "meals": [whole meal, ...] (first seen wins), "categories": bytes or None}."""
    files = {}
    meals = {}
    for entry in sorted(os.listdir(directory)):
        if not entry.endswith(".json") or entry.endswith(".headers.json"):
            continue
        with open(os.path.join(directory, entry), "rb") as f:
            body = f.read()
        stem = entry[: -len(".json")]
        files[stem] = body
        if stem.startswith(("lookup_i_", "search_s_")):
            for meal in json.loads(body).get("meals") or []:
                meals.setdefault(meal["idMeal"], meal)
    categories = None
    if fixtures and os.path.isfile(os.path.join(fixtures, "categories.json")):
        with open(os.path.join(fixtures, "categories.json"), "rb") as f:
            categories = f.read()
    return {"files": files, "meals": list(meals.values()), "categories": categories}


def meals_body(meals):
    return json.dumps({"meals": meals or None}, ensure_ascii=False).encode("utf-8")


def mealdb_route(recordings, path):
    """(status, body bytes, headers) for one GET."""
    url = urlsplit(path)
    endpoint = url.path.rstrip("/").rsplit("/", 1)[-1]
    query = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
    files, meals = recordings["files"], recordings["meals"]
    if endpoint == "categories.php" and recordings["categories"] is not None:
        return 200, recordings["categories"], {}
    if endpoint == "filter.php" and "c" in query:
        name = query["c"].lower()
        if "filter_c_" + name in files:
            return 200, files["filter_c_" + name], {}
        listed = [{"strMeal": m["strMeal"], "strMealThumb": m["strMealThumb"], "idMeal": m["idMeal"]}
                  for m in meals if (m.get("strCategory") or "").lower() == name]
        return 200, meals_body(listed), {}
    if endpoint == "lookup.php" and "i" in query:
        if "lookup_i_" + query["i"] in files:
            return 200, files["lookup_i_" + query["i"]], {}
        return 200, meals_body([m for m in meals if m["idMeal"] == query["i"]]), {}
    if endpoint == "search.php" and "s" in query:
        text = query["s"].lower()
        for stem in ("search_s_" + text, "search_s_%s_no_results" % text):
            if stem in files:
                return 200, files[stem], {}
        return 200, meals_body([m for m in meals if text in m["strMeal"].lower()]), {}
    return 404, b"<html><body>404 Not Found</body></html>", {}
