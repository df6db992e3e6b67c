#!/usr/bin/env python3
"""Generates Bulletin's embedded data set: users, posts, comments, albums, photos and todos in JSONPlaceholder shapes.

The output is a json-server ``db.json`` object, ``{"albums": [...], "comments": [...],
"photos": [...], "posts": [...], "todos": [...], "users": [...]}``, pretty-printed (2-space indent, keys sorted, UTF-8, trailing newline).
It is deterministic: a fixed-seed xorshift64* generator (not ``random``) drives every choice,
so the same arguments give the same bytes on every Python 3 version.

Defaults produce ``Sources/BulletinData/Resources/embedded.json`` (10 users, 10 posts each,
5 comments per post; 5 albums of 6 photos and 10 todos per user). The albums, photos and todos
come from a second generator of their own seed, so adding them left the users, posts and
comments byte for byte as they were. Larger sets for benchmarks:

    python3 Tools/generate_embedded.py --users 1000 --posts-per-user 50 --out /tmp/big.json

Python 3 standard library only.
"""

import argparse
import json
import os
import sys

MASK64 = (1 << 64) - 1


class XorShift:
    """xorshift64* (Vigna 2014): 64-bit state, never zero; identical output on every platform."""

    def __init__(self, seed):
        self.state = (seed * 0x9E3779B97F4A7C15 + 1) & MASK64 or 1

    def next(self):
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & MASK64
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & MASK64

    def below(self, n):
        """An integer in 0..<n."""
        return (self.next() >> 11) % n

    def pick(self, items):
        return items[self.below(len(items))]

    def between(self, low, high):
        """An integer in low...high."""
        return low + self.below(high - low + 1)


# The first users are fixed people (name, username); later ones are made from the pools below.
FIXED_USERS = [
    ("Margaret Okafor", "mokafor"),
    ("Zoë Ångström", "zoe.angstrom"),
    ("José Núñez", "jnunez"),
    ("Søren Kierkegård", "soren.k"),
    ("Łucja Wąsik", "lucja.wasik"),
    ("山田 太郎", "yamada.taro"),
    ("Priya Raghunathan", "priya_r"),
    ("Tomás O'Connell", "tomas.oc"),
    ("Amara Nwosu-Bell", "amara.nb"),
    ("Henrik Dahl", "hdahl"),
]
FIRST_NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Elif", "Farah", "Gustav", "Hana", "Ines",
               "Jonas", "Kofi", "Lena", "Mateo", "Nadia", "Oskar", "Paula", "Rafael", "Saanvi",
               "Theo", "Ulla", "Vera", "Wen", "Yusuf", "Zara"]
LAST_NAMES = ["Abbott", "Bergström", "Castillo", "Delacroix", "Eriksen", "Fischer", "García",
              "Haddad", "Ivanova", "Jensen", "Kowalski", "Lindqvist", "Moreau", "Novak", "Okoro",
              "Petrović", "Quinn", "Rossi", "Sato", "Thorsen", "Ueda", "Varga", "Walsh", "Young"]
ASCII_FOLD = str.maketrans({"ö": "o", "ä": "a", "å": "a", "ø": "o", "é": "e", "í": "i", "ó": "o",
                            "á": "a", "ć": "c", "ł": "l", "ą": "a", "ë": "e", "ñ": "n", "ú": "u"})
STREETS = ["Maple Row", "Harbour Lane", "Quarry Road", "Linden Avenue", "Old Mill Street",
           "Kestrel Close", "Orchard Way", "Station Road", "Beacon Hill", "Willow Crescent"]
CITIES = ["Northbridge", "Eastcombe", "Lindenfeld", "Port Alder", "Kingsmere", "Rivermouth",
          "Stonehaven", "Westfold", "Brightwater", "Ashby"]
DOMAINS = ["example.org", "example.net", "example.com", "mail.example", "post.example"]
COMPANY_WORDS = ["Northwind", "Bluefield", "Copperleaf", "Halcyon", "Ironbark", "Juniper",
                 "Lattice", "Meridian", "Oakhurst", "Quillon", "Redfern", "Tessellate"]
COMPANY_SUFFIXES = ["Ltd", "& Sons", "Cooperative", "Labs", "Group", "Works"]
CATCH_VERBS = ["Reliable", "Thoughtful", "Open", "Patient", "Modular", "Quiet", "Practical"]
CATCH_NOUNS = ["infrastructure", "craftsmanship", "logistics", "planning", "tooling", "service"]
BS_VERBS = ["streamline", "document", "repair", "simplify", "measure", "maintain", "connect"]
BS_NOUNS = ["supply chains", "small teams", "old buildings", "public records", "field data",
            "local archives", "delivery routes"]

