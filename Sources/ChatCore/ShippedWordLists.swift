/// The word lists tteok ships. Users add or remove words in `$XDG_CONFIG_HOME/tteok/filter.txt`.
/// Kept short and unambiguous: a filter that masks ordinary words teaches people to ignore it.
enum ShippedWordLists {
    static let english = [
        "fuck", "fucker", "fucking", "motherfucker", "shit", "bullshit", "bitch", "bastard", "asshole",
        "cunt", "dick", "dickhead", "prick", "slut", "whore", "wanker", "twat", "piss off",
        "faggot", "fag", "nigger", "nigga", "retard", "spic", "chink", "kike",
    ]

    static let korean = [
        "씨발", "시발", "씨빨", "씨팔", "시팔", "ㅅㅂ", "ㅆㅂ", "병신", "ㅂㅅ", "븅신", "개새끼", "개새기", "새끼",
        "좆", "좆같", "존나", "졸라", "ㅈㄴ", "지랄", "ㅈㄹ", "미친놈", "미친년", "염병", "썅", "니미",
        "닥쳐", "엿먹어", "꺼져", "걸레", "창녀",
    ]
}
