"""Kafka stages: the extractor consumer (documents -> extractions) and the integrator consumer
(extractions -> target database), with dead letters, replay, publishing and lag."""
