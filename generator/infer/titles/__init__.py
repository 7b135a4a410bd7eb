"""Infer a paper title and the name of the method an abstract introduces.

Input is the normalised Markdown abstract; output is plain text. Everything here is
regex rules about how abstracts announce their contribution ("we propose X, a ...",
"called X", "Long Form (ACRONYM)", bold-lettered acronyms, the project's code link), so it
is fast, deterministic and corpus-agnostic. An unnamed paper's title is its contribution
phrase plus the field its first sentence opens with ("... for graph neural networks"), or
else the term the abstract keeps repeating, because real titles pair what was done with
where; a named method's long form takes the task its apposition states. The modules follow
the title's making: `plain` (text and sentences), `names` (with `finders`, `markup`,
`coined`, `lexicon`), `phrases` (contribution and field), `purpose` and `keyterms` (where
it applies), `fragments` (what a reader rejects) and `tidy` (cleaning and cutting).
"""

from __future__ import annotations

import re

from generator.text import abbreviates, as_written, bracketed, naive_singular, typos_mended, unmarked
from generator.infer.tags.generic import adjective_compound
from generator.infer.titles.coined import _acronym_long_form, _count_word, _Name
from generator.infer.titles.fragments import claim_problem, cut_inside_phrase, problem, repair, strip_opening
from generator.infer.titles.lexicon import (_HEAD_PREPOSITIONS, _HEAD_RE, _INTRO_GERUNDS, _INTRO_VERBS, _OWN_VOICE, _PRIOR_WORK,
                                             _WAY_KINDS)
from generator.infer.titles.names import _coined_term, _name_of, _subject_name, common_in, common_names, method_name, to_rename
from generator.infer.titles.phrases import (
    _ANAPHORIC,
    _bare_kind,
    _claim,
    TOPIC_WORDS,
    _contribution,
    _description,
    _expansion_after,
    _first_sentence_phrase,
    _initials_said,
    _topic,
    _with_clause,
    _with_topic,
    _without_aside,
    broad_field,
)
from generator.infer.titles.purpose import purpose
from generator.infer.titles.vague import bare, cut_vague_purpose, everyday, field_only, motive_headed, vague_head
from generator.infer.titles.keyterms import MIN_MENTIONS, key_terms
from generator.infer.titles.plain import plain_text, split_sentences
from generator.infer.titles.tidy import (_LEAD_DROP, MAX_TITLE, SOFT_LIMIT, _cut_words, _finish, _gerund, _tidy_end, cut_at_phrase,
                                          name_first, with_article)

__all__ = ["MAX_TITLE", "SOFT_LIMIT", "TOPIC_WORDS", "common_in", "common_names", "infer_title", "method_name", "plain_text",
           "split_sentences", "title_and_name", "to_rename"]


def _judge(phrase: str) -> str:
    """Return `phrase` repaired into a complete noun phrase, or "" when it is a fragment (see `fragments`)."""
    return repair(phrase) if problem(phrase) else phrase


def _judge_head(phrase: str) -> str:
    """Return `_judge(phrase)`, or "" when its head says nothing about what the paper made (`vague_head`)."""
    judged = _judge(phrase)
    return "" if vague_head(judged) else judged


def _unnamed_title(text: str) -> tuple[str, bool]:
    """Return the title of a paper that introduces no name, a bare few words given the term the abstract keeps naming,
    and whether it is only a sentence's piece (no contribution or field said it)."""
    title, pieced = _unnamed_candidate(text)
    return _headed(title, text), pieced


