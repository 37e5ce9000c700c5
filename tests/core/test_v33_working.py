"""Right answers held-out v33 refused, in new words, each with a wrong twin that must stay refused: "£70 per extra
hour" read as a rate per "extra" against "charged at £70 per hour", and a question about a club's "Sunday League"
read as asking about Sundays. Both right answers are refused by the code of 4d7a2e9, on which v33 was run."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair

BOOTH = ("ClickBox Booths, Corby – Packages. The Party package costs £320 for three hours. Extra hours are charged at "
         "£70 per hour on any package.")
LEAGUE = ("Malvern Orienteers, Malvern – Sunday League. Pre-entry closes at 8pm on the Friday before the event, and "
          "entries on the day cost £2 more.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    (BOOTH, "How much does ClickBox Booths charge for each extra hour of booth time?",
     "ClickBox charges £70 per extra hour on any package [c1].",
     "ClickBox charges £80 per extra hour on any package [c1]."),
    (LEAGUE, "When does pre-entry close for Malvern Orienteers' Sunday League events?",
     "Pre-entry closes at 8pm on the Friday before the event [c1].",
     "Pre-entry closes at 8pm on the Thursday before the event [c1]."),
])
def test_v33_right_answers_pass_and_wrong_twins_do_not(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)
