// tgt-bench-print: a Swift program that only prints one line, the floor of `tgt --version`'s
// cold start (process start, the Swift runtime, one write) in `tgt-bench startup`.
print("tgt-bench-print 1.0")