def _headed(title: str, text: str) -> str:
    """Return `title`, or a bare one given a head: the coined word or the term the abstract keeps naming."""
    # The last resort may still be a sentence's piece ("Through comprehensive experiments"): no part of a title.
    broken = problem(title) is not None
    if not bare(title) and not broken:
        return title
    # "Large language models" alone: a coined one-word contribution the abstract keeps using is what it studies
    # ("we propose self-debugging, which ...": "Self-debugging for large language models").
    coined = _contribution(text, min_words=1, judge=_judge)
    if "-" in coined and " " not in coined and _count_word(coined, text) + _count_word(coined.capitalize(), text) >= 3 \
            and len(title) + len(coined) + 5 <= MAX_TITLE:
        return _with_topic(coined, text, MAX_TITLE) if broken else f"{coined} for {_lowered(title)}"
    # "Imitation learning", "Popular approach": what the abstract keeps naming says what the paper is about; a term
    # of everyday words ("foundation models", "code generation") will do when it is named three times.
    terms = [t for n, ok in ((MIN_MENTIONS, False), (2, False), (MIN_MENTIONS, True)) for t in key_terms(text, n, ok)
             if not _says(title, t) and (ok or not everyday(t))]
    if not terms:
        return title
    if everyday(title) or broken:
        return _with_topic(terms[0], text, MAX_TITLE)  # "Memory consumption" names nothing to keep
    if broad_field(terms[0]) or terms[0].split()[-1].lower() in ("models", "networks"):
        return f"{title} in {terms[0]}"  # "Data contamination in large language models": the models are where
    if naive_singular(title.split()[-1].lower()) in _TOOL_HEADS:
        return f"{title} for {terms[0]}"  # "Consistency objectives for object-centric representations": a tool's use
    return f"{terms[0]} for {_lowered(title)}"


#: Heads of a part a paper makes and applies ("consistency objectives"), not of a field it works in ("imitation
#: learning") nor of a kind that is its subject ("equivariant networks", "fine-tuning methods").
_TOOL_HEADS = frozenset("""objective loss regularizer metric score estimator module mechanism layer sampler solver optimizer
attack defense algorithm""".split())


def _claim_if_bare(title: str, text: str) -> str:
    """Return `title`, or the finding the abstract states when `title` is bare, motive-headed or only the field."""
    # "Language models": what the paper found says what it is about ("LMs' internal activations represent binding
    # information"), where no contribution, coined term or repeated term gave the field a head.
    vague = bare(title) or motive_headed(title) or field_only(title)
    return (_claim(text, claim_problem) or title) if vague else title


def _lowered(title: str) -> str:
    """Return `title` with a plain capitalised first word lower-cased, to follow other words ("Imitation" -> "imitation")."""
    words = title.split()
    title_case = len(words) > 1 and all(w[:1].isupper() for w in words)  # "Platonic Representation Hypothesis"
    return title[:1].lower() + title[1:] if words[0][1:].islower() and not title_case else title


#: An aim stated as a gerund phrase before the authors' own clause ("In the pursuit of <doing X>, we ...").
_OPENING_AIM = re.compile(r"(?:^|[.?!] )(?:In (?:the )?(?:pursuit|quest|hope|effort|interest|service) of|With the "
                          r"(?:aim|goal|intent|purpose) of|Aiming at|For the purpose of|Towards?) ([a-z]+ing\b[^,;:()]{10,90}),"
                          r"\s*(?:we|this (?:paper|work))\b")


def _unnamed_candidate(text: str) -> tuple[str, bool]:
    """Return the title of a paper that introduces no name: its contribution, else a sentence's phrase; and whether it
    is that sentence's phrase."""
    phrase = _contribution(text, judge=_judge)
    if phrase:
        return _with_topic(phrase, text, MAX_TITLE), False
    # "In the pursuit of reducing the number of trainable parameters in deep transformer networks, we ...": what
    # the authors set out to do, as a gerund phrase, is a title.
    aim = _OPENING_AIM.search(text)
    if aim and problem(aim.group(1)) is None:
        return aim.group(1)[:1].upper() + aim.group(1)[1:], False
    # No sentence announces a contribution a title can say: the field the abstract opens with is a cleaner
    # title than a clause cut from its first sentence (those read as sentences far more often than as titles).
    topic = _topic(text)
    # A bare field is no title ("Bayesian inference"): a two-word contribution gives it a head ("Branching
    # decoder for generating a set of text").
    short = _contribution(text, min_words=2, judge=_judge)
    if short and topic and not _ANAPHORIC.search(short) and _with_topic(short, text, MAX_TITLE) != short:
        return _with_topic(short, text, MAX_TITLE), False
    if len(topic.split()) >= 2:
        # A bare field is no title ("Graph neural networks"): what the abstract keeps naming in it gives it a head;
        # a term named twice will do before the bare field.
        term = next((t for n in (MIN_MENTIONS, 2) for t in key_terms(text, n) if not _shares_word(t, topic)), "")
        return (f"{term} for {topic}" if term else topic), False
    return _first_sentence_phrase(text, _judge) or _last_resort(text), True


