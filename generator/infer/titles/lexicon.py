"""The vocabulary the title finder shares: what papers introduce, and how they announce it.

Name finding and phrase finding read the same announcements ("we propose X", "this paper presents X"),
so the word lists and patterns live in one place.
"""

from __future__ import annotations

import re

# Lower-case words a name may be preceded by inside an object phrase ("a robust HQGS");
# anything else (prepositions, verbs) means the capitalised token is not what is introduced.
_NP_FILLER = {"a", "an", "the", "our", "this", "its", "novel", "new", "simple", "robust", "general",
              "unified", "first", "efficient", "effective", "scalable", "principled", "and", "lightweight",
              "generic", "flexible", "powerful", "practical", "improved", "modular", "fast", "universal",
              "versatile", "large-scale", "comprehensive", "systematic", "open-source", "challenging",
              "holistic", "automatic", "automated", "training-free", "plug-and-play", "two-stage",
              "theoretical", "empirical", "yet", "but", "simple,", "namely"}
_NP_ADJ_SUFFIX = ("al", "ive", "ic", "ous", "able", "ible", "ed", "less", "ful", "ary", "ent", "ant")
#: Head nouns of what papers introduce; they may stand between the article and the name.
_HEADS = ("method", "model", "framework", "approach", "algorithm", "system", "benchmark", "dataset",
          "architecture", "technique", "tool", "toolkit", "library", "suite", "network", "pipeline", "strategy",
          "paradigm", "loss", "objective", "metric", "agent", "variant", "estimator", "module", "mechanism",
          "scheme", "procedure", "language", "learning", "training", "generation", "family", "set",
          "collection", "corpus", "defense", "attack", "optimizer", "solver", "policy", "sampler", "layer",
          "transformer", "encoder", "decoder", "environment", "platform", "task", "protocol", "regularizer",
          "generator", "detector", "classifier", "predictor", "learner", "planner", "retriever", "simulator")
_INTRO_VERBS = (r"propose|introduce|present|develop|design|devise|build|create|release|construct|curate"
                r"|offer|formulate|describe|report|contribute|establish|unveil|launch|put forward|provide|pioneer")
_INTRO_GERUNDS = r"proposing|introducing|presenting|developing|designing|devising|building|creating|releasing"
_NAME_TRIGGERS = (r"called|dubbed|named|termed|coined|nicknamed|namely|tagged|(?:coin|coined)\s+as|refer\s+to\s+(?:it\s+)?as"
                  r"|(?:which|that|what)\s+we\s+(?:call|term|name|dub|coin)"
                  r"|name\s+of\s+(?:our|the|this)\s+(?:method|model|approach|framework|algorithm)\s*(?::|is)"
                  # "We name this method Classifier Score Distillation (CSD)": the name follows the object.
                  r"|(?<=[Ww]e\s)(?:name|call|term|dub)\s+(?:our|the|this)\s+(?:method|model|approach|framework|algorithm|technique)")
#: Capitalised words that are never a paper's own name even when they look like one.
_NOT_NAMES = {"We", "Our", "The", "This", "These", "Here", "However", "Moreover", "Furthermore", "In",
              "It", "Specifically", "Finally", "Additionally", "To", "A", "An", "Transformer",
              "Transformers", "LLM", "LLMs", "AI", "ML", "DL", "RL", "NLP", "CV", "GPU", "GPUs", "CNN",
              "CNNs", "RNN", "RNNs", "GNN", "GNNs", "MLP", "MLPs", "VLM", "VLMs", "MLLM", "MLLMs", "LM",
              "LMs", "SOTA", "API", "APIs", "PDE", "PDEs", "ODE", "ODEs", "SGD", "GD", "I", "II", "III",
              "OOD", "ID", "IID", "iid", "KL", "DNN", "DNNs", "ViT", "ViTs", "GPT", "BERT", "CLIP", "LoRA",
              "GPT-4", "GPT-3", "GPT-3.5", "ChatGPT", "ImageNet", "PyTorch", "GitHub", "HuggingFace"}