NOUNS = ["garden", "bicycle", "kitchen", "library", "harbour", "notebook", "railway", "bridge",
         "orchard", "workshop", "market", "river", "lantern", "compass", "teapot", "village",
         "staircase", "telescope", "meadow", "radio", "ferry", "bakery", "journal", "window"]
PLURALS = ["gardens", "bicycles", "recipes", "maps", "letters", "tools", "habits", "seasons",
           "neighbours", "train timetables", "old photographs", "houseplants", "small repairs"]
ADJECTIVES = ["quiet", "old", "crowded", "bright", "patient", "careful", "forgotten", "narrow",
              "early", "windy", "honest", "simple", "stubborn", "gentle", "unexpected"]
GERUNDS = ["fixing", "planting", "mapping", "sketching", "repairing", "cataloguing", "walking",
           "baking", "restoring", "measuring", "learning", "sorting"]
VERBS_PAST = ["rebuilt", "painted", "moved", "found", "lost", "repaired", "measured", "cleaned"]
VERBS_S = ["creaks", "waits", "shines", "changes", "matters", "settles", "wanders", "returns"]
ADVERBS = ["slowly", "quietly", "every morning", "after the rain", "without fuss", "at dusk",
           "more than expected", "on Sundays"]
TITLE_TEMPLATES = [
    "Notes on {gerund} the {noun}",
    "Why I stopped {gerund} {plural}",
    "A week of {gerund} in {city}",
    "How we {past} the {adj} {noun}",
    "The case for {adj} {plural}",
    "What the {noun} taught me about {plural}",
    "{Adj} {plural} and where to find them",
    "Ten years of {gerund} {plural}",
]
SENTENCE_TEMPLATES = [
    "The {noun} {verb_s} {adverb}, and nobody seems to mind.",
    "We {past} the {noun} twice before it looked right.",
    "Most {plural} are {adj} once you get to know them.",
    "I spent the afternoon {gerund} {plural} near the {noun}.",
    "If the {noun} is {adj}, start with the {plural}.",
    "There is {a_adj} {noun} in {city} that everyone should see.",
    "Nobody told us that {gerund} the {noun} would take all summer.",
    "The trick with {plural} is to keep them {adj}.",
]
COMMENT_TEMPLATES = [
    "{Adj} point about the {noun}",
    "Re: {gerund} {plural}",
    "Tried this with my {noun}",
    "More on {plural}, please",
    "Same thing happened in {city}",
]


def fill(template, rng):
    """Fills {noun}, {plural}, ... placeholders; a capitalised key capitalises the word."""
    values = {
        "noun": rng.pick(NOUNS), "plural": rng.pick(PLURALS), "adj": rng.pick(ADJECTIVES),
        "gerund": rng.pick(GERUNDS), "past": rng.pick(VERBS_PAST), "verb_s": rng.pick(VERBS_S),
        "adverb": rng.pick(ADVERBS), "city": rng.pick(CITIES),
    }
    values["Adj"] = values["adj"].capitalize()
    values["a_adj"] = ("an " if values["adj"][0] in "aeiou" or values["adj"] == "honest" else "a ") + values["adj"]
    return template.format(**values)


def paragraph(rng, low, high):
    """`low`–`high` sentences, one per line, like JSONPlaceholder bodies."""
    return "\n".join(fill(rng.pick(SENTENCE_TEMPLATES), rng) for _ in range(rng.between(low, high)))


def make_user(index, rng):
    user_id = index + 1
    if index < len(FIXED_USERS):
        name, username = FIXED_USERS[index]
    else:
        first, last = rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES)
        name = f"{first} {last}"
        username = f"{first}.{last}{user_id}".lower().translate(ASCII_FOLD)
    company = f"{rng.pick(COMPANY_WORDS)} {rng.pick(COMPANY_SUFFIXES)}"
    return {
        "id": user_id,
        "name": name,
        "username": username,
        "email": f"{username}@{rng.pick(DOMAINS)}",
        "address": {
            "street": rng.pick(STREETS),
            "suite": f"Apt. {rng.between(1, 999)}",
            "city": rng.pick(CITIES),
            "zipcode": f"{rng.between(10000, 99999)}-{rng.between(1000, 9999)}",
            "geo": {
                "lat": f"{rng.between(-8999999, 8999999) / 100000:.4f}",
                "lng": f"{rng.between(-17999999, 17999999) / 100000:.4f}",
            },
        },
        "phone": f"+1 {rng.between(200, 999)}-{rng.between(200, 999)}-{rng.between(1000, 9999)}",
        "website": f"{username.split('.')[0].replace('_', '')}.example",
        "company": {
            "name": company,
            "catchPhrase": f"{rng.pick(CATCH_VERBS)} {rng.pick(CATCH_NOUNS)}",
            "bs": f"{rng.pick(BS_VERBS)} {rng.pick(BS_NOUNS)}",
        },
    }


