#!/usr/bin/env python3
"""Writes the SQLite databases of issue 25's figures straight from the bench generator, with the
schema ``bulletin import`` makes (``Sources/BulletinData/SQLite/SQLiteImport.swift``).

The statements are the import's, in its order: for each collection as the db.json lists it
(comments, posts, users) ``CREATE TABLE "kind" ("id" INTEGER PRIMARY KEY)`` and one ``ALTER TABLE
… ADD COLUMN`` per member of the first record, typed by its JSON value (INTEGER, TEXT, JSON for an
object); the rows; then, in the import's kind order (users, posts, comments), an index on the parent
reference (``posts_userId``, ``comments_postId``) and the FTS5 index for Search (posts: title, body;
comments: name, body; external content, ``unicode61 remove_diacritics 2``), filled with
``'rebuild'``, with its insert, delete and update triggers. So ``sqlite_schema`` of a generated file
equals that of ``bulletin import`` run on ``generate_data.py``'s db.json of the same size
(``test_sqlite_bench.py`` compares them, and the rows).

Fast path: one transaction, ``executemany`` over generators, ``journal_mode=OFF`` and
``synchronous=OFF`` while building (the import's own pragmas), into ``OUT.partial`` renamed into
place when whole; ``journal_mode`` is then set to DELETE, what a file left by the import reports
(OFF is not stored in the file).

Rows: users, and the first ``POOL`` posts and comments, are exactly ``generate_data.py``'s records
(user 1 is Margaret Okafor; titles such as "A week of restoring in …", bodies that mention ferries).
Later posts and comments reuse the pool's texts, the title and body drawn from different pool
positions (pure Python makes about 6,000 posts a second: 10M would take most of an hour); their
ids and parents follow ``generate_data.py``'s proportions (100 posts a user, one comment a post).

    python3 bench/generate_sqlite.py --posts 100000 --out bench/data/sqlite-100k.sqlite

Python 3 standard library only.
"""

import argparse
import json
import os
import sqlite3
import sys
import time

import generate_data

POOL = 65_537            # distinct generated posts and comments (a prime: pool positions spread)
# The data sets of issue 25's figures: name → posts (users and comments follow generate_data.sizes).
SETS = {"sqlite100k": 100_000, "sqlite10M": 10_000_000}
DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
KINDS_IN_FILE = ["comments", "posts", "users"]          # the db.json's order: the tables' creation order
KINDS_FINISHED = ["users", "posts", "comments"]         # SQLLayout.Kind order: indexes and FTS
PARENTS = ["userId", "postId", "albumId"]
FTS_HASH_BYTES = 134_217_728   # bytes of index FTS5 gathers in memory before writing a segment while built
SEARCHED = {"posts": ["title", "body"], "comments": ["name", "body"]}


def quote(name):
    """An identifier in double quotes, as SQLText.quote writes it."""
    return '"' + name.replace('"', '""') + '"'


def declared_type(value):
    """The import's declared type for a column, from its first value (TableBuilder.declaredType)."""
    if isinstance(value, bool):
        return "BOOLEAN"
    if isinstance(value, int):
        return "INTEGER"
    if isinstance(value, float):
        return "REAL"
    if isinstance(value, str):
        return "TEXT"
    if isinstance(value, (dict, list)):
        return "JSON"
    return ""


def sql_value(value):
    """A record's member as the import stores it: objects and arrays as compact JSON text, keys sorted
    as the db.json writes them."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    return value


def columns_of(record):
    """The table's columns for a record as the db.json writes it (keys sorted): id first, then the rest."""
    keys = sorted(record)
    return ["id"] + [key for key in keys if key != "id"]


