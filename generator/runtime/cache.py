"""Cache: per-paper results keyed by content, kept between builds in `.cache/papersite/` at the project root.

The slow per-paper steps (normalising an abstract, inferring its title and method name, finding its tag
candidates, planning its cross-links) depend only on the paper's own text and a few named inputs, so their results are stored
under a key made of exactly those inputs. The cache is an optimisation only:

- deleting the folder changes nothing but time;
- every file records `CODE_VERSION`, a fingerprint of papersite's own source (every .py file of the package, subpackages included), and
  its entries are reused only by that same code; a file from other code is silently started afresh;
- each file carries a checksum of its payload; a file that cannot be read, does not parse or whose
  checksum is wrong is reported as a warning, ignored and rewritten;
- the files are untrusted input all the same (a checksum proves no more than that the payload was not cut
  short): every entry is checked against the shape its kind's values have before it is used, and a file
  holding one of another shape is reported, its entries of that shape recomputed, and rewritten;
- entries not used by a build are dropped when it saves, so the cache stays the size of the corpus;
- each kind is split into 16 files by the first character of the key (`<kind>/<0-f>.json`), so adding
  one abstract rewrites a few small files, not every kind's whole store.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import os
import shutil
import types
import typing
from pathlib import Path
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence, TypeVar

import orjson

from generator import __version__
from generator.runtime.parallel import can_fork, jobs, map_ordered
from generator.runtime.files import replace_file

#: Where a project's cache lives, relative to its root (git-ignored as /.cache/).
CACHE_DIR = Path(".cache") / "papersite"
#: Bump when the file layout changes.
FORMAT = 2
#: Files per kind: entries go to the file named by their key's first character.
SHARDS = "0123456789abcdef"
#: Kinds older papersites kept and this one never reads (titles and method names are now one kind, "names").
RETIRED_KINDS = ("methods", "titles")

T = TypeVar("T")
#: Tells whether a value read from a cache file is one its kind of work could have stored.
Check = Callable[[Any], bool]


def _code_version() -> str:
    """Return a fingerprint of every source file of the generator package."""
    digest = hashlib.sha256(f"{__version__}:{FORMAT}".encode())
    for path in sorted(Path(__file__).resolve().parent.parent.rglob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


CODE_VERSION = _code_version()


def content_key(*parts: Any) -> str:
    """Return a key for `parts`: a hash of their JSON form (types kept: 2024 and "2024" differ)."""
    # orjson, not json: keys and cache files are most of a warm build's JSON work, and it does it 2-8x faster.
    text = orjson.dumps(parts, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS, default=_keyable)
    return hashlib.sha256(text).hexdigest()[:32]


def _keyable(value: Any) -> Any:
    """Return what orjson writes in a key for a value it does not know: a named tuple as its type's name and items
    (repr() of the many small refs of a page's context was most of keying it), anything else as its repr()."""
    if isinstance(value, tuple):
        return [type(value).__name__, *value]
    return repr(value)


class Cache:
    """A store of JSON results, one file per kind of work, loaded lazily and saved atomically."""

    def __init__(self, folder: Path | None, warn: Callable[[str], None] | None = None) -> None:
        self.folder = folder  # None: remember nothing between builds
        self.warn = warn or (lambda message: None)
        self._old: dict[str, dict[str, Any]] = {}
        self._new: dict[str, dict[str, Any]] = {}
        self._bad: dict[str, set[str]] = {}  # kind -> shards whose file was unreadable or corrupt
        self._saving: int | None = None  # process id of a background save
        self.hits = 0
        self.misses = 0

    def get(self, kind: str, key: str, valid: Check | None = None) -> tuple[bool, Any]:
        """Return (found, value) for `key` of `kind`, keeping a found entry for the next save.

        A stored value that `valid` refuses is reported once per file and counts as not found.
        """
        old = self._load(kind)
        new = self._new.setdefault(kind, {})
        if key in new:
            return True, new[key]
        if key in old:
            if valid is not None and not valid(old[key]):
                self._refuse(kind, key)
            else:
                self.hits += 1
                new[key] = old[key]
                return True, old[key]
        self.misses += 1
        return False, None

    def _refuse(self, kind: str, key: str) -> None:
        """Forget a stored entry of the wrong shape and have its file rewritten, warning once per file."""
        del self._old[kind][key]
        shard = next(iter(_split({key: None})))
        bad = self._bad.setdefault(kind, set())
        if shard not in bad:
            bad.add(shard)
            self.warn(f"{self._path(kind, shard)}: cache file holds entries of the wrong shape; rebuilding it")

    def put(self, kind: str, key: str, value: Any) -> None:
        """Remember `value` for `key` of `kind`."""
        self._load(kind)
        self._new.setdefault(kind, {})[key] = value

    def stored(self, kind: str) -> int:
        """Return how many entries of `kind` the last build left (reading its files now if not yet read)."""
        return len(self._load(kind))

    def kept(self, kind: str) -> dict[str, Any]:
        """Return the entries of `kind` the next save writes: those this build found or put."""
        return self._new.get(kind, {})

    def fill(self, kind: str, n: int, keyed: Callable[[int], tuple[str, T]], min_items: int | None = None) -> list[T]:
        """Return the value of every item 0..n-1, each computed with its key (`keyed(i)`, in parallel) and kept under
        `kind`: for a kind of which nothing is stored, where there is nothing to look up."""
        values = []
        for key, value in map_ordered(keyed, range(n), min_items):
            self.misses += 1
            self.put(kind, key, value)
            values.append(value)
        return values

    def memo_many(self, kind: str, keys: Sequence[str], compute: Callable[[int], T], valid: Check | None = None,
                  min_items: int | None = None) -> list[T]:
        """Return the cached value of every key, computing the missing ones (`compute(i)` for keys[i]) in parallel
        (from `min_items` missing ones: map_ordered's).

        `valid` checks each stored value before it is used (see `shape`): the cache files are untrusted.
        """
        values: list[Any] = [None] * len(keys)
        todo: dict[str, list[int]] = {}  # missing key -> the positions that want it (computed once)
        for i, key in enumerate(keys):
            found, value = self.get(kind, key, valid) if key not in todo else (False, None)
            if found:
                values[i] = value
            else:
                todo.setdefault(key, []).append(i)
        firsts = [where[0] for where in todo.values()]
        for (key, where), value in zip(todo.items(), map_ordered(compute, firsts, min_items)):
            self.put(kind, key, value)
            for i in where:
                values[i] = value
        return values

    def save(self) -> None:
        """Write every kind used in this build (only the entries it used), atomically, shard by shard."""
        if self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for kind in RETIRED_KINDS:  # what no build reads would otherwise stay (and be cached by CI) for ever
                shutil.rmtree(self.folder / kind, ignore_errors=True)
                (self.folder / f"{kind}.json").unlink(missing_ok=True)
            for kind, entries in sorted(self._new.items()):
                # A single-file store from an older papersite (format 1) is replaced by the shards.
                (self.folder / f"{kind}.json").unlink(missing_ok=True)
                new_shards = _split(entries)
                old_shards = _split(self._old.get(kind, {}))
                for shard in SHARDS:
                    if shard in self._bad.get(kind, ()) or new_shards.get(shard, {}) != old_shards.get(shard, {}):
                        # Unchanged shards keep their file (and its mtime); an emptied one is written empty.
                        replace_file(self._path(kind, shard), _encode(kind, new_shards.get(shard, {})))
                self._old[kind], self._bad[kind] = dict(entries), set()  # what the files hold now: a later save skips them
        except OSError as exc:
            # A read-only or full disk costs time next build, never the build itself.
            self.warn(f"{self.folder}: cache not saved ({exc.strerror or exc})")

    def save_in_background(self) -> None:
        """Start saving in a forked child process, so the build goes on meanwhile; `wait` finishes it."""
        if self.folder is None or not self._new:
            return
        if jobs() < 2 or not can_fork():
            self.save()
            return
        try:
            pid = os.fork()
        except OSError:  # no process to spare: save here and now
            self.save()
            return
        if pid == 0:  # the child: save, tell the parent only by the exit status, never return into the build
            status = 1
            try:
                problems: list[str] = []
                self.warn = problems.append
                self.save()
                status = 1 if problems else 0
            finally:
                os._exit(status)
        self._saving = pid
        # The child has the entries: here they would only hold memory the rest of the build (MkDocs) can use.
        # A later lookup reads the files again.
        self._old, self._new, self._bad = {}, {}, {}

    def wait(self) -> None:
        """Wait for a background save to end; warn if it could not write the cache."""
        if self._saving is None:
            return
        _, status = os.waitpid(self._saving, 0)
        self._saving = None
        if os.waitstatus_to_exitcode(status) != 0:
            self.warn(f"{self.folder}: cache not saved")

    def _path(self, kind: str, shard: str) -> Path:
        """Return the file of one shard of one kind of work."""
        assert self.folder is not None
        return self.folder / kind / f"{shard}.json"

    def _load(self, kind: str) -> dict[str, Any]:
        """Return the stored entries of `kind`, reading its files the first time."""
        if kind in self._old:
            return self._old[kind]
        entries: dict[str, Any] = {}
        if self.folder is not None:
            # Read while MkDocs runs (the collector on), the page store's files took four times as long to decode.
            with no_cycle_collection():
                self._read_shards(kind, entries)
        self._old[kind] = entries
        return entries

    def _read_shards(self, kind: str, entries: dict[str, Any]) -> None:
        """Add to `entries` those of every readable shard file of `kind`, noting the unreadable ones."""
        for shard in SHARDS:
            path = self._path(kind, shard)
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                continue
            except OSError as exc:
                self.warn(f"{path}: cache not readable ({exc.strerror or exc}); rebuilding it")
                self._bad.setdefault(kind, set()).add(shard)
                continue
            decoded = _decode(kind, data)
            if decoded is None:
                self.warn(f"{path}: cache file is corrupt; rebuilding it")
            if not decoded:  # corrupt, or written by other code: rewrite it at the next save
                self._bad.setdefault(kind, set()).add(shard)
            else:
                entries.update(decoded)


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector meanwhile: for work that makes millions of objects and no cycles to free."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _split(entries: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Group entries by shard: the first character of the key (keys are hex digests; others go to "0")."""
    shards: dict[str, dict[str, Any]] = {}
    for key, value in entries.items():
        shard = key[:1] if key[:1] in SHARDS else "0"
        shards.setdefault(shard, {})[key] = value
    return shards


def _encode(kind: str, entries: dict[str, Any]) -> bytes:
    """Return the file form of a kind's entries: a header line with a checksum, then the payload."""
    payload = orjson.dumps(entries, option=orjson.OPT_SORT_KEYS)
    header = {"format": FORMAT, "code": CODE_VERSION, "kind": kind,
              "sha256": hashlib.sha256(payload).hexdigest()}
    return orjson.dumps(header, option=orjson.OPT_SORT_KEYS) + b"\n" + payload


def _decode(kind: str, data: bytes) -> dict[str, Any] | None:
    """Return the entries of a cache file, {} when made by other code, or None when it is corrupt."""
    head, sep, payload = data.partition(b"\n")
    try:
        header = orjson.loads(head)
        if not sep or not isinstance(header, dict) or header.get("kind") != kind:
            return None
        if header.get("format") != FORMAT or header.get("code") != CODE_VERSION:
            return {}  # another version of papersite wrote it: nothing to reuse, nothing wrong
        if hashlib.sha256(payload).hexdigest() != header.get("sha256"):
            return None
        entries = orjson.loads(payload)
    except (ValueError, UnicodeDecodeError, RecursionError):  # orjson's JSONDecodeError is a ValueError
        return None
    return entries if isinstance(entries, dict) else None


def shape(hint: Any) -> Check:
    """Return a check that a JSON value is of type `hint`: str, int, float, bool, None, X | Y, list[X],
    dict[str, X], or tuple[X, Y, ...] for a list of exactly those items. Anything else fits nothing."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    atoms = _atoms(hint)
    if hint is Any:
        return lambda value: True
    if atoms is not None:  # the common case, checked without a call per alternative
        return lambda value: type(value) in atoms
    if origin in (typing.Union, types.UnionType):
        # Scalars by their type at once, then each other option (most unions here are a scalar or one list).
        scalars = frozenset().union(*(a for a in map(_atoms, args) if a is not None))
        options = [shape(arg) for arg in args if _atoms(arg) is None]
        if len(options) == 1:
            other = options[0]
            return lambda value: type(value) in scalars or other(value)
        return lambda value: type(value) in scalars or any(fits(value) for fits in options)
    if origin is list:
        item_atoms, item = _atoms(args[0]), shape(args[0])
        if item_atoms is not None:
            return lambda value: type(value) is list and item_atoms.issuperset(map(type, value))  # no generator an item
        return lambda value: type(value) is list and all(map(item, value))
    if origin is dict and args[0] is str:
        item = shape(args[1])
        return lambda value: type(value) is dict and all(map(item, value.values()))
    if origin is tuple and args and args[-1] is not Ellipsis:
        items = [shape(arg) for arg in args]
        if len(items) == 2:  # pairs are most of the tuples here: no generator a value
            first, second = items
            return lambda value: type(value) is list and len(value) == 2 and first(value[0]) and second(value[1])
        return lambda value: type(value) is list and len(value) == len(items) and all(f(v) for f, v in zip(items, value))
    return lambda value: False  # a dataclass, say: JSON holds none


#: The JSON types each scalar type hint admits (a float may be written as a whole number).
_SCALARS = {str: (str,), int: (int,), float: (int, float), bool: (bool,), None: (type(None),), type(None): (type(None),)}


def _atoms(hint: Any) -> frozenset[type] | None:
    """Return the exact JSON types `hint` admits when it is a scalar type or a union of them, else None."""
    if hint in _SCALARS:
        return frozenset(_SCALARS[hint])
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        parts = [_atoms(arg) for arg in typing.get_args(hint)]
        return frozenset().union(*parts) if all(p is not None for p in parts) else None
    return None


def fields_shape(cls: type, leave_out: tuple[str, ...] = ()) -> Check:
    """Return a check that a JSON value is an object with exactly the fields of dataclass `cls` (but `leave_out`), each of its type."""
    hints = typing.get_type_hints(cls)
    checks = {f.name: shape(hints[f.name]) for f in dataclasses.fields(cls) if f.name not in leave_out}
    return lambda value: (type(value) is dict and value.keys() == checks.keys()
                          and all(check(value[name]) for name, check in checks.items()))
