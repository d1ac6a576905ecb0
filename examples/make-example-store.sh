#!/usr/bin/env bash
# Builds the example store with holder-git itself, then copies its committed files into
# examples/store/ (a store's history lives in its own .git, which this repository cannot
# hold). Run from anywhere:  examples/make-example-store.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
hg="$here/../holder-git"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
store="$work/store"
# The example is the same on every run: no page is fetched.
export HOLDER_GIT_OFFLINE=1

"$hg" init "$store" >/dev/null 2>&1
add() { local url="$1"; shift; "$hg" add --store "$store" "$url" "$@" >/dev/null 2>&1; }

add https://github.com/swiftlang/swift --title "The Swift Programming Language" \
  --tag dev/swift --tag reading --note "컴파일러 소스를 읽을 때"
add https://www.swift.org/documentation/ --title "Swift Documentation" --tag dev/swift
add https://github.com/libgit2/libgit2 --title "libgit2" --tag dev/git --note "C library behind the sync engine"
add https://git-scm.com/book/en/v2 --title "Pro Git" --tag dev/git --tag reading --favorite
add https://git-scm.com/docs/gitattributes --title "gitattributes – custom merge drivers" --tag dev/git
add https://datatracker.ietf.org/doc/html/rfc3339 --title "RFC 3339: Date and Time on the Internet" --tag dev/standards
add https://datatracker.ietf.org/doc/html/rfc3492 --title "RFC 3492: Punycode" --tag dev/standards
add https://www.unicode.org/reports/tr15/ --title "UAX #15: Unicode Normalization Forms" --tag dev/standards --tag unicode
add https://ko.wikipedia.org/wiki/서울 --title "서울 - 위키백과" --tag 여행/한국 --tag places/asia --note "가을에 다시 가기"
add https://ko.wikipedia.org/wiki/부산광역시 --title "부산광역시 - 위키백과" --tag 여행/한국 --tag places/asia
add https://ko.wikipedia.org/wiki/제주특별자치도 --title "제주특별자치도" --tag 여행/한국 --note "한라산 등반 코스 확인" --favorite
add https://ko.wikipedia.org/wiki/한글 --title "한글 - 위키백과" --tag 언어 --tag unicode
add https://www.korean.go.kr/ --title "국립국어원" --tag 언어
add https://ja.wikipedia.org/wiki/東京 --title "東京 - Wikipedia" --tag places/asia --tag 여행/일본
add https://en.wikipedia.org/wiki/Kyoto --title "Kyoto - Wikipedia" --tag places/asia --tag 여행/일본
add https://www.openstreetmap.org/ --title "OpenStreetMap" --tag maps
add https://news.ycombinator.com/ --title "Hacker News" --tag news
add https://lwn.net/ --title "LWN.net" --tag news --tag dev/linux
add https://www.kernel.org/doc/html/latest/ --title "The Linux Kernel documentation" --tag dev/linux --tag reading
add "https://en.wikipedia.org/wiki/Bookmark_(digital)" --title "Bookmark (digital)" --tag reading
add https://www.gutenberg.org/ebooks/1342 --title "Pride and Prejudice by Jane Austen" --tag reading/books
add https://www.gutenberg.org/ebooks/2701 --title "Moby Dick; Or, The Whale" --tag reading/books --note "Chapter 42 first"
add https://developer.mozilla.org/en-US/docs/Web/HTML/Element/a --title "<a>: The Anchor element" --tag dev/web
add https://json-schema.org/draft/2020-12/json-schema-core --title "JSON Schema 2020-12 core" --tag dev/standards
add https://www.youtube.com/watch?v=dQw4w9WgXcQ --title "Never Gonna Give You Up" --tag music

rm -rf "$here/store"
mkdir -p "$here/store"
git -C "$store" archive HEAD | tar -x -C "$here/store"
count=$(find "$here/store/bookmarks" -name '*.json' | wc -l)
echo "examples/store: $count bookmarks" >&2