def rows(kind, posts, seed):
    """Yields one kind's records (dicts, keys as in the db.json): the generator's for the first POOL
    posts and comments (all users), then records that reuse the pool's texts with new ids and parents."""
    users, _, comments = generate_data.sizes(posts)
    count = {"users": users, "posts": posts, "comments": comments}[kind]
    pool = []
    for record in generate_data.records(kind, posts, seed):
        if kind == "users" or len(pool) < POOL:
            if kind != "users":
                pool.append(record)
            yield record
            if len(pool) == count:
                return
        else:
            break
    if kind == "users":
        return
    for index in range(len(pool), count):
        first, second = pool[index % POOL], pool[(index // POOL + index) % POOL]
        if kind == "posts":
            yield {"body": second["body"], "id": index + 1, "title": first["title"],
                   "userId": index // generate_data.POSTS_PER_USER % users + 1}
        else:
            yield {"body": second["body"], "email": first["email"], "id": index + 1, "name": first["name"],
                   "postId": index // generate_data.COMMENTS_PER_POST + 1}


def statements_for_table(kind, columns, first):
    """The import's CREATE TABLE and ALTER TABLE statements for a table of `columns` (first record `first`)."""
    table = quote(kind)
    out = [f'CREATE TABLE {table} ("id" INTEGER PRIMARY KEY)']
    for column in columns[1:]:
        kind_type = declared_type(first[column])
        out.append(f"ALTER TABLE {table} ADD COLUMN {quote(column)}" + (f" {kind_type}" if kind_type else ""))
    return out


def finishing_statements(kind, columns):
    """The import's indexes on the parent references and its FTS5 table and triggers (TableBuilder.finish)."""
    table = quote(kind)
    out = [f"CREATE INDEX {quote(f'{kind}_{parent}')} ON {table}({quote(parent)})" for parent in PARENTS
           if parent in columns]
    searched = SEARCHED.get(kind)
    if not searched or not all(column in columns for column in searched):
        return out
    fts = quote(f"{kind}_fts")
    names = ", ".join(quote(c) for c in searched)
    new = ", ".join(f"new.{quote(c)}" for c in searched)
    old = ", ".join(f"old.{quote(c)}" for c in searched)
    out += [
        f"CREATE VIRTUAL TABLE {fts} USING fts5({names}, content={table}, content_rowid=id, "
        "prefix='1 2 3', tokenize='unicode61 remove_diacritics 2')",
        f"INSERT INTO {fts}({fts}, rank) VALUES('hashsize', {FTS_HASH_BYTES})",   # the import's (SQLiteImport.fullTextHashBytes)
        f"INSERT INTO {fts}({fts}) VALUES('rebuild')",
        f"INSERT INTO {fts}({fts}, rank) VALUES('hashsize', 1048576)",            # FTS5's default, set back
        f'CREATE TRIGGER "{kind}_fts_insert" AFTER INSERT ON {table} BEGIN\n'
        f"  INSERT INTO {fts}(rowid, {names}) VALUES (new.id, {new});\nEND",
        f'CREATE TRIGGER "{kind}_fts_delete" AFTER DELETE ON {table} BEGIN\n'
        f"  INSERT INTO {fts}({fts}, rowid, {names}) VALUES ('delete', old.id, {old});\nEND",
        f'CREATE TRIGGER "{kind}_fts_update" AFTER UPDATE ON {table} BEGIN\n'
        f"  INSERT INTO {fts}({fts}, rowid, {names}) VALUES ('delete', old.id, {old});\n"
        f"  INSERT INTO {fts}(rowid, {names}) VALUES (new.id, {new});\nEND",
    ]
    return out


def generate_file(path, posts, seed=generate_data.DEFAULT_SEED, log=None):
    """Writes the database for `posts` posts to `path` (built as `path`.partial, renamed when whole)."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    temporary = path + ".partial"
    for leftover in (temporary, temporary + "-journal"):
        if os.path.exists(leftover):
            os.remove(leftover)
    started = time.perf_counter()
    connection = sqlite3.connect(temporary, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        connection.execute("BEGIN")
        columns = {}
        for kind in KINDS_IN_FILE:
            records = rows(kind, posts, seed)
            first = next(records)
            columns[kind] = columns_of(first)
            for statement in statements_for_table(kind, columns[kind], first):
                connection.execute(statement)
            insert = (f"INSERT INTO {quote(kind)} ({', '.join(quote(c) for c in columns[kind])}) "
                      f"VALUES ({', '.join('?' for _ in columns[kind])})")
            names = columns[kind]

            def values(first=first, records=records, names=names):
                yield tuple(sql_value(first[name]) for name in names)
                for record in records:
                    yield tuple(sql_value(record[name]) for name in names)

            connection.executemany(insert, values())
            if log:
                log(f"{kind} written ({time.perf_counter() - started:.0f} s)")
        for kind in KINDS_FINISHED:
            for statement in finishing_statements(kind, columns[kind]):
                connection.execute(statement)
            if log:
                log(f"{kind} indexed ({time.perf_counter() - started:.0f} s)")
        connection.execute("COMMIT")
        connection.execute("PRAGMA journal_mode = DELETE")
    finally:
        connection.close()
    os.replace(temporary, path)
    return time.perf_counter() - started


def path_for(name):
    """The cached file of a data set in SETS (bench/data/sqlite-10m.sqlite, …)."""
    return os.path.join(DATA_DIR, f"{name.replace('sqlite', 'sqlite-').lower()}.sqlite")


def ensure(name):
    """The cached database of the data set `name` (a SETS key), generated when missing."""
    path = path_for(name)
    if not os.path.exists(path):
        print(f"generating {path} ({SETS[name]:,} posts)…", file=sys.stderr, flush=True)
        seconds = generate_file(path, SETS[name], log=lambda line: print(f"  {line}", file=sys.stderr, flush=True))
        print(f"generated {path} in {seconds:.0f} s ({os.path.getsize(path) / 1e9:.2f} GB)", file=sys.stderr, flush=True)
    return path


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, help="number of posts (users and comments follow)")
    parser.add_argument("--set", choices=sorted(SETS), help="a named data set, cached under bench/data/")
    parser.add_argument("--seed", type=int, default=generate_data.DEFAULT_SEED)
    parser.add_argument("--out", help="output file (with --posts)")
    args = parser.parse_args(argv)
    if args.set:
        print(ensure(args.set))
    elif args.posts and args.out:
        generate_file(args.out, args.posts, args.seed, log=lambda line: print(line, file=sys.stderr, flush=True))
    else:
        parser.error("give --set NAME, or --posts N and --out FILE")


if __name__ == "__main__":
    main(sys.argv[1:])
