"""Word lists of tag inference: generic English and generic scientific prose, nothing corpus-specific.

Candidate phrases are cut at function words and verbs, may not start with a generic modifier nor end with
a filler noun, and one generic noun alone is no tag; the sets below are what the other modules look up.
"""

from __future__ import annotations



from generator.text import fold_key, naive_singular


_FUNCTION_WORDS = """
a about above across after again against all almost along also although always am among an and another any
are around as at be because been before being below between both but by can cannot could did do does doing done
down during each either else enough especially etc even ever every few for from further had has have having he
her here hers him his how however i if in into is it its itself just least less like may me might more most much
must my neither no nor not of off often on once one only onto or other others otherwise our ours ourselves out
over own per rather same several shall she should since so some such than that the their theirs them themselves
then there therefore these they this those though through thus to too toward towards under unless until up upon
us very via was we well were what whatever when whenever where whereas whether which while who whom whose why
will with within without would yet you your i.e e.g i.e. e.g. ie eg vs versus namely instead moreover furthermore
additionally finally first second third firstly secondly lastly hence still already yet whereby wherein thereby
respectively e g i e et al due according regarding despite beyond among amongst now today nowadays
here there thereof anew afterwards meanwhile nonetheless nevertheless w/o
sometimes usually never seldom perhaps maybe quite somewhat elsewhere everywhere together alike
unlike besides alongside amid throughout
""".split()

# Number words and quantifiers: a phrase led by one counts things ("three datasets", "several tasks").
_QUANTIFIERS = """
zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand
thousands million millions billion billions trillion trillions dozen dozens couple pair single
half twice thrice few fewer many much numerous multiple several various some any all each every both most
lots plenty handful myriad countless small tiny times fold
""".split()

# Size adjectives count too when what follows is one generic noun ("large models"); "small" and "tiny" always
# do ("small set", "small models": the phrase without them is the subject, if any).
SIZE_WORDS = frozenset("small large big huge tiny vast massive limited".split())

# A mention right after one of these is denied or contrasted ("without fine-tuning"), not the paper's subject.
NEGATORS = frozenset("without not no never nor unlike instead cannot w/o".split())

# Verbs and verb forms that abstracts use to talk about the work rather than name a concept.
_VERBS = """
propose proposes proposed proposing present presents presented presenting introduce introduces introduced
introducing show shows showed shown showing demonstrate demonstrates demonstrated demonstrating achieve achieves
achieved achieving use uses used using utilize utilizes utilized utilizing leverage leverages leveraged
leveraging develop develops developed developing design designs designed designing study studies studied
studying investigate investigates investigated investigating explore explores explored exploring provide
provides provided providing obtain obtains obtained obtaining enable enables enabled enabling allow allows
allowed allowing require requires required requiring improve improves improved improving outperform outperforms
outperformed outperforming consider considers considered considering address addresses addressed addressing
make makes made making find finds found finding apply applies applied applying evaluate evaluates evaluated
evaluating conduct conducts conducted conducting perform performs performed performing establish establishes
established establishing yield yields yielded yielding lead leads led leading remain remains remained remaining
become becomes became becoming exhibit exhibits exhibited exhibiting suggest suggests suggested suggesting
reveal reveals revealed revealing offer offers offered offering aim aims aimed aiming focus focuses focused
focusing tackle tackles tackled tackling extend extends extended extending incorporate incorporates
incorporated incorporating combine combines combined combining exploit exploits exploited exploiting
capture captures captured capturing compare compares compared comparing include includes included including
involve involves involved involving achieve reduce reduces reduced reducing increase increases increased
increasing ensure ensures ensured ensuring surpass surpasses surpassed surpassing verify verifies verified
validate validates validated validating employ employs employed employing rely relies relied relying
called termed dubbed named known based given seen taken shown resulting results-in get gets got getting
give gives gave giving take takes took taking see sees saw seem seems seemed appear appears appeared
help helps helped helping need needs needed needing want try tries tried trying tend tends tended
serve serves served serving call calls remain argue argues argued claim claims claimed note notes noted
observe observes observed observing prove proves proved proving derive derives derived deriving
facilitate facilitates facilitated facilitating mitigate mitigates mitigated mitigating alleviate
alleviates alleviated alleviating overcome overcomes overcame overcoming boost boosts boosted boosting
enhance enhances enhanced enhancing learn learns learned learnt work works worked bring brings brought
generate generates generated produce produces produced predict predicts predicted solve solves solved
fall falls fell falling shed sheds shedding hold holds held holding raise raises raised raising
lie lies lay lying keep keeps kept keeping let lets put puts stand stands stood fail fails failed failing
garner garners garnered garnering gained gaining attract attracts attracted attracting receive receives received receiving
witness witnesses witnessed suffer suffers suffered suffering consist consists consisting hamper hampers
hampered hinder hinders hindered generating producing predicting solving
""".split()

