/// `1 commit`, `2 commits`: a count with its noun in the right number.
func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
  "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
