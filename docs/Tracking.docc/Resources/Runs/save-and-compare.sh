# Write results.json, report.md and the SVG charts into a folder.
swift run -c release benchmarks render --output before

# ... change the code, then compare a new run with the saved one. Changes
# of more than 10% in both the median and the minimum are flagged.
swift run -c release benchmarks render --output after --compare before/results.json
