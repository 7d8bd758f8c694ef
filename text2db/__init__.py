"""text2db: documents on Kafka become validated rows in a target database.

The repository's top-level folders are this package's subpackages (see pyproject.toml):
schemas/ (message and plan contracts), consumers/ (Kafka stages), planner/ (observer, planner,
analyzer), extractors/ (models and the LLM router), integrators/ (normalize, link, upsert),
quality/ (benchmark runner and scorer), infra/ (local broker and LLM server).
"""

__version__ = "0.1.0"
