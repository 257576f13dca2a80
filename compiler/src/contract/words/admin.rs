//! Registration and expense clause kinds: status and sheet phrases. A phrase has `{who}`,
//! `{amount}`, `{when}`, `{text}`, `{n}`, `{places}`, `{words}` slots and the article it belongs
//! in when not its block's own. The variant "" is the phrase of the bare clause; "text" the
//! phrase when the clause has a text (the text says what to do, the phrase only when); "full"
//! the phrase when the text already names what is paid (`board_lodging "...食宿"`).

// `h`: an expense clause printed under its own heading (交通, 食宿).
use super::{printed_under as h, word, Block, Word};
use crate::contract::Status::{self, Executed, Printed};
use crate::sheet::model::Art;

pub struct AdminPhrase {
    pub variant: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
    pub art: Option<Art>,
}

const fn p(variant: &'static str, zh: &'static str, en: &'static str) -> AdminPhrase {
    AdminPhrase {
        variant,
        zh,
        en,
        art: None,
    }
}

const fn other(variant: &'static str, zh: &'static str, en: &'static str) -> AdminPhrase {
    AdminPhrase {
        variant,
        zh,
        en,
        art: Some(Art::Other),
    }
}

const TEXT: &[AdminPhrase] = &[p("", "{text}", "{text}")];

const fn w(
    key: &'static str,
    status: Status,
    acts: &'static str,
    phrases: &'static [AdminPhrase],
) -> Word<AdminPhrase> {
    word(key, status, acts, None, phrases)
}

#[rustfmt::skip]
pub static REGISTRATION: Block<AdminPhrase> = Block {
    block: "registration",
    what: ("kind of registration clause", "报名条款类别"),
    words: &[
        w("deadline", Executed, "checker E609 (not after the first day)", &[p("", "请于{when}前报名", "Entries close on {when}")]),
        w("method", Printed, "sheet", TEXT),
        w("arrival", Printed, "sheet", &[p("", "请于{when}前报到", "Players arrive by {when}")]),
        w("pickup", Printed, "sheet", &[p("", "大会安排{when}前接站", "Players are met until {when}")]),
        w("travel_info", Printed, "sheet", &[
            p("", "请于{when}前将抵达信息报至组委会", "Send travel details to the organisers by {when}"),
            p("text", "请于{when}前{text}", "By {when}: {text}"),
        ]),
        w("meeting", Printed, "sheet", &[p("", "{when}召开技术会议", "Technical meeting at {when}")]),
        w("late", Printed, "sheet", TEXT),
        w("documents", Printed, "sheet", TEXT),
        w("confirmation", Printed, "sheet", TEXT),
        w("payment", Printed, "sheet", TEXT),
        w("no_show", Printed, "sheet", TEXT),
        w("return_tickets", Printed, "sheet", &[
            other("", "如需预订返程车票，请提前{n}天将返程信息报至组委会", "Return tickets: send the details {n} days ahead"),
            other("text", "{text}", "{text}"),
        ]),
        w("hotel", Printed, "sheet", TEXT),
        w("replacement", Printed, "sheet", TEXT),
    ],
};

#[rustfmt::skip]
pub static EXPENSES: Block<AdminPhrase> = Block {
    block: "expenses",
    what: ("kind of expense clause", "经费条款类别"),
    words: &[
        h("travel_subsidy", ("交通", "Travel"), &[
            p("", "为{who}提供旅费补贴{amount}", "{who}: travel subsidy of {amount}"),
            p("text", "为{who}提供旅费补贴{amount}（{text}）", "{who}: travel subsidy of {amount} ({text})"),
        ]),
        w("subsidy", Printed, "sheet", &[p("", "为{who}提供参赛补贴{amount}", "{who}: subsidy of {amount}")]),
        h("travel_paid", ("交通", "Travel"), &[
            p("", "{who}交通费由承办单位负担", "travel of {who} is paid by the organiser"),
            p("text", "{text}", "{text}"),
        ]),
        h("travel_reimbursed", ("交通", "Travel"), &[
            p("", "{who}旅费凭票报销", "travel of {who} is reimbursed"),
            p("text", "{text}", "{text}"),
        ]),
        h("board_lodging", ("食宿", "Board and lodging"), &[
            p("", "大会负担{text}的食宿", "Board and lodging are paid for {text}"),
            p("full", "大会负担{text}", "The organisers pay {text}"),
        ]),
        w("own_cost", Printed, "sheet", TEXT),
        w("hotel", Printed, "sheet", TEXT),
        w("hotel_info", Printed, "sheet", TEXT),
        w("lodging_on_request", Printed, "sheet", TEXT),
        w("insurance", Printed, "sheet", TEXT),
        w("travel", Printed, "sheet", TEXT),
    ],
};

/// The phrase of a clause kind in a variant, and its article.
pub fn phrase(
    block: &'static Block<AdminPhrase>,
    key: &str,
    variant: &str,
) -> Option<&'static AdminPhrase> {
    block
        .get(key)?
        .phrases
        .iter()
        .find(|p| p.variant == variant)
}
