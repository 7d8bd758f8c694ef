"""The TEXT2DB benchmark: runner (`text2db bench run`), scorer (`text2db bench score`) and
baselines, so that every change to the method is measured."""
