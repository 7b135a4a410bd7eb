"""Feed: when each paper was first added, kept in data/.first-seen.json, and the Atom feed in that order.

Input: the papers and the state file (paper id → ISO date it first appeared in a build).
Output: the updated state (written by the build only after it succeeded) and feed.xml.

The state file is a dotfile because every other file of data/ is read as abstracts. CI commits it after a build,
so the dates survive fresh checkouts; the same data + state file always gives the same feed.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from .model import Paper, PapersiteError

STATE_FILE = ".first-seen.json"
#: Entries in the feed: the latest additions, enough for any reader to catch up.
FEED_SIZE = 50


def today() -> str:
    """Return today's UTC date, or SOURCE_DATE_EPOCH's when set (reproducible builds)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            moment = dt.datetime.fromtimestamp(int(epoch), tz=dt.timezone.utc)
        except (ValueError, OverflowError, OSError) as exc:
            raise PapersiteError(f"SOURCE_DATE_EPOCH={epoch!r}: not a Unix time in seconds") from exc
    else:
        moment = dt.datetime.now(tz=dt.timezone.utc)
    return moment.date().isoformat()


def load_first_seen(path: Path) -> dict[str, str]:
    """Return the state file's id → date mapping, or {} when there is none yet."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise PapersiteError(f"{path.name}: not valid JSON ({exc}); delete it to start the dates afresh") from exc
    if not isinstance(data, dict) or not all(isinstance(k, str) and _is_date(v) for k, v in data.items()):
        raise PapersiteError(f"{path.name}: expected an object of paper id → YYYY-MM-DD; delete it to start afresh")
    return data


def first_seen(papers: list[Paper], known: dict[str, str], date: str) -> dict[str, str]:
    """Return the dates of the current papers: known ones keep theirs, new ones get `date`."""
    # Papers removed from data/ are kept in the state so that re-adding one does not make it "new" again.
    state = dict(known)
    for paper in papers:
        state.setdefault(paper.id, date)
    return dict(sorted(state.items()))


def state_json(state: dict[str, str]) -> str:
    """Return the state file's text (sorted, one paper per line, so CI diffs stay readable)."""
    return json.dumps(state, indent=0, sort_keys=True) + "\n"


def save_first_seen(path: Path, state: dict[str, str]) -> bool:
    """Write the state file if it changed; return whether it did."""
    text = state_json(state)
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except FileNotFoundError:
        pass
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise PapersiteError(f"{path}: cannot save when papers were first added ({exc.strerror})") from exc
    return True


def newest_first(papers: list[Paper], state: dict[str, str]) -> list[Paper]:
    """Return the papers latest addition first; papers added the same day keep their order in data/ reversed."""
    order = {p.id: i for i, p in enumerate(papers)}
    return sorted(papers, key=lambda p: (state.get(p.id, ""), order[p.id]), reverse=True)


def atom_feed(papers: list[Paper], state: dict[str, str], title: str, topic_names: dict[str, str]) -> str:
    """Return feed.xml: an Atom feed of the latest additions, with links relative to the site root."""
    latest = newest_first(papers, state)[:FEED_SIZE]
    updated = max((state.get(p.id, "") for p in papers), default="") or "1970-01-01"
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        f"  <title>{_text(title)} — latest additions</title>",
        f"  <id>urn:papersite:feed:{_text(_urn_part(title))}</id>",
        f"  <updated>{updated}T00:00:00Z</updated>",
        '  <link rel="self" href="feed.xml"/>',
        '  <link rel="alternate" type="text/html" href="./"/>',
        "  <author><name>papersite</name></author>",
    ]
    for paper in latest:
        date = state.get(paper.id, updated)
        lines += [
            "  <entry>",
            f"    <title>{_text(paper.title)}</title>",
            f"    <id>urn:papersite:paper:{_text(_urn_part(paper.id))}</id>",
            f"    <updated>{date}T00:00:00Z</updated>",
            f"    <link rel=\"alternate\" type=\"text/html\" href={quoteattr(f'papers/{paper.slug}/')}/>",
        ]
        for author in paper.authors:
            lines.append(f"    <author><name>{_text(author)}</name></author>")
        if paper.topic and paper.topic in topic_names:
            lines.append(f"    <category term={quoteattr(topic_names[paper.topic])}/>")
        lines += [f"    <summary>{_text(paper.text or paper.abstract)}</summary>", "  </entry>"]
    lines.append("</feed>")
    return "\n".join(lines) + "\n"


def _text(value: str) -> str:
    """Escape text for XML, dropping the control characters XML 1.0 forbids."""
    clean = "".join(ch for ch in value if ch in "\t\n\r" or ord(ch) >= 0x20)
    return escape(" ".join(clean.split()))


def _urn_part(value: str) -> str:
    """Return `value` as a URN-safe string (percent-encoded)."""
    from urllib.parse import quote

    return quote(value, safe="-._~")


def _is_date(value: object) -> bool:
    """Tell whether value is a YYYY-MM-DD string."""
    if not isinstance(value, str):
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return len(value) == 10
