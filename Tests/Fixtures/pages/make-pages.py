#!/usr/bin/env python3
"""Writes the fixture pages in their legacy encodings (run from this folder).

The pages are kept as bytes in git; this script says what each one holds.
"""

def page(name, encoding, head, body="", declare=None, bom=False):
    meta = f'<meta charset="{declare}">\n' if declare else ""
    text = f"<!DOCTYPE html>\n<html><head>\n{meta}{head}\n</head><body>{body}</body></html>\n"
    data = text.encode(encoding)
    if bom:
        data = {"utf-8": b"\xef\xbb\xbf", "utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[encoding] + data
    with open(name, "wb") as out:
        out.write(data)

page("euc-kr.html", "euc-kr",
     '<title>서울 - 위키백과, 우리 모두의 백과사전</title>\n'
     '<meta property="og:title" content="서울특별시">\n'
     '<meta property="og:description" content="대한민국의 수도 &amp; 최대 도시">\n'
     '<meta property="og:image" content="/images/seoul.png">\n'
     '<link rel="icon" href="/favicon-32.png" sizes="32x32">',
     "<p>서울은 한반도 중앙에 있다.</p>", declare="euc-kr")
page("shift_jis.html", "shift_jis",
     '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">\n'
     '<title>東京都の公式ホームページ</title>\n'
     '<meta name="description" content="東京都庁の情報です。">',
     "<p>日本語のページ</p>")
page("euc-jp.html", "euc_jp", "<title>日本語のタイトル（EUC-JP）</title>", declare="EUC-JP")
page("gb2312.html", "gbk", "<title>中文网页标题</title>", declare="gb2312")
page("windows-1251.html", "cp1251", "<title>Привет, мир</title>", declare="windows-1251")
page("windows-1252.html", "cp1252", "<title>Café “quoted” – naïve</title>", declare="iso-8859-1")
page("utf-16le.html", "utf-16-le", "<title>UTF-16 제목</title>", bom=True)
page("utf-16be.html", "utf-16-be", "<title>UTF-16BE 見出し</title>", bom=True)
page("utf8-undeclared.html", "utf-8", "<title>선언 없는 UTF-8 — ünïcödé</title>")
page("euc-kr-undeclared.html", "euc-kr", "<title>선언 없는 한국어</title>")
# ESC (C0) is dropped by libxml2 as an invalid character; CSI (U+009B, C1) is kept as data.
page("escape.html", "utf-8",
     "<title>Evil \x1b[2J\u009b31mred\u009b0m\x07 title</title>", declare="utf-8")
