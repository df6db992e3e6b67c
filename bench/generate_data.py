#!/usr/bin/env python3
"""Writes large, deterministic json-server ``db.json`` files for ``make bench``.

Wraps ``Tools/generate_embedded.py`` (the same people, words and xorshift64* generator) but
streams records to disk one at a time, so a 1,000,000-post file needs little memory.

Proportions, for ``--posts N``:
  * users:    N / 100 (at least 1): 100 posts each, so 1,000,000 posts have 10,000 users;
  * comments: N (one per post; JSONPlaceholder has five, but five per post would make the
    1M file about 1.7 GB, more than this machine can generate and load in a bench run).
Lengths follow JSONPlaceholder: titles of 20–50 characters, bodies of 2–5 sentences
(about 150–300 characters), comment bodies of 1–3 sentences. About 5% of posts and comments
carry a non-ASCII sentence (accents, Cyrillic, CJK, an emoji), on top of the non-ASCII
names that the user pools already contain.

The layout is json-server's: one object with keys sorted (comments, posts, users), 2-space
indent, UTF-8, a trailing newline. Users, posts and comments each draw from their own
generator seeded from ``--seed``, so the bytes depend only on the arguments.

    python3 bench/generate_data.py --posts 100000 --out bench/data/posts-100k.json

Python 3 standard library only.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tools"))
import generate_embedded as base  # noqa: E402  (path set just above)

DEFAULT_SEED = 20261129   # the embedded data set's seed too
POSTS_PER_USER = 100
COMMENTS_PER_POST = 1
NON_ASCII_PERCENT = 5
NON_ASCII_SENTENCES = [
    "Das Café in Zürich öffnet früh, und die Brötchen sind schon warm.",
    "Ça marche, mais lentement — comme prévu, à peu près.",
    "Спасибо за подробный рассказ о старом мосте.",
    "東京の古い図書館で一日を過ごした。",
    "El niño llevó la pequeña lámpara al taller 🙂",
    "Łódź, Kraków i Gdańsk: trzy miasta w jeden tydzień.",
    "Ο καιρός ήταν καλός όλη την εβδομάδα.",
    "서울의 작은 빵집은 아침 일찍 문을 연다.",
]


def sizes(posts):
    """(users, posts, comments) for a file with `posts` posts."""
    return max(1, posts // POSTS_PER_USER), posts, posts * COMMENTS_PER_POST


def maybe_non_ascii(text, rng):
    """Appends a non-ASCII sentence to about NON_ASCII_PERCENT % of texts."""
    if rng.below(100) < NON_ASCII_PERCENT:
        return text + "\n" + rng.pick(NON_ASCII_SENTENCES)
    return text


def make_post(post_id, user_id, rng):
    return {"body": maybe_non_ascii(base.paragraph(rng, 2, 5), rng), "id": post_id,
            "title": base.fill(rng.pick(base.TITLE_TEMPLATES), rng), "userId": user_id}


def make_comment(comment_id, post_id, rng):
    return {"body": maybe_non_ascii(base.paragraph(rng, 1, 3), rng), "email": base.make_commenter_email(rng),
            "id": comment_id, "name": base.fill(rng.pick(base.COMMENT_TEMPLATES), rng), "postId": post_id}


def records(kind, posts, seed):
    """Yields the records of one top-level array, in order."""
    users, _, comments = sizes(posts)
    rng = base.XorShift(seed * 3 + {"users": 0, "posts": 1, "comments": 2}[kind])
    if kind == "users":
        for index in range(users):
            yield base.make_user(index, rng)
    elif kind == "posts":
        for index in range(posts):
            yield make_post(index + 1, index // POSTS_PER_USER % users + 1, rng)
    else:
        for index in range(comments):
            yield make_comment(index + 1, index // COMMENTS_PER_POST + 1, rng)


def write(out, posts, seed):
    """Streams the db.json for `posts` posts to the text file `out`."""
    out.write("{\n")
    kinds = ["comments", "posts", "users"]
    for position, kind in enumerate(kinds):
        out.write(f'  "{kind}": [')
        first = True
        for record in records(kind, posts, seed):
            text = json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False)
            out.write(("\n    " if first else ",\n    ") + text.replace("\n", "\n    "))
            first = False
        out.write("\n  ]" if not first else "]")
        out.write(",\n" if position < len(kinds) - 1 else "\n")
    out.write("}\n")


def generate_file(path, posts, seed=DEFAULT_SEED):
    """Writes `path` atomically (a temporary file renamed into place)."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    temporary = path + ".partial"
    with open(temporary, "w", encoding="utf-8", newline="\n") as out:
        write(out, posts, seed)
    os.replace(temporary, path)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, required=True, help="number of posts (users and comments follow)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    generate_file(args.out, args.posts, args.seed)


if __name__ == "__main__":
    main(sys.argv[1:])
