"""Extraction tools behind one interface (spaCy NER, fine-tuned span extractor, label
classifier, LLM) and the router that picks one per request; every value grounded in the text."""
