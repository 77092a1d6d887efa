# Every suite at its default sizes: a few minutes on a 2-core machine.
swift run -c release benchmarks

# One suite.
swift run -c release benchmarks micro

# The benchmarks whose identifier contains a text, here one operation on
# every variant.
swift run -c release benchmarks --filter "untracked read"

# Small sizes and short sampling, every correctness check: what CI runs.
swift run -c release benchmarks --quick
