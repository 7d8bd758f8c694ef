"""Typed contracts shared by every stage: Kafka records (events), the extraction plan, the
observation of a target database. One place answers "what shape is this?"."""
