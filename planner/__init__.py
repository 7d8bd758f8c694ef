"""Observer (reads the target database), planner (instruction -> plan) and analyzer (checks a
plan against the schema and on simulated rows) - the plan is data, never executed code."""