_NAME_TOKEN = r"[^\W_][\w.+\-]*[\w+]|[A-Z]"
_HEAD_RE = "|".join(_HEADS)
#: Kinds that only say a thing is a way of doing something ("framework", "scheme"): after a long form that names the thing,
#: or alone with its modifiers, they say nothing of what it does (a benchmark, a model or a dataset says what it is).
_WAY_KINDS = frozenset("method algorithm framework approach technique procedure scheme strategy architecture module mechanism"
                       " pipeline".split())
#: Singular nouns that say what kind of thing a contribution is: countable, so a title led by one takes an article
#: ("A benchmark for DNA language models", "An approach for incremental certification"), as an English title does.
_CONTRIBUTION_KINDS = _WAY_KINDS | frozenset("""model benchmark dataset suite family series class collection study analysis
    theory formulation generalization extension metric estimator network loss objective paradigm toolkit library system
    platform protocol recipe principle variant measure solver sampler optimizer regularizer comparison survey evaluation
    investigation""".split())
#: Prepositions inside a phrase: the noun before one heads it ("Pruning Technique for Interchangeable Networks").
_HEAD_PREPOSITIONS = "for|of|via|with|through|from|by|on|in"


#: Verbs whose object is a by-product ("we provide experiments", "we report results"), not the contribution.
_WEAK_VERBS = r"provide|offer|describe|contribute|establish|evaluate|uncover|release|report"
_STRONG_INTRO = "|".join(v for v in _INTRO_VERBS.split("|") if v not in _WEAK_VERBS.split("|"))
#: A pattern whose every match holds "we" or "We" and a space after it (plain text has one space between words).
_WE = ("we ", "We ")
#: "This paper", "Our work" ... and an adverb: the authors speaking of their paper; every match holds one of _PAPER_WORDS.
_PAPER_WORDS = ("paper", "work", "study", "article", "submission", "contribution")
_THIS_PAPER = rf"\b(?:[Tt]his|[Oo]ur)\s+(?:{'|'.join(_PAPER_WORDS)})\s+(?:\w+ly\s+)?"
_CONTRIB = [  # (pattern, priority, words every match holds one of) — lower priority is better
    (rf"\b(?:we|We)\s+(?:\w+ly\s+|also\s+|first\s+|here\s+)?(?:{_STRONG_INTRO})(?:s|d|ed)?\s+(?:here\s+)?", 0, _WE),
    # "we consider the spacetime as an entirety and propose to approximate X", "we provide a theoretical explanation of
    # X and introduce a three-step method": the second verb states the contribution.
    # After "we study/investigate X" the first object is the subject already ("we investigate kernel clustering, and
    # propose algorithms that ..."); after other verbs ("consider the spacetime as an entirety") it is not.
    (r"\b(?:we|We)\s+(?!(?:study|investigate|explore|examine|analy[sz]e|revisit|address|tackle|focus)\b)[a-z][a-z-]*\s"
     r"[^.;]{0,80}?\band\s+(?:then\s+)?(?:propose|introduce|devise)[sd]?\s+", 1, _WE),
    # "we leverage and extend these two lines of work by proposing X", "we address this gap by introducing X": the
    # means is the contribution where the verb's object points back (a gap, a challenge said before) and says nothing.
    # "We fill this gap by providing a comprehensive comparison of X" too.
    (r"\b(?:we|We)\s+[a-z][a-z-]*\s+(?:and\s+[a-z][a-z-]*\s+)?(?:this|these|those|both|such)\b"
     r"[^.;]{0,60}?\bby\s+(?:proposing|introducing|devising|developing|presenting|providing|using|leveraging)\s+", 1, _WE),
    # "we report a machine-learning solution for X" is what was made; "we report the first demonstration of X" and
    # "we report results" are findings, the weak verb's (below).
    (r"\b(?:we|We)\s+(?:\w+ly\s+|here\s+)?report(?:s|ed)?\s+(?:here\s+)?(?=an?\s)", 0, _WE),
    # What "this paper" introduces ranks with "we propose"; what it studies, below.
    (_THIS_PAPER + r"(?:proposes|introduces|presents|develops)\s+", 0, _PAPER_WORDS),
    (_THIS_PAPER + r"(?:studies|investigates|explores|examines|analyzes|analyses"
     r"|addresses|tackles|revisits|considers|focuses on|aims to|extends|puts forth)\s+", 1, _PAPER_WORDS),
    (r"\b(?:we|We)\s+(?:\w+ly\s+|also\s+|first\s+|here\s+)?(?:study|investigate|explore|examine|analy[sz]e"
     r"|revisit|consider|address|tackle|focus on|characterize|characterise|formalize|identify"
     r"|derive|prove|extend|benchmark|quantify|give|obtain|demonstrate that|show that|demonstrate(?=\s+an?\s)"
     r"|find that|argue that)\s+", 2, _WE),
    # "we here push the limits of pruning web-scale datasets": what is pushed forward is the subject.
    (r"\b(?:we|We)\s+(?:here\s+|also\s+)?(?:push|pushes|advance|extend)\s+(?:the\s+)?(?:limits|boundaries|frontiers?"
     r"|state[- ]of[- ]the[- ]art)\s+(?:of|in|for)\s+", 2, _WE),
    # "Our primary contribution is the development of X", "we start by undertaking a derivation of X": what was done.
    (r"\b[Oo]ur\s+(?:main\s+|primary\s+|key\s+|central\s+|first\s+)?contributions?\s+(?:is|are|lies\s+in)\s+"
     r"(?:the\s+)?(?:(?:development|design|introduction|proposal|derivation|construction)\s+of\s+)?"
     r"|\b(?:we|We)\s+(?:start|begin)\s+by\s+(?!(?:showing|demonstrating|proving|revealing)\b)"
     r"(?:(?:undertaking|conducting|performing|providing|giving|presenting)\s+)?", 1,
     ("ontribution", "start", "begin")),
    # "Theoretical results in this paper clarify the role of X": what the paper's results explain is its subject.
    (r"\b(?:[Rr]esults|[Aa]nalys[ie]s|[Ff]indings)\s+(?:in|of)\s+(?:this|our)\s+(?:paper|work|study)\s+"
     r"(?:clarify|explain|reveal|characteri[sz]e)\s+(?!that\b)", 2, ("paper", "work", "study")),
    (rf"\b(?:we|We)\s+(?:\w+ly\s+|also\s+|first\s+|here\s+)?(?:{_WEAK_VERBS})(?:s|d|ed)?\s+", 3, _WE),
    # "This phenomenon motivates us to find X", "we aim to X": the purpose, titled as a gerund ("Finding X").
    (r"\b(?:motivates|motivated|leads|led|inspires|inspired|prompts|prompted|drives) us\s+(?=to\s)"
     r"|\b(?:we|We)\s+(?:aim|seek|set out|strive)\s+(?=to\s)", 3, (" us", "we", "We")),
]
#: The authors speaking of their own work: "we", "our(s)", "this paper".
_OWN_VOICE = re.compile(r"\b(?:[Ww]e|[Oo]urs?|[Tt]his (?:paper|work|study))\b")
_OWN_FRAMING = re.compile(r"\b(?:[Ii]n this|[Hh]ere|[Tt]his (?:paper|work))\b")
_CONTRIB_RE = [(re.compile(p), prio, words) for p, prio, words in _CONTRIB]

#: Words that mark others' work inside a phrase or before a name's brackets ("the recently-introduced attentional copulas
#: (TACTiS)", "the seminal X method").
_PRIOR_WORK = re.compile(r"\b(?:recently|existing|previous|prior|original|popular|standard|classical|conventional|traditional"
                         r"|well-known|widely-used|seminal|state-of-the-art)\b", re.I)
