/// Which rows of a list fit in a height, keeping the selected row in view.
enum ListScroll {
    /// The first row to draw so that `selected` is visible in `height` rows.
    static func offset(selected: Int, count: Int, height: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        return min(max(0, selected - height + 1), count - height)
    }
}
