//! The competition method in words: parameters of small blocks (colour limits, byes, criterion
//! options; `{0}` is the value), values, tie-break criteria and their variants, playoff colours.

use super::*;

/// Parameters of small blocks (`colour_limits`, `bye`, criterion options); `{0}` is the value.
pub fn param(lang: Lang, key: &str) -> Option<&'static str> {
    const T: Table = &[
        (
            "max_consecutive",
            "连续执同色不超过{0}局",
            "at most {0} games in a row with one colour",
        ),
        (
            "max_difference",
            "先后手局数差不超过{0}",
            "a colour difference of at most {0}",
        ),
        (
            "relax_last_rounds",
            "最后{0}轮可放宽",
            "relaxed in the last {0} rounds",
        ),
        ("points", "轮空记{0}分", "a bye scores {0}"),
        (
            "opponent_score",
            "轮空的对手分按{0}计",
            "a bye counts {0} as opponent's score",
        ),
        ("recipient", "轮空由{0}获得", "the bye goes to {0}"),
        ("cut", "去掉最低{0}个", "cut {0}"),
        ("bye", "轮空按{0}计", "a bye counts as {0}"),
        ("forfeit", "弃权局按{0}计", "a forfeit counts as {0}"),
        (
            "unplayed",
            "未赛局按{0}计",
            "an unplayed game counts as {0}",
        ),
    ];
    pick(lang, T, key)
}

dict!(
    value,
    [
        (
            "lowest_in_field",
            "全场最低分",
            "the lowest score in the field"
        ),
        (
            "lowest_not_yet",
            "尚未轮空的最低分棋手",
            "the lowest-ranked player without a bye yet"
        ),
        ("lowest", "最低分棋手", "the lowest-ranked player"),
        ("zero", "零分", "zero"),
        ("draw", "和局", "a draw"),
        ("own_score", "本人积分", "the player's own score"),
        ("virtual_opponent", "虚拟对手", "a virtual opponent"),
    ]
);

dict!(
    criterion,
    [
        ("points", "积分多者名次列前", "more points"),
        (
            "sonneborn_berger",
            "小分多者名次列前",
            "higher Sonneborn-Berger score"
        ),
        ("小分", "小分多者名次列前", "higher Sonneborn-Berger score"),
        (
            "opponents_score",
            "对手分高者名次列前",
            "higher opponents' score (Buchholz)"
        ),
        (
            "对手分",
            "对手分高者名次列前",
            "higher opponents' score (Buchholz)"
        ),
        (
            "head_to_head",
            "两人对赛胜者名次列前",
            "the winner of the game between the tied players"
        ),
        (
            "直胜",
            "两人对赛胜者名次列前",
            "the winner of the game between the tied players"
        ),
        ("wins", "胜局多者名次列前", "more wins"),
        ("胜局", "胜局多者名次列前", "more wins"),
        ("black_wins", "后手胜局多者名次列前", "more wins with black"),
        ("后手胜局", "后手胜局多者名次列前", "more wins with black"),
        (
            "black_games",
            "后手局数多者名次列前",
            "more games with black"
        ),
        ("后手局数", "后手局数多者名次列前", "more games with black"),
        (
            "head_to_head_black",
            "两人对赛时执后手者名次列前",
            "the player who had black in the tied players' game"
        ),
        ("fouls", "技术犯规少者名次列前", "fewer fouls"),
        ("犯规", "技术犯规少者名次列前", "fewer fouls"),
        (
            "progressive",
            "累进分高者名次列前",
            "higher progressive score"
        ),
        ("累进分", "累进分高者名次列前", "higher progressive score"),
        (
            "countback",
            "比较前一轮成绩，以此类推，直至区分",
            "compare the score after the previous round, and so back until separated"
        ),
        ("lots", "抽签决定名次", "drawing of lots"),
        ("抽签", "抽签决定名次", "drawing of lots"),
        ("game_points", "局分多者名次列前", "more game points"),
        ("局分", "局分多者名次列前", "more game points"),
        ("总局分", "总局分多者名次列前", "more game points"),
        (
            "board_countback",
            "依次比较第一台、第二台……的局分，多者名次列前",
            "more game points on board 1, then on board 2, and so on"
        ),
        (
            "台次分",
            "依次比较第一台、第二台……的局分，多者名次列前",
            "more game points on board 1, then on board 2, and so on"
        ),
        ("积分", "积分多者名次列前", "more points"),
        (
            "两人对赛",
            "两人对赛胜者名次列前",
            "the winner of the game between the tied players"
        ),
        (
            "直接对局",
            "两人对赛胜者名次列前",
            "the winner of the game between the tied players"
        ),
        ("后走局数", "后走局数多者名次列前", "more games with black"),
        ("后手赛局", "后手赛局多者名次列前", "more games with black"),
        ("技术犯规", "技术犯规少者名次列前", "fewer fouls"),
        ("rating", "等级分高者名次列前", "higher rating"),
    ]
);

dict!(
    /// A criterion in a team stage, where it counts matches, not games.
    team_criterion,
    [
        (
            "head_to_head",
            "相互间比赛胜者名次列前",
            "the winner of the match between the tied teams"
        ),
        (
            "直胜",
            "相互间比赛胜者名次列前",
            "the winner of the match between the tied teams"
        ),
        (
            "两人对赛",
            "相互间比赛胜者名次列前",
            "the winner of the match between the tied teams"
        ),
        (
            "直接对局",
            "相互间比赛胜者名次列前",
            "the winner of the match between the tied teams"
        ),
        (
            "opponents_score",
            "对手队比赛分之和高者名次列前",
            "higher sum of the opponent teams' match points"
        ),
        (
            "对手分",
            "对手队比赛分之和高者名次列前",
            "higher sum of the opponent teams' match points"
        ),
        ("wins", "胜场多者名次列前", "more matches won"),
        ("胜局", "胜场多者名次列前", "more matches won"),
    ]
);

dict!(
    /// A criterion's variant in a team stage.
    team_variant,
    [
        ("two_only", "限于两队同分时使用", "for two tied teams only"),
        (
            "mini_table",
            "按同分队之间的比赛分计算",
            "match points among the tied teams"
        ),
    ]
);

dict!(
    variant,
    [
        (
            "two_only",
            "限于两人同分时使用",
            "for two tied players only"
        ),
        (
            "all_tied",
            "在同分者之间的对局中计算",
            "among all the tied players"
        ),
        (
            "mini_table",
            "按同分者之间的积分计算",
            "points among the tied players"
        ),
        ("cumulative", "按各轮累计积分比较", "on cumulative scores"),
        ("previous_round", "逐轮向前比较", "round by round backwards"),
        (
            "opp_reverse",
            "逐轮倒序比较对手成绩",
            "opponents' results compared backwards"
        ),
        ("round_result", "逐轮比较各轮胜负", "round results compared"),
        ("include_unplayed", "含未赛局", "unplayed games included"),
        (
            "over_the_board",
            "仅计实赛胜局",
            "games won over the board only"
        ),
        ("skip", "无法使用时跳过", "skipped where it does not apply"),
    ]
);

dict!(
    playoff_colours,
    [
        ("swap", "交换先后手", "colours swapped"),
        ("redraw", "重新抽签决定先后手", "colours drawn again by lot"),
        ("lot", "抽签决定先后手", "colours by lot"),
        ("same", "先后手不变", "same colours"),
        (
            "black_chooses",
            "由抽签胜者选择先后手",
            "the winner of a lot chooses colours"
        ),
    ]
);