def _defined_long_form(name: str, before: str) -> str:
    """Return the words before "(NAME)" that spell it out, one word per letter first ("test time adaptation")."""
    letters = re.sub(r"[^a-z]", "", name.lower())
    words = before.split()[-len(letters):] if letters else []
    if len(words) == len(letters) >= 2 and "".join(w[0].lower() for w in words) == letters:
        return " ".join(words)
    return _acronym_long_form(name, before)


def _names(name: str, term: str) -> bool:
    """Return whether `term` holds `name` or is what its letters abbreviate ("BO", "Bayesian optimization")."""
    short = naive_singular(re.sub(r"[^a-z0-9]", "", name.lower()))
    capitals = re.sub(r"[^A-Z]", "", name).lower()  # "ZeRO++": Z, R, O ("zero redundancy optimizer")
    spelled = term.lower().replace("-", " ")
    return (name.lower() in term.lower() or abbreviates(short, spelled)
            or (len(capitals) >= 2 and abbreviates(capitals, spelled)))


def _says(title: str, term: str) -> bool:
    """Return whether `title` says `term` already: a word of it, or its initials ("RL algorithm", "reinforcement
    learning")."""
    return _shares_word(term, title) or _initials_said(title, term)


def _shares_word(a: str, b: str) -> bool:
    """Return whether two phrases share a word, plurals folded ("fidelity measures", "measure")."""
    return bool({naive_singular(w) for w in a.lower().split()} & {naive_singular(w) for w in b.lower().split()})


def _spelled(phrase: str) -> str:
    """Return `phrase` lower-cased with hyphens as spaces and plurals folded, to compare a name with a phrase."""
    return " ".join(naive_singular(w) for w in re.sub(r"[-_]", " ", phrase.lower()).split())


def _last_resort(text: str) -> str:
    """Return the first sentence's phrase a cut makes whole (two words will do), else the first sentence's phrase."""
    for sentence in split_sentences(text)[:8]:
        # "Relying on prior knowledge ..., meta-learning offers X": the opening participle clause is an aside.
        sentence = _without_aside(sentence)
        done = _DONE.match(sentence)
        if done and done.group(1).lower() not in _NOT_DONE:
            # "We scale the SDP for X to practical networks": what the authors did, as a gerund; without its verb the
            # object reads as a fragment ("SDP for X to practical networks").
            doing = f"{_gerund(done.group(1), base=True).capitalize()} {sentence[done.end():]}"
            phrase = repair(_first_sentence_phrase(doing))
            if len(phrase.split()) >= 3:
                return phrase
        phrase = repair(_first_sentence_phrase(sentence)) or repair(_first_sentence_phrase(strip_opening(sentence)))
        if len(phrase.split()) >= 2:
            return phrase
    # No sentence cuts into a phrase: the field, or the term the abstract keeps naming, is vague but no fragment.
    return _topic(text) or next(iter(key_terms(text, 2)), "") or _first_sentence_phrase(text)


#: The authors saying what they did in a plain verb: "We scale ...", "We here carefully scale ...".
_DONE = re.compile(r"^[Ww]e\s+(?:here\s+|also\s+|first\s+|then\s+)?(?:[a-z]+ly\s+)?([a-z]{3,})\s+(?!that\b|whether\b|how\b|if\b)")
#: Verbs after "we" that report, judge, aim or help rather than do: their object is no title of the work.
_NOT_DONE = frozenset("""show find prove demonstrate observe argue note believe hypothesize conjecture suggest claim
report see notice conclude confirm verify expect know assume are were have had can could will would may might must
should need also then first further aim aims seek strive try attempt want wish hope intend plan highlight emphasize
discuss explain illustrate reveal define""".split())


#: A description that is only the paper's own work, lower case and with no object: "both theoretical analysis and
#: experimental evaluation", "extensive experiments".
_ACTIVITY_ONLY = re.compile(r"^(?:both\s+)?(?:[a-z-]+\s+)?(?:analys[ie]s|evaluations?|experiments?|stud(?:y|ies)|results?)"
                            r"(?:\s+and\s+(?:[a-z-]+\s+)?(?:analys[ie]s|evaluations?|experiments?|stud(?:y|ies)|results?))?$")
#: The words that announce a long form inside it ("a simple yet novel method called Frequency Enhanced ...").
_NAMING_LEAD = re.compile(r"^.*?\b(?:called|named|dubbed|termed|coined)\s+(?=\S)")


