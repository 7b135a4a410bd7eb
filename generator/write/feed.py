"""Feed: when each paper was first added, kept in data/.first-seen.json, and the Atom feed in that order.

Input: the papers and the state file (paper id → ISO date it first appeared in a build).
Output: the updated state (written by the build only after it succeeded), feed.xml, and the feed of every topic
and tag (feeds/topics/<slug>.xml, feeds/tags/<slug>.xml), each assembled from entries made once a paper.

The state file is a dotfile because every other file of data/ is read as abstracts. CI commits it after a build,
so the dates survive fresh checkouts; the same data + state file always gives the same feed. It lists the current
papers only, so it changes exactly when data/ does. With the site's URL, the feed's links are absolute.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from generator.runtime.files import read_state, write_state
from generator.model import Paper, PapersiteError

STATE_FILE = ".first-seen.json"
#: Entries in the feed: the latest additions, enough for any reader to catch up.
FEED_SIZE = 50
#: Beside the topic and tag feeds: Material's theme fetches sitemap.xml next to every <link rel="alternate"> of a
#: page (to map its language versions), so a tag page asked for feeds/tags/sitemap.xml and got a 404. An empty
#: one (no pages: nothing to map) answers instead.
EMPTY_SITEMAP = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                 '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n')


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


def load_first_seen(path: Path, shown: str | None = None) -> dict[str, str]:
    """Return the state file's id → date mapping, or {} when there is none yet; `shown` names it in errors.

    The file is untrusted input like data/: anything but a flat object of dates is a one-line error.
    """
    shown = shown or path.name
    found, data = read_state(path, lambda line, what: _state_error(shown, line, what))
    if not found:
        return {}
    if not isinstance(data, dict) or not all(isinstance(k, str) and _is_date(v) for k, v in data.items()):
        raise _state_error(shown, 1, "expected an object of paper id → YYYY-MM-DD")
    return data


def _state_error(shown: str, line: int, what: str) -> PapersiteError:
    """Return the error for a state file that cannot be used, saying how to start afresh."""
    return PapersiteError(f"{shown}:{line}: first-seen: {what}; delete the file to start the dates afresh")


def first_seen(papers: list[Paper], known: dict[str, str], date: str) -> dict[str, str]:
    """Return the dates of the current papers: known ones keep theirs, new ones get `date`; removed ones are dropped."""
    # Removed papers are forgotten: kept, they made the committed file differ from what data/ holds and
    # accumulate every collection a project ever had (a paper added again is dated afresh).
    return dict(sorted((paper.id, known.get(paper.id, date)) for paper in papers))


def state_json(state: dict[str, str]) -> str:
    """Return the state file's text (sorted, one paper per line, so CI diffs stay readable)."""
    return json.dumps(state, indent=0, sort_keys=True) + "\n"


def save_first_seen(path: Path, state: dict[str, str], shown: str | None = None) -> bool:
    """Write the state file if it changed; return whether it did. `shown` names it in errors."""
    return write_state(path, state_json(state), lambda what: PapersiteError(f"{shown or path}:1: first-seen: {what}"),
                       "cannot save when papers were first added")


def newest_first(papers: list[Paper], state: dict[str, str]) -> list[Paper]:
    """Return the papers latest addition first; papers added the same day keep their order in data/ reversed."""
    order = {p.id: i for i, p in enumerate(papers)}
    return sorted(papers, key=lambda p: (state.get(p.id, ""), order[p.id]), reverse=True)


def atom_feed(papers: list[Paper], state: dict[str, str], title: str, topic_names: dict[str, str],
              site_url: str | None = None) -> str:
    """Return feed.xml: an Atom feed of the latest additions, its links under `site_url` (else relative to the site root)."""
    latest = newest_first(papers, state)[:FEED_SIZE]
    return listing_feed(latest, last_update(papers, state), [atom_entry(p, state, topic_names, site_url) for p in latest],
                        f"{title} — latest additions", f"feed:{urn_part(title)}", "feed.xml", "", site_url)


def last_update(papers: list[Paper], state: dict[str, str]) -> str:
    """Return the date a feed of `papers` last changed: the latest of their first-seen dates."""
    return max((state.get(p.id, "") for p in papers), default="") or "1970-01-01"


def atom_entry(paper: Paper, state: dict[str, str], topic_names: dict[str, str], site_url: str | None = None) -> str:
    """Return a paper's <entry> element, its link under `site_url` (else relative to the site root).

    Made once a paper and shared by every feed that lists it: the site's, its topic's and its tags'.
    """
    # Atom readers need absolute links; without the site's URL, relative ones resolve against the feed's
    # xml:base, which points at the site root from wherever the feed is.
    root = site_url or ""
    lines = [
        "  <entry>",
        f"    <title>{_text(paper.title)}</title>",
        f"    <id>urn:papersite:paper:{_text(urn_part(paper.id))}</id>",
        f"    <updated>{state.get(paper.id) or '1970-01-01'}T00:00:00Z</updated>",
        f"    <link rel=\"alternate\" type=\"text/html\" href={_attr(f'{root}papers/{paper.slug}/')}/>",
    ]
    for author in paper.authors:
        lines.append(f"    <author><name>{_text(author)}</name></author>")
    if paper.topic and paper.topic in topic_names:
        lines.append(f"    <category term={_attr(topic_names[paper.topic])}/>")
    lines += [f"    <summary>{_text(paper.readable)}</summary>", "  </entry>"]
    return "\n".join(lines)


def listing_feed(latest: list[Paper], updated: str, entries: list[str], title: str, feed_id: str,
                 path: str, page: str, site_url: str | None = None) -> str:
    """Return the Atom feed at site path `path` of the papers `latest` (newest first), from their ready-made entries.

    `page` is the site-root-relative URL of the page the feed follows ("" for the home page, "tags/x/").
    """
    root = site_url or ""
    # Without the site's URL, every link is relative to the site root: xml:base says where that is from here.
    base = "" if site_url or "/" not in path else f' xml:base="{"../" * path.count("/")}"'
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<feed xmlns="http://www.w3.org/2005/Atom"{base}>',
        f"  <title>{_text(title)}</title>",
        f"  <id>urn:papersite:{_text(feed_id)}</id>",
        f"  <updated>{updated}T00:00:00Z</updated>",
        f'  <link rel="self" href={_attr(root + path)}/>',
        f'  <link rel="alternate" type="text/html" href={_attr(root + page or "./")}/>',
        "  <author><name>papersite</name></author>",
        *entries,
        "</feed>",
    ]
    return "\n".join(lines) + "\n"


# What XML 1.0 forbids (control characters but tab and newlines, surrogates, U+FFFE and U+FFFF), and the
# other Unicode noncharacters, which feed readers choke on as well.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufdd0-\ufdef"
                      + "".join(f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17))
                      + "]")


def xml_chars(value: str) -> str:
    """Return `value` without the characters that cannot appear in an XML 1.0 document."""
    # Every character _NOT_XML matches is unprintable (a control, a surrogate or a noncharacter): a printable
    # text (most fields, on one line) holds none, and the test is a fraction of the scan's cost.
    return value if value.isprintable() else _NOT_XML.sub("", value)


def _text(value: str) -> str:
    """Escape text for XML element content, whitespace collapsed and forbidden characters dropped."""
    return escape(" ".join(xml_chars(value).split()))


def _attr(value: str) -> str:
    """Return an XML attribute value, quoted and escaped, forbidden characters dropped."""
    return quoteattr(xml_chars(value))


def urn_part(value: str) -> str:
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
