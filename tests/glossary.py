"""The Japanese words of each game: one glossary per game, taken from the original posts the games come
from (their own terms, as a Japanese player reads them in the post), and one for the shell every game
shares (the page, the hints, the doubling cube). tests/test_glossary.py checks every Japanese string
of a game against its glossary and the shell's.

Each entry is a preferred term, the terms that must not appear in its place (regular expressions), and
why. A how-to text, a table's string, an option's help and an example's caption all use the preferred
term, so that a player who read the rules finds the same word on the table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    preferred: str
    forbidden: tuple[str, ...]  # regular expressions
    why: str


SHELL = (
    Term("手（できる手・選べる手）", (r"打(?!ち止)",),
         "a move is not 打つ (a stone or a tile struck): in Roller Derby it is rolling dice; 打ち止め is Chains' word"),
    Term("「戻す」を許可", (r"(?<!「)戻すを",), "the Undo button's name is a noun only inside quotes"),
)

GAMES: dict[str, tuple[Term, ...]] = {
    "arsene": (
        Term("ポリス", (r"警察",), "the post's police is ポリス throughout"),
        Term("バッティング", (r"衝突", r"(?<!分)かち合"), "two thieves at one store: the post's バッティング"),
        Term("押しつける", (r"押し付け",), "the post writes 押しつける"),
        Term("争奪モード", (r"コンテストモード", r"対決モード"), "the advanced rule's name in the post"),
    ),
    "chains": (
        Term("組（ラン）", (r"チェーン(?!ズ)", r"連鎖"),
             "a run is 組 (the post: 長さの異なる10種類の組, 「ラン」と呼ばれるもの); チェーン only in the title"),
        Term("終端カード", (r"エンドカード",), "the post's end card"),
        Term("打ち止め", (r"売り切れ", r"完売"), "sold out: the post's 打ち止め"),
        Term("捨て場", (r"捨て札", r"捨て山"), "the post's discard is 捨て場"),
        Term("一時置き場", (r"保留", r"ホールド"), "the post's holding slots"),
        Term("作業場", (r"ワークパイル", r"作業列"), "the post's work pile"),
    ),
    "roller_derby": (
        Term("ダイス", (r"サイコロ",),
             "the post's dice are ダイス in its rules and scoring (12面体ダイス on the table)"),
        Term("振る・振っていない", (r"(?<!ント)ロール", r"ローリング"),
             "dice are 振る; the rolling team is the post's ローラーチーム"),
        Term("出さなければならない", (r"出さされ",), "出さされる is not Japanese"),
        Term("オール・オア・ナッシング", (r"オールオアナッシング",), "the post's spelling"),
    ),
    "apples": (
        Term("デクレアラー", (r"宣言者", r"ディクレアラー"), "the post's declarer"),
        Term("ターゲットカード", (r"目標カード", r"標的"), "the post's target card"),
        Term("♥2 (スートの後に枚数)", (r"\d[♠♥♦♣]", r"\{count\}\{symbol\}"),
             "the post writes a bid as the suit then the number of cards (「♠3」), on buttons and in hints alike"),
        Term("ディーラー", (r"ディラー",), "the post's dealer (its ディラー is a typo)"),
    ),
    "on_schedule": (
        Term("スペシャルトリック", (r"特別トリック", r"スペシャル・トリック"), "the post's special trick"),
        Term("点数札", (r"得点札", r"ポイントカード"), "the post's point cards (10, J, Q, K, A) are 点数札"),
        Term("スケジュールカード", (r"予定カード", r"スケジュール札"), "the post's schedule cards"),
        Term("勝利点", (r"ビクトリーポイント",), "the post's victory points"),
    ),
    "dominuxen": (
        Term("牌・手牌", (r"タイル", r"(?<!ワイルド)カード", r"手札"), "a domino is a 牌 in the post, the hand 手牌"),
        Term("スナッチ", (r"スナップ", r"奪取"), "the post's snatch"),
        Term("ダブル牌", (r"ゾロ目",), "the post's doubles"),
    ),
}
