/// Order statistics of timing samples. Pure functions.
enum Statistics {
    /// The value at `fraction` (0...1) of `sorted`, interpolating linearly
    /// between neighbours; 0 for no samples.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return sorted[lower] * (1 - weight) + sorted[upper] * weight
    }

    static func median(_ values: [Double]) -> Double {
        percentile(values.sorted(), 0.5)
    }

    /// (p90 − min) / median: how far the samples spread, as a fraction of the
    /// median. A few percent on a quiet machine.
    static func spread(median: Double, p90: Double, minimum: Double) -> Double {
        median > 0 ? (p90 - minimum) / median : 0
    }

    /// (largest − smallest) / smallest of the per-round medians: how much the
    /// rounds of one run disagree, a preview of how much a rerun would.
    static func roundSpread(_ roundMedians: [Double]) -> Double {
        guard let low = roundMedians.min(), let high = roundMedians.max(), low > 0 else { return 0 }
        return (high - low) / low
    }

    /// The median of sample-by-sample ratios `samples[r][k] / reference[r][k]`
    /// (round r, sample k): samples taken back to back share the machine's
    /// load, so their ratio holds steadier than a ratio of medians when
    /// other processes come and go. Nil without pairs.
    static func pairedRatio(_ samples: [[Double]], to reference: [[Double]]) -> Double? {
        let ratios = zip(samples, reference).flatMap { round, referenceRound in
            zip(round, referenceRound).compactMap { value, base in base > 0 ? value / base : nil }
        }
        return ratios.isEmpty ? nil : median(ratios)
    }
}