def make_commenter_email(rng):
    first = rng.pick(FIRST_NAMES).lower()
    last = rng.pick(LAST_NAMES).lower().translate(ASCII_FOLD)
    return f"{first}.{last}@{rng.pick(DOMAINS)}"


ALBUM_TEMPLATES = [
    "{Adj} {plural}",
    "Summer in {city}",
    "The {noun} project",
    "{gerund} {plural}",
    "Around the {noun}",
    "Weekend at the {noun}",
]
PHOTO_TEMPLATES = [
    "the {adj} {noun}",
    "{plural} by the {noun}",
    "{gerund} the {noun}",
    "a {noun} in {city}",
    "{adj} {plural} {adverb}",
]
TODO_TEMPLATES = [
    "Finish {gerund} the {noun}",
    "Buy {plural} for the {noun}",
    "Call about the {adj} {noun}",
    "Write up notes on {plural}",
    "Take the {noun} to {city}",
    "Sort out the {plural}",
]


def capitalised(text):
    return text[:1].upper() + text[1:]


def make_user_lists(user_list, albums_per_user, photos_per_album, todos_per_user, seed):
    """JSONPlaceholder's albums, photos and todos for `user_list`, from their own generator."""
    rng = XorShift(seed ^ 0xA1B0_70D0)
    albums, photos, todos = [], [], []
    for user in user_list:
        for _ in range(albums_per_user):
            album_id = len(albums) + 1
            albums.append({"userId": user["id"], "id": album_id,
                           "title": capitalised(fill(rng.pick(ALBUM_TEMPLATES), rng))})
            for _ in range(photos_per_album):
                photo_id = len(photos) + 1
                colour = f"{rng.below(0x1000000):06x}"
                photos.append({"albumId": album_id, "id": photo_id,
                               "title": fill(rng.pick(PHOTO_TEMPLATES), rng),
                               "url": f"https://photos.example/600/{colour}",
                               "thumbnailUrl": f"https://photos.example/150/{colour}"})
        for _ in range(todos_per_user):
            todos.append({"userId": user["id"], "id": len(todos) + 1,
                          "title": fill(rng.pick(TODO_TEMPLATES), rng),
                          "completed": rng.below(5) < 2})
    return albums, photos, todos


def generate(users, posts_per_user, comments_per_post, seed, albums_per_user=0, photos_per_album=0, todos_per_user=0):
    """Returns the db.json object for the given sizes and seed (albums, photos and todos only
    when asked for: the benchmark sets have none)."""
    rng = XorShift(seed)
    user_list = [make_user(i, rng) for i in range(users)]
    posts, comments = [], []
    for user in user_list:
        for _ in range(posts_per_user):
            post_id = len(posts) + 1
            posts.append({"userId": user["id"], "id": post_id,
                          "title": fill(rng.pick(TITLE_TEMPLATES), rng),
                          "body": paragraph(rng, 2, 5)})
            for _ in range(comments_per_post):
                comments.append({"postId": post_id, "id": len(comments) + 1,
                                 "name": fill(rng.pick(COMMENT_TEMPLATES), rng),
                                 "email": make_commenter_email(rng),
                                 "body": paragraph(rng, 1, 3)})
    db = {"users": user_list, "posts": posts, "comments": comments}
    if albums_per_user or todos_per_user:
        db["albums"], db["photos"], db["todos"] = make_user_lists(
            user_list, albums_per_user, photos_per_album, todos_per_user, seed)
    return db


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--posts-per-user", type=int, default=10)
    parser.add_argument("--comments-per-post", type=int, default=5)
    parser.add_argument("--albums-per-user", type=int, default=5)
    parser.add_argument("--photos-per-album", type=int, default=6)
    parser.add_argument("--todos-per-user", type=int, default=10)
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--out", default=os.path.join(root, "Sources/BulletinData/Resources/embedded.json"))
    args = parser.parse_args(argv)
    db = generate(args.users, args.posts_per_user, args.comments_per_post, args.seed,
                  args.albums_per_user, args.photos_per_album, args.todos_per_user)
    text = json.dumps(db, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    with open(args.out, "w", encoding="utf-8", newline="\n") as out:
        out.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
