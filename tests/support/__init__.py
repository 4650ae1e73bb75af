"""Helpers shared by the tests and the benchmarks: a generated deck and a stand-in layout."""