# Adjectives and determiners that qualify a phrase without changing what it names.
_GENERIC_MODIFIERS = """
novel new existing recent current previous prior various different many numerous multiple several diverse
simple effective efficient strong significant substantial remarkable impressive promising superior
competitive extensive comprehensive thorough broad wide key main important crucial critical essential
fundamental major minor specific particular certain general generic common typical standard traditional
conventional classical popular widely well state-of-the-art sota art overall entire whole full
small-scale additional further better best good great high low higher lower more less same similar
relevant useful powerful robust fast accurate real-world practical challenging difficult hard easy
theoretical empirical experimental extensive proposed underlying corresponding respective unified
potential possible able unable capable limited poor inherent intrinsic original alternative improved
smaller larger fewer greater wider deeper faster stronger weaker richer simpler
vital notable careful rigorous detailed desirable considerable tremendous increasing growing emerging
meaningful reasonable appropriate adequate paramount pivotal prominent satisfactory longstanding long-standing
high-quality low-quality special past future in-depth
modern contemporary advanced valuable intricate informed off-the-shelf negligible mild accessible
surprising interesting intriguing striking unexpected counterintuitive counter-intuitive puzzling curious
""".split()

# Nouns that never end a tag: "novel framework", "downstream tasks", "our results".
_FILLER_HEADS = """
approach approaches method methods framework frameworks result results experiment experiments performance
paper papers work works technique techniques strategy strategies task tasks setting settings
way ways issue issues challenge challenges aspect aspects improvement improvements effectiveness efficiency
baseline baselines number numbers amount amounts range variety kind kinds type types terms term case cases
example examples lack use usage manner fact order part parts level levels impact effect effects ability
abilities capability capabilities advantage advantages gain gains need needs insight insights finding
findings contribution contributions solution solutions limitation limitations scenario scenarios
application applications area areas field fields art state-of-the-art sota code implementation version
idea ideas goal goals purpose end step steps stage stages component components scheme schemes tool tools
procedure procedures principle principles question questions extent degree quality accuracy cost costs
time times point points line lines research researcher researchers community practice practitioners
literature superiority success failure presence absence variant variants proof paradigm paradigms
page pages website websites webpage homepage repository repositories demo demos
comparable available applicable favorable feasible possible role roles choice choices history effort efforts
being beings
practicality burden burdens concern concerns avenue avenues breakthrough breakthroughs progress advancement
advancements
""".split()

# Nouns fine inside a tag ("diffusion models") but too generic alone.
_GENERIC_NOUNS = """
model models algorithm algorithms system systems mechanism mechanisms analysis analyses study studies
evaluation evaluations benchmark benchmarks data dataset datasets value values input inputs output outputs
set sets process processes property properties module modules design designs domain domains network
networks context learning training information function functions representation representations
distribution distributions space spaces structure structures feature features loss error errors
accuracy prediction predictions sample samples parameter parameters objective objectives
architecture architectures knowledge understanding behavior behaviour signal signals
subset subsets collection collections group groups
learner learners predictor predictors estimator estimators optimizer optimizers solver solvers classifier
classifiers computation computations inconsistency inconsistencies
""".split()

# Whole phrases of scientific filler, matched after folding.
_FILLER = [
    "state of the art", "novel approach", "proposed method", "experimental result", "extensive experiment",
    "real world", "wide range", "large scale", "deep learning model", "our method", "this paper",
    "empirical result", "theoretical analysis", "experimental evaluation", "comprehensive experiment",
    "downstream task", "key idea", "main idea", "significant improvement", "new method",
    "shed light", "great success", "remarkable success", "recent advance", "recent year", "recent work",
    "wide variety", "large number", "growing interest", "first time", "best knowledge", "open problem",
    "independent interest", "ground truth",
    # Idioms of research prose: they say how a work is pitched, not what it is about.
    "step forward", "paradigm shift", "new avenue", "promising avenue", "building block", "double edged sword",
    "holy grail", "silver bullet", "stepping stone", "first step", "proof of concept", "rule of thumb",
    "trial and error", "common practice", "open question", "key challenge", "broad spectrum", "vice versa",
]

STOP = frozenset(_FUNCTION_WORDS) | frozenset(_VERBS)  # words that end a run of candidate words
BAD_START = STOP | frozenset(_GENERIC_MODIFIERS) | frozenset(_QUANTIFIERS)  # words a tag cannot start with
BAD_HEAD = frozenset(naive_singular(w) for w in _FILLER_HEADS) | frozenset(_GENERIC_MODIFIERS)  # ... nor end with
GENERIC_SINGLE = frozenset(naive_singular(w) for w in _GENERIC_NOUNS) | BAD_HEAD  # keys that are no tag alone
FILLER_KEYS = frozenset(fold_key(p) for p in _FILLER)
# Adverbs end in "ly" but these nouns do too.
LY_NOUNS = frozenset("anomaly family assembly supply monopoly poly italy rely apply reply ply".split())
# A determiner after a phrase ("handling the") means a verb took an object.
DETERMINERS = frozenset("the a an this these that those its their our his her such each every".split())
