"""People an answer names are the ones the passage gives what the question asks about.

A person named for what the other half of a sentence gives someone else is refused (``pack.business
.contrast_person``); a question asking "who has to" do something asks for a group, not a person, so a right answer
naming a group passes; and an owner's name must be the page's."""

from __future__ import annotations

import pytest

from tests.core.pipeline_support import check_pair

KINDLING = ("Spark & Split, Wooler – About us. Owner Jean Oliver has supplied kindling to the Wooler area since 2011, "
            "from a yard on Mill Lane.")
TATTOO = ("Inkwell Tattoo, Frome – Artists. Head artist Carla Dunne does all portrait and realism work, while junior "
          "artist Sam Pike takes walk-in flash designs on Saturdays. Consultations are free.")
VAPES = ("Vapour Lane, Louth – Age Policy. No one under 18 can buy from us, and we follow Challenge 25, so anyone who "
         "looks younger than 25 must show photo ID.")


@pytest.mark.parametrize(("passage", "question", "right", "wrong"), [
    # "since 2011" says how long; the twin misnames the owner
    (KINDLING, "Who runs Spark & Split, and how long have they been going?",
     "Owner Jean Oliver has supplied the Wooler area since 2011 [c1].",
     "Owner Joan Oliver has supplied the Wooler area since 2011 [c1]."),
])
def test_who_runs_a_business_and_since_when(passage: str, question: str, right: str, wrong: str) -> None:
    check_pair(passage, question, right, wrong)


def test_a_person_named_for_the_other_half_of_a_sentence() -> None:
    check_pair(TATTOO, "Who does portrait tattoos at Inkwell Tattoo?",
               "Portrait tattoos at Inkwell Tattoo are done by head artist Carla Dunne [c1].",
               "Portrait tattoos at Inkwell Tattoo are done by junior artist Sam Pike [c1].")


def test_who_has_to_show_id_asks_for_a_group_not_a_person() -> None:
    check_pair(VAPES, "Which ID policy does Vapour Lane follow, and who has to show photo ID?",
               "Vapour Lane follows Challenge 25, so anyone who looks younger than 25 must show photo ID [c1].",
               "Vapour Lane follows Challenge 25, so anyone who looks younger than 18 must show photo ID [c1].")