#: A preposition inside a long form: the noun before it heads the phrase.
_HEADED = re.compile(rf"\s(?:{_HEAD_PREPOSITIONS})\s", re.I)
#: A long form ending in a noun by its form ("Cyclic One-Way Diffusion", "In-Context Risk Minimization",
#: "Symbolic-Numeric Integrated Pre-training"): it names the thing, and the kind after it adds nothing.
_NOUN_END = re.compile(r"(?:tion|sion|ment|ance|ence|ity|ness|ing)$", re.I)


def _apposed_long_form(name: str, long_form: str) -> str:
    """Return the part after the comma of "a novel neural network model, parallel-structured ... operator (PAC-FNO)"
    when that part alone spells the name out: the words before it are the kind it was set beside."""
    if "," not in long_form:
        return long_form
    tail = long_form.rsplit(",", 1)[1].strip()
    return tail if len(tail.split()) >= 2 and _acronym_long_form(name, tail + " ") == tail else long_form


def _named_description(found: _Name, text: str, room: int) -> str:
    """Return what the named method is, for the title "NAME: description"."""
    long_form = _LEAD_DROP.sub("", _tidy_end(found.long_form)) or _expansion_after(found)
    long_form = _NAMING_LEAD.sub("", long_form)  # "method called Frequency Enhanced ...": the name's words follow
    long_form = _apposed_long_form(found.name, long_form)
    if long_form and len(long_form.split()) >= 2:
        head = re.match(rf"\s*({_HEAD_RE})\b", found.after)
        # "the Generalized Forward-Inverse (GFI) framework" needs its head; "One-shot Pruning Technique for Interchangeable
        # Networks (OPTIN) framework" has one, before its preposition.
        if head and not long_form.lower().endswith(head.group(1)) and not (
                head.group(1) in _WAY_KINDS and (_HEADED.search(long_form) or _NOUN_END.search(long_form))):
            long_form += " " + head.group(1)
        judged = _judge(_tidy_end(cut_at_phrase(re.sub(r"\s*\([^()]*\)", "", long_form), room)))
        # "a novel pixel spread model (PSM) that iteratively employs X": a bare kind takes what its clause says it does.
        after = re.sub(r"^\s*\([^()]*\)", "", found.after)
        judged = _with_clause(judged, judged + after, room, _judge) if judged else judged
        task = purpose(found)
        if judged and task and " for " not in judged and len(judged) + len(task) + 5 <= room:
            return f"{judged} for {task}"
        if judged:
            return _with_topic(judged, text, room)
    topic = _topic(text).lower()
    # The field alone after the name ("withO: Neural networks") would read as what the method is.
    desc = (_description(found, text, lambda p: "" if p.lower() == topic else _judge_head(p))
            or _description(found, text, lambda p: "" if p.lower() == topic else _judge(p)))
    if _ACTIVITY_ONLY.match(desc):
        desc = ""  # "Both theoretical analysis and experimental evaluation": the paper's work, not what the method is
    if len(_NAMING_LEAD.sub("", desc).split()) >= 2:
        desc = _NAMING_LEAD.sub("", desc)
    if desc:
        return _with_topic(desc, text, room)
    return _judge(long_form)


#: A one-word head and the comma the name stood after: "algorithm, for federated bandit optimization".
_HEAD_COMMA = re.compile(r"^([A-Za-z][\w-]*),\s+(?=(?:for|to|with|of|in|on|via|that|which|based)\b)")
#: One word and the apposition after it: "carb, an end-to-end carbon footprint projection model".
_APPOSED_NAME = re.compile(r"^([\w-]+),\s+(?:an?|the)\s+(?=\S)")
#: A word cased as a name: a capital after its first letter ("SpeechTokenizer", "GPT-4").
_NAME_CASE = re.compile(r"^\w[\w-]*[A-Z]")
#: Names that are modifiers ("SupLinUCB-type", "3D-aware"): they need the noun after them.
_MODIFIER_NAME = re.compile(r"-(?:type|like|based|style|inspired|driven|aware|free|guided)$", re.I)


