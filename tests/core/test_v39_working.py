"""Held-out v39's critic run, in new words: right answers it refused (a rate over the question's year written out,
the question's own price times its own count, extras past a base count, a deposit question naming a website project,
a question's setting in the label) and wrong ones it accepted (a date from another clause's frame, a list's price
given another case after "plus", a day beside the right one, a variant's price for the standard one), and the
writer's answers to its unanswerable questions the audit passed (a rival's page alone, a copied page for a cut-off
time, a base price for the charge past a limit)."""

from __future__ import annotations

from tests.core.pipeline_support import check_pair, refusals

HOSTING = ("Bright Quay Web, Penzance – Hosting. Hosting costs £12 a month or £120 a year and includes backups. Our "
           "Support Plan, at £30 a month, adds updates and security monitoring.")
CASES = ("Barrel & Vine, Hereford – Delivery. Buy any 12 bottles and we take 10% off the total; for 6 bottles the "
         "discount is 5%. Local delivery is free on orders over £50 and otherwise costs £4.")
PAYROLL = ("Fell & Beck Accounts, Keswick – Bookkeeping. The Plus package, at £140 a month, includes payroll for up "
           "to four staff. Each extra employee on payroll costs £5 a month.")
TAX = ("Ravel & Co, Penrith – Tax Returns. To guarantee filing before the 31 January deadline, clients must send all "
       "paperwork by 15 December; later records attract a £60 surcharge.")
RUGBY = ("Thornbury RFC, Thornbury – Matchdays. Home games kick off at 3pm, and entry costs £7 for adults, £5 for "
         "over-65s and nothing for under-16s with a paying adult.")
WINE = ("Cellar Steps, Ledbury – Delivery. Nationwide delivery is £9 per case. Local deliveries go out every "
        "Wednesday and Friday morning. The shop opens 10am to 6pm Tuesday to Saturday and 11am to 3pm on Sundays.")
TOILETS = ("Can Do Hire, Yeovil – Site Hire. For building sites, a standard toilet costs £24 per week on a minimum "
           "three-week hire. A site toilet with a built-in hand-wash basin is £30 per week. Delivery and collection "
           "together cost £35.")


def test_v39_a_monthly_rate_over_the_questions_year() -> None:
    check_pair(HOSTING, "If a Bright Quay client pays for hosting yearly and takes the Support Plan for a full year, "
               "what is the total?",
               "Yearly hosting is £120 and the Support Plan is £30 a month, or £360 over twelve months, so the total "
               "is £480 [c1].",
               "Yearly hosting is £120 and the Support Plan is £30 a month, or £360 over twelve months, so the total "
               "is £500 [c1].")


def test_v39_the_questions_own_price_times_its_count() -> None:
    check_pair(CASES, "At Barrel & Vine, what would 12 bottles priced at £8 each cost with local delivery?",
               "The 12 bottles come to £96, and the 10% case discount brings that to £86.40; the order is over £50, so "
               "delivery is free and the total is £86.40 [c1].",
               "The 12 bottles come to £96, and the 10% case discount brings that to £84.40; the order is over £50, so "
               "delivery is free and the total is £84.40 [c1].")


def test_v39_the_questions_count_equal_to_its_price() -> None:
    check_pair(CASES, "At Barrel & Vine, what would 12 bottles priced at £12 each cost with local delivery?",
               "The 12 bottles come to £144, and the 10% case discount brings that to £129.60; the order is over £50, "
               "so delivery is free and the total is £129.60 [c1].",
               "The 12 bottles come to £144, and the 10% case discount brings that to £127.60; the order is over £50, "
               "so delivery is free and the total is £127.60 [c1].")


def test_v39_extra_employees_at_a_price_each_add() -> None:
    check_pair(PAYROLL, "What would a firm with six staff on payroll pay per month for the Plus package at Fell & "
               "Beck?",
               "The Plus package is £140 a month for up to four staff, so the two extra employees at £5 each add £10, "
               "giving £150 a month [c1].",
               "The Plus package is £140 a month for up to four staff, so the three extra employees at £5 each add "
               "£15, giving £155 a month [c1].")


