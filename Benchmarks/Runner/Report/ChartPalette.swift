/// One color and legend name per variant, the same in every chart.
enum ChartPalette {
    private static let named: [String: String] = [
        "Tracking": "#1f77b4",  // blue
        "Observation": "#ff7f0e",  // orange
        "Publishing": "#d62728",  // red
        "plain": "#7f7f7f",  // grey
    ]
    private static let others = ["#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22"]

    private static let strategies: [String: String] = [
        "Tracking": "Tracking (fine-grained)",
        "Observation": "Observation (Apple's)",
        "Publishing": "Publishing (whole-object)",
        "plain": "plain property",
    ]

    /// The legend's name for a variant: the strategy it stands for.
    static func legendLabel(for variant: String) -> String {
        strategies[variant] ?? variant
    }

    /// The variant's color; unnamed variants take the others in turn by
    /// their position among the chart's series.
    static func color(for variant: String, index: Int) -> String {
        named[variant] ?? others[index % others.count]
    }
}