def _named_title(found: _Name, text: str) -> str:
    """Return "NAME: what it is", or "NAME for <field>" when the abstract never says what it is."""
    head = re.match(rf"\s*((?:{_HEAD_RE})s?)\b", found.after)  # "our designed UCB-type algorithms for ..."
    if head and _MODIFIER_NAME.search(found.name):
        # "a new SupLinUCB-type algorithm that ...": the name is a modifier of the head it goes with.
        return _with_topic(f"{found.name} {head.group(1)}", text, MAX_TITLE)
    room = MAX_TITLE - len(found.name) - 2
    # "a new algorithm, named X, for ...": taking the name out leaves its commas around nothing.
    desc = _HEAD_COMMA.sub(r"\1 ", _named_description(found, text, room))
    # "leads to regularization by denoising diffusion process (RED-diff)": a name found elsewhere (its code link) that
    # the abstract spells out is what that long form says, not the first contribution another sentence describes.
    spelled = "" if found.long_form else _spelled_out(found.name, text)
    if spelled and f" {_spelled(spelled)} " not in f" {_spelled(desc)} ":
        return f"{found.name}: {spelled[:1].upper() + spelled[1:]}"
    # "we introduce carb, an end-to-end ... model": the word before the apposition names the method as the abstract
    # spells it; what the method is follows it. A word cased as a name ("SpeechTokenizer, a unified speech tokenizer")
    # is the name the title opens with.
    apposed = _APPOSED_NAME.match(desc)
    if apposed and len(desc[apposed.end():].split()) >= 3:
        desc = desc[apposed.end():]
        if _NAME_CASE.search(apposed.group(1)):
            return f"{apposed.group(1)}: {desc[:1].upper() + desc[1:]}"
    if len(desc) > room:
        desc = _judge(_tidy_end(_cut_words(desc, room)))  # a cut may leave a loose end ("... within their")
    if desc and re.search(r"[\s-]", found.name) and f" {_spelled(found.name)} " in f" {_spelled(desc)} ":
        return desc  # "Recourse verification: Recourse verification for ..." says it twice
    if desc and _bare_kind(desc):
        desc = _kind_with_term(desc, found.name, text, room)
    if desc:
        return f"{found.name}: {desc[:1].upper() + desc[1:]}"
    # "... known as Imitation Learning from Observation (ILfO)": a name defined where it is not introduced.
    defined = next(iter(bracketed(found.name, text)), None)
    long_form = _defined_long_form(found.name, text[max(0, defined[0] - 200):defined[0]]) if defined else ""
    if len(long_form.split()) >= 2 and not problem(long_form):
        return f"{found.name}: {long_form[:1].upper() + long_form[1:]}"
    # No field opens the abstract: the term it keeps naming, unless that is the name itself or spelled out.
    topic = _topic(text) or next((t for t in key_terms(text) if not _names(found.name, t)), "")
    if topic:
        return f"{found.name} for {topic}"
    # Nothing says what the method is: the paper's title without its name, the name kept before it.
    desc = _cut_words(_first_sentence_phrase(text, _judge) or _first_sentence_phrase(text, _judge, strip_aside=False), room)
    return f"{found.name}: {desc[:1].upper() + desc[1:]}" if desc else found.name


def _kind_with_term(kind: str, name: str, text: str, room: int) -> str:
    """Return a bare kind ("Structure learning method") with what it is for: the field the abstract opens with, else a
    term it names at least twice ("... for stochastic differential equations"); or the kind alone when none will do."""
    if with_topic := _with_topic(kind, text, room):
        if with_topic != kind:
            return with_topic
    if _initials_said(kind, _topic(text)):
        return kind  # "RL algorithm" in an abstract that opens on reinforcement learning: its field is said
    term = next((t for t in key_terms(text, 2) if not _says(kind, t) and not _names(name, t)
                 and not everyday(t) and problem(t) is None and _whole_term(t)), "")
    return f"{kind} for {term}" if term and len(kind) + len(term) + 5 <= room else kind


def _whole_term(term: str) -> bool:
    """Tell whether a term a few mentions found is a noun phrase of its own: not opened by a participle or a verb
    ("pretrained small molecule", "fits mislabeled data") nor ended by a hyphenated adjective ("3D lidar-based")."""
    words = term.lower().split()
    opened = words[0].endswith("ed") or (len(words) >= 3 and words[0].endswith("s") and not words[0].endswith("ss"))
    return not opened and not adjective_compound(words[-1])


