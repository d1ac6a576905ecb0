/// Words, hosts and tags for realistic generated bookmarks in English, Korean and Japanese.
enum Vocabulary {
  static let english = """
    swift rust concurrency async guide introduction tutorial deep dive performance memory safety
    compiler language design patterns architecture testing debugging release notes proposal
    server client database index query cache network protocol http security encryption keys
    linux kernel scheduler file system storage backup sync merge conflict history review code
    style format lint build package manager dependency version upgrade migration api reference
    documentation example sample project open source community blog post news weekly digest
    machine learning model training inference data pipeline stream event queue message broker
    cloud container deploy cluster monitoring logging tracing metrics dashboard alert incident
    recipe coffee bread travel guide tokyo seoul kyoto busan hotel flight train museum park
    history science physics biology music film book review podcast interview essay opinion
    startup product design interface typography color layout mobile ios android web browser
    javascript typescript python golang kotlin java haskell ocaml elixir erlang clojure scala
    how why what best practices common mistakes lessons learned notes cheat sheet handbook
    """.split(whereSeparator: \.isWhitespace).map(String.init)

  static let korean = """
    스위프트 프로그래밍 입문 개발자 블로그 정리 튜토리얼 성능 최적화 메모리 동시성 비동기
    서버 클라이언트 데이터베이스 인덱스 검색 캐시 네트워크 보안 암호화 리눅스 커널 파일
    저장소 백업 동기화 병합 충돌 기록 코드 리뷰 스타일 빌드 패키지 의존성 버전 업그레이드
    문서 예제 프로젝트 오픈소스 커뮤니티 뉴스 주간 머신러닝 모델 학습 추론 데이터 파이프라인
    클라우드 컨테이너 배포 모니터링 로그 지표 대시보드 장애 요리 레시피 커피 여행 서울 부산
    제주도 경주 호텔 항공권 기차 박물관 공원 역사 과학 음악 영화 책 서평 인터뷰 에세이 한국어
    사이트 모음 추천 방법 이유 실수 교훈 노트 안내서 한국 대한민국 맛집 카페 강좌 공부 시험
    """.split(whereSeparator: \.isWhitespace).map(String.init)

  static let japanese = """
    プログラミング 入門 開発者 ブログ まとめ チュートリアル 性能 最適化 メモリ 並行処理 非同期
    サーバー クライアント データベース 検索 キャッシュ ネットワーク セキュリティ 暗号化 カーネル
    ファイル バックアップ 同期 マージ 競合 履歴 コード レビュー ビルド パッケージ 依存関係 移行
    ドキュメント サンプル プロジェクト オープンソース コミュニティ ニュース 週刊 機械学習 モデル
    データ クラウド コンテナ デプロイ 監視 ログ 料理 レシピ コーヒー 旅行 東京 京都 大阪 北海道
    ホテル 新幹線 博物館 公園 歴史 科学 音楽 映画 本 書評 インタビュー エッセイ 日本語 のまとめ
    とは 方法 理由 よくある 間違い 教訓 メモ 手引き おすすめ 美味しい お店 勉強 試験 東京タワー
    """.split(whereSeparator: \.isWhitespace).map(String.init)

  /// Popular hosts, most popular first; a long tail of personal sites is generated.
  static let hosts = """
    github.com stackoverflow.com youtube.com en.wikipedia.org news.ycombinator.com medium.com
    ko.wikipedia.org ja.wikipedia.org developer.apple.com swift.org docs.rs reddit.com
    blog.naver.com velog.io tistory.com brunch.co.kr qiita.com zenn.dev note.com hatena.ne.jp
    arxiv.org dev.to gist.github.com twitter.com x.com lwn.net docs.python.org go.dev
    rust-lang.org forums.swift.org nytimes.com theguardian.com bbc.co.uk nhk.or.jp
    chosun.com hani.co.kr asahi.com nikkei.com amazon.com amazon.co.jp coupang.com
    cookpad.com 10000recipe.com tabelog.com mangoplate.com booking.com airbnb.com
    developer.mozilla.org web.dev css-tricks.com smashingmagazine.com martinfowler.com
    docker.com aws.amazon.com cloud.google.com learn.microsoft.com
    """.split(whereSeparator: \.isWhitespace).map(String.init)

  static let tailSuffixes = [".dev", ".io", ".com", ".net", ".kr", ".jp", ".org", ".blog"]
  static let tailNames = """
    alice bob carol dave erin frank grace heidi ivan judy mallory oscar peggy trent victor walter
    minji jisoo hyun seojun yuna haruto yui sota hina ren aoi kenji sakura tanaka suzuki kim lee
    park choi jung kang cho yoon jang lim han oh seo shin kwon hwang ahn song yoo hong
    """.split(whereSeparator: \.isWhitespace).map(String.init)

  /// About 300 tags, nested, most used first.
  static let tags: [String] = {
    let groups: [(String, [String])] = [
      (
        "dev",
        [
          "swift", "rust", "go", "python", "javascript", "typescript", "kotlin", "java",
          "haskell", "c", "cpp", "databases", "networking", "security", "testing", "devops",
          "linux", "git", "compilers", "web", "ios", "android", "ml", "cloud", "performance",
        ]
      ),
      ("reading", ["later", "essays", "books", "papers", "news", "blogs"]),
      (
        "travel",
        [
          "japan/tokyo", "japan/kyoto", "japan/osaka", "korea/seoul", "korea/busan",
          "korea/jeju", "europe/paris", "europe/berlin", "usa/nyc", "usa/sf",
        ]
      ),
      ("여행", ["서울", "부산", "제주", "경주", "강릉", "도쿄", "오사카", "교토"]),
      ("旅行", ["東京", "京都", "大阪", "北海道", "沖縄", "ソウル"]),
      ("food", ["recipes", "coffee", "bread", "restaurants", "korean", "japanese"]),
      ("요리", ["레시피", "카페", "맛집", "베이킹"]),
      ("料理", ["レシピ", "カフェ", "ラーメン", "和食"]),
      ("work", ["projects", "meetings", "hiring", "onboarding", "docs", "oncall"]),
      ("music", ["jazz", "classical", "kpop", "jpop", "rock"]),
      ("film", ["reviews", "anime", "drama", "documentary"]),
      ("science", ["physics", "biology", "space", "math", "climate"]),
      ("design", ["typography", "color", "ui", "ux", "icons"]),
      ("공부", ["영어", "일본어", "알고리즘", "자료구조"]),
      ("勉強", ["英語", "韓国語", "アルゴリズム"]),
    ]
    var result = ["reading", "later", "favorites-old", "inbox", "todo", "tools", "reference"]
    for (top, subs) in groups {
      result.append(top)
      for sub in subs { result.append(top + "/" + sub) }
    }
    // A tail of rarely used tags, as real collections have.
    var tail: [String] = []
    for (index, name) in tailNames.enumerated() {
      tail.append("people/" + name)
      tail.append("projects/" + name + "-app")
      if index % 3 == 0 { tail.append("archive/20\(10 + index % 16)") }
    }
    tail += english.map { "topics/" + $0 }
    var seen: Set<String> = []
    return Array((result + tail).filter { seen.insert($0).inserted }.prefix(300))
  }()
}
