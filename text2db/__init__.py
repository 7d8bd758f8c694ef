"""text2db: documents on Kafka become validated rows in a target database.

The repository's top-level folders are this package's subpackages (see pyproject.toml):
schemas/ (message and plan contracts), consumers/ (Kafka stages), planner/ (observer, planner,
analyzer), extractors/ (models and the LLM router), integrators/ (normalize, link, upsert),
quality/ (benchmark runner and scorer), infra/ (local broker and LLM server).
"""

__version__ = "0.1.0"

import warnings

# text2db's link indexes (integrators/keyindex.py) are expression indexes, which SQLAlchemy's
# reflection skips with a warning on every observe and batch: they are ours and need no
# reflecting, so the warning would only bury real ones in the logs.
warnings.filterwarnings("ignore", message=r"Skipped unsupported reflection of expression-based index text2db_")