def test_v39_a_deposit_question_naming_a_website_project() -> None:
    page = ("Harbour Pixel, St Ives – Website Packages. Our Starter site costs £700. We ask for a 30% deposit to "
            "start work, with the balance due at launch.")
    assert refusals("Harbour Pixel asks for a 30% deposit to start work [c1].", [page],
                    "What deposit does Harbour Pixel require before starting a website project?") == []


def test_v39_the_questions_setting_in_the_label() -> None:
    page = ("Can Do Hire, Yeovil – Site Hire. A standard toilet costs £24 per week on a minimum three-week hire. Extra "
            "weekly services are £16 each.")
    assert refusals("Each extra weekly service on a Can Do Hire site toilet costs £16 [c1].", [page],
                    "How much does Can Do Hire charge for each extra weekly service on a site toilet?") == []


def test_v39_a_date_from_another_clauses_frame() -> None:
    check_pair(TAX, "By what date must Ravel & Co clients send their tax paperwork to guarantee filing?",
               "Ravel & Co needs all paperwork by 15 December [c1].",
               "Ravel & Co needs all paperwork by 31 January [c1].")


def test_v39_a_listed_price_given_another_case_after_plus() -> None:
    check_pair(RUGBY, "How much would two adults and one over-65 pay in total for a Thornbury RFC home game?",
               "They would pay £19 altogether: £7 for each of the two adults plus £5 for the over-65 [c1].",
               "They would pay £21 altogether: £7 for each of the two adults plus £7 for the over-65 [c1].")


def test_v39_a_day_beside_the_right_one() -> None:
    check_pair(WINE, "On which days does Cellar Steps in Ledbury send out local deliveries?",
               "Cellar Steps sends out its local deliveries every Wednesday and Friday morning [c1].",
               "Cellar Steps sends out its local deliveries every Wednesday and Sunday morning [c1].")


def test_v39_a_variants_price_for_the_standard_one() -> None:
    check_pair(TOILETS, "What is the cheapest total for hiring one standard site toilet from Can Do Hire for the "
               "minimum period, with delivery and collection?",
               "The minimum hire is three weeks at £24 a week, which is £72, and delivery and collection add £35, so "
               "the total is £107 [c1].",
               "The minimum hire is three weeks at £30 a week, which is £90, and delivery and collection add £35, so "
               "the total is £125 [c1].")


def test_v39_a_rival_page_alone_for_the_asked_business() -> None:
    asked = ("Tidy Events, Frome – Event Toilets. The luxury trailer costs £420 for a weekend and needs access for a "
             "4x4 vehicle.")
    rival = ("PortaPlus Hire, Wells – Event Toilets. The luxury trailer costs £380 for a weekend and needs a standard "
             "13-amp power supply.")
    found = refusals("Tidy Events luxury trailer needs a standard 13-amp power supply [c2].", [asked, rival],
                     "What power supply does the Tidy Events luxury trailer need?", one_document=False)
    assert any("cites only the page of PortaPlus Hire" in f for f in found)
    assert refusals("The Tidy Events luxury trailer needs access for a 4x4 vehicle [c1].", [asked, rival],
                    "What access does the Tidy Events luxury trailer need?", one_document=False) == []


def test_v39_a_copied_page_is_no_answer_to_a_cut_off_time() -> None:
    page = ("Grape & Grain, Ross – Delivery. Local deliveries go out every Monday and Thursday. Delivery is free over "
            "£50. The shop opens 10am to 6pm.")
    copied = ("Grape & Grain, Ross – Delivery [c1]. Local deliveries go out every Monday and Thursday [c1]. "
              "Delivery is free over £50 [c1]. The shop opens 10am to 6pm [c1].")
    assert any("sentence by sentence" in f for f in refusals(
        copied, [page], "What is the order cut-off time for local delivery from Grape & Grain?"))


def test_v39_a_base_price_for_the_charge_past_a_limit() -> None:
    page = ("Beckside Books, Kendal – Bookkeeping. The Lite package costs £70 a month for up to 60 bank transactions. "
            "Each additional employee on payroll costs £4 a month.")
    question = "How much does Beckside Books charge for each bank transaction over the Lite package limit?"
    assert any("past a limit" in f for f in refusals(
        "Beckside Books charges £70 a month for up to 60 bank transactions [c1].", [page], question))
    extra = page + " Each transaction over the limit costs 20p."
    assert refusals("Each transaction over the limit costs 20p [c1].", [extra], question) == []