def _spelled_out(name: str, text: str) -> str:
    """Return the words of `text` that "(NAME)" follows and spells out, when they make a phrase of two words or more."""
    found = bracketed(name, text)
    if not found:
        return ""
    defined = found[0][0]
    # Only in the authors' own sentence: "the conventional method is Backpropagation Through Time (BPTT)" is prior work.
    opening = max(text.rfind(". ", 0, defined), 0)
    if not _OWN_VOICE.search(text[opening:defined]):
        return ""
    before = text[max(opening, defined - 200):defined]
    long_form = _defined_long_form(name, before)
    long_form = _LEAD_DROP.sub("", _ANNOUNCING.sub("", long_form))  # "propose an imPlicit self-ImprovemenT"
    if not long_form:
        # "by developing a unified crystal representation that can represent any crystal structure (UniMat)": what the
        # authors made, named by the brackets after it, without its relative clause.
        made = _MADE_BEFORE.search(before)
        long_form = re.split(r"\s+(?:that|which|to|with|where|whose)\s+", made.group(1), maxsplit=1)[0] if made else ""
        if _PRIOR_WORK.search(long_form):
            long_form = ""  # "a simplified objective for the recently-introduced attentional copulas (TACTiS)": theirs
    return long_form if len(long_form.split()) >= 2 and not problem(long_form) else ""


#: What the authors made, just before a name's brackets: "developing a unified crystal representation that ...".
_MADE_BEFORE = re.compile(rf"\b(?:{_INTRO_VERBS}|{_INTRO_GERUNDS})s?\s+(?:an?|the)\s+(?:(?:new|novel)\s+)?"
                          r"([a-z][\w-]*(?:\s+[\w-]+){1,14})\s*$")


#: The verb announcing a contribution, caught in a long form by a capital it holds ("Propose an imPlicit ...").
_ANNOUNCING = re.compile(rf"^(?:{_INTRO_VERBS})[sd]?\s+", re.I)


def infer_title(abstract_md: str, common: frozenset[str] = frozenset()) -> str:
    """Return a plain-text title (≤ 100 chars) for an abstract that has none, naming no method by a term of `common`
    (names many abstracts of the corpus use: see `common_names`)."""
    return title_and_name(abstract_md, common)[0]


def title_and_name(abstract_md: str, common: frozenset[str] = frozenset(),
                   summary_md: str | None = None) -> tuple[str, str | None]:
    """Return `infer_title`'s title and the name it gives the paper's method (None when it names none).

    `summary_md` is the authors' one-sentence summary (a TL;DR), when the data has one: where the abstract only
    gives the field or a vague phrase ("Large language models"), the summary's own title says more.
    """
    title, name = _title_and_name(abstract_md, common, summary_md)
    if summary_md and (own := _titled(plain_text(summary_md))) and not _says_little(own):
        # "A 2-Dimensional State Space Layer for Spatial Inductive Bias": a summary written as a title is the authors'.
        own = own[:1].upper() + own[1:]
        # The name the abstract gives the method stays before it ("Mayfly: A Neural Data Structure for ...").
        label = title.split(": ", 1)[0] if ": " in title else name
        title = own if not label or label.lower() in own.lower() else f"{label}: {own}"
    # A typo of the abstract's ("the problem of anguage model inversion") is not carried into the title.
    return with_article(typos_mended(title, plain_text(abstract_md) + " " + plain_text(summary_md or ""))), name


def _title_and_name(abstract_md: str, common: frozenset[str], summary_md: str | None) -> tuple[str, str | None]:
    """Return title_and_name's title as the abstract's words give it, and the method's name."""
    text = plain_text(abstract_md)
    # A name only used, never formally introduced, is good enough for a title but too weak for method_name.
    found = _name_of(abstract_md, common) or _subject_name(text, common) or _coined_term(text, common)
    if not found:
        title, pieced = _unnamed_title(text)
        title = _claim_if_bare(title, text)
        # A phrase cut from a sentence because no contribution was said ("Deep reinforcement learning for pre-training
        # Decision Transformer", from a sentence citing prior work): the summary's title says what the paper did.
        if summary_md and (pieced or _says_little(title)):
            summarised = _summary_title(summary_md, common)
            if summarised:
                return summarised[0], None
            # "We demonstrate that LLMs trained on facts in one direction do not generalize to the reverse direction":
            # where the summary's own title is a fragment, the finding it states says what the paper is about, unless
            # the sentence's phrase holds a name the finding does not ("Evidence for the Reversal Curse").
            finding = _claim(plain_text(summary_md), claim_problem)
            if finding and not _names_left_out(title, finding):
                return _finish(as_written(finding, text)), None
        return _finish(as_written(name_first(cut_vague_purpose(title)), text)), None
    title = _finish(as_written(cut_vague_purpose(_unmarked_title(_named_title(found, text), found.name)), text))
    # "EquiformerV2" alone, "SpeechFlow for generative models": the abstract never says what the method is (the field
    # only says where it is); the authors' summary may ("Pre-training generative model for speech generation tasks").
    undescribed = title == found.name or title.startswith(f"{found.name} for ")
    # ... unless the summary reports a study ("We analyze advantage of X ..."): its title is what was found, not the method.
    summarised = _summary_title(summary_md, common) if summary_md and undescribed and not _STUDY.match(summary_md) else None
    if summarised and summarised[1] in (None, found.name):
        described = summarised[0].split(": ", 1)[-1] if summarised[1] else summarised[0]
        room = MAX_TITLE - len(found.name) - 2
        if len(described) > room:  # cut where a title may end ("... approach incorporating [parallel]" may not)
            described = _judge(_tidy_end(_cut_words(described, room)))
        # "BatteryML is an open-source platform ...": a summary whose title is the name says no more; one cut inside a
        # noun phrase ("... approach incorporating parallel [U-Net attention]") says it wrong.
        if len(described.split()) >= 2 and _spelled(described) != _spelled(found.name) \
                and not cut_inside_phrase(described, plain_text(summary_md)):
            return _finish(f"{found.name}: {described}"), found.name
    return title, found.name


