# Write results.json, report.md, report.html and the SVG charts into a folder.
swift run -c release benchmarks render --output before

# ... change the code, then compare a new run with the saved one. Changes
# of more than 10% in both the median and the minimum are flagged.
swift run -c release benchmarks render --output after --compare before/results.json

# In CI: count instructions, compare with a kept baseline, exit 3 on a
# regression past the thresholds (+5% instructions, +25% minimum time).
swift run -c release benchmarks micro --instructions --check-thresholds baseline/results.json