def _names_left_out(title: str, other: str) -> bool:
    """Tell whether `title` holds a name (a word with a capital, past its first) that `other` does not."""
    held = {w.lower() for w in re.findall(r"[\w-]+", other)}
    return any(w.lower() not in held for w in re.findall(r"[\w-]+", title)[1:] if not w.islower() and not w.isdigit())


def _unmarked_title(title: str, name: str) -> str:
    """Return "NAME: description" with the description's words written plainly where capitals in them spell the name
    ("CABINET: Content RelevAnce-Based NoIse ReductioN ..." -> "Content Relevance-Based Noise Reduction ...")."""
    head, sep, description = title.partition(": ")
    return f"{head}{sep}{unmarked(description, name)}" if sep and head == name else title


#: A summary reporting a study of the authors' ("We analyze", "This paper investigates"), not what their method is.
_STUDY = re.compile(r"\s*(?:[Ww]e|[Tt]his (?:paper|work|study))\s+(?:first\s+|theoretically\s+|empirically\s+)?"
                    r"(?:analy[sz]e|stud(?:y|ies)|investigates?|examines?|explores?|characteri[sz]es?)\b")
#: An unbracketed list number before an item ("1) ", "ii) ", "b) ").
_LIST_NUMBER = re.compile(r"(?:(?<=\s)|^)(?:\d|[ivx]{1,4}|[a-h])\)\s+")


#: Words a title leaves in lower case: "A Layer for Spatial Inductive Bias".
_TITLE_SMALL = frozenset("a an the of for and or nor in on at to with via by from as into onto over under vs".split())
#: A title's length in words, at most ...
_TITLE_WORDS = 16
#: ... and at least.
_TITLE_MIN_WORDS = 3


def _titled(summary: str) -> str:
    """Return a summary that is written as a title (every word but the small ones capitalised, no sentence in it, not
    the authors' voice: "A 2-Dimensional State Space Layer for Spatial Inductive Bias"), without its full stop; else
    ""."""
    summary = summary.strip().rstrip(".").strip()
    words = summary.split()
    if not _TITLE_MIN_WORDS <= len(words) <= _TITLE_WORDS or re.search(r"[.;!?]\s", summary) or _OWN_VOICE.search(summary):
        return ""
    return summary if all(w[:1].isupper() or not w[:1].isalpha() or w in _TITLE_SMALL for w in words[1:]) and (
        words[0][:1].isupper() or words[0] in _TITLE_SMALL) else ""


def _summary_title(summary_md: str, common: frozenset[str]) -> tuple[str, str | None] | None:
    """Return the title and name the summary (TL;DR) gives, or None when that title is a fragment or says little."""
    # "to generate voices with 1) a variation network and 2) ...": a list's numbers are no words of a title.
    summarised, named = title_and_name(_LIST_NUMBER.sub("", summary_md), common)
    return None if problem(summarised) is not None or _says_little(summarised) else (summarised, named)


def _says_little(title: str) -> bool:
    """Tell whether a title is only a field, a bare few words or a motive ("Large language models", "Causal reasoning")."""
    return bare(title) or field_only(title) or motive_headed(title)
