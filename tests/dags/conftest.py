"""Fixtures for the Airflow DAG tests: a throwaway AIRFLOW_HOME on SQLite (migrated once per
session), the DagBag of dags/, and `run_dag`, which runs one DAG with
`dag.test()` and returns each task's state and XCom.

Airflow reads its configuration when it is first imported, so the environment is set here, at
import time, before any test module imports airflow."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
DAGS = REPO / "dags"
_HOME = Path(tempfile.mkdtemp(prefix="t2d-airflow-"))
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)

os.environ["AIRFLOW_HOME"] = str(_HOME)
os.environ["AIRFLOW__CORE__DAGS_FOLDER"] = str(DAGS)
os.environ["AIRFLOW__CORE__LOAD_EXAMPLES"] = "False"
os.environ["AIRFLOW__DATABASE__SQL_ALCHEMY_CONN"] = f"sqlite:///{_HOME / 'airflow.db'}"
os.environ["AIRFLOW__LOGGING__LOGGING_LEVEL"] = "WARNING"
os.environ.setdefault("TQDM_DISABLE", "1")


@pytest.fixture(scope="session")
def airflow_db() -> Path:
    """Airflow's metadata database, migrated once (about 6 s)."""
    airflow = Path(sys.executable).parent / "airflow"
    done = subprocess.run([str(airflow), "db", "migrate"], capture_output=True, text=True, env=os.environ.copy())
    assert done.returncode == 0, done.stderr[-2000:]
    return _HOME


@pytest.fixture(scope="session")
def dagbag() -> Any:
    from airflow.dag_processing.dagbag import DagBag

    return DagBag(dag_folder=str(DAGS))


@dataclass
class DagResult:
    state: str
    tasks: dict[str, str]
    xcom: dict[str, Any]
    run_id: str


@pytest.fixture
def run_dag(airflow_db: Path, dagbag: Any, monkeypatch: pytest.MonkeyPatch):
    """run_dag(dag_id, conf, connections={conn_id: json}, variables={key: value}) -> DagResult.

    Connections and variables go in as AIRFLOW_CONN_* / AIRFLOW_VAR_* environment variables,
    the way a deployment may also set them; tasks run in this process (no executor)."""
    import json

    def run(dag_id: str, conf: dict[str, Any] | None = None, connections: dict[str, dict[str, Any]] | None = None,
            variables: dict[str, Any] | None = None) -> DagResult:
        for conn_id, spec in (connections or {}).items():
            monkeypatch.setenv(f"AIRFLOW_CONN_{conn_id.upper()}", json.dumps(spec))
        for key, value in (variables or {}).items():
            monkeypatch.setenv(f"AIRFLOW_VAR_{key.upper()}", value if isinstance(value, str) else json.dumps(value))
        dag = dagbag.dags.get(dag_id)
        assert dag is not None, dagbag.import_errors
        # In one process, dag.test() keeps the params a previous run's conf set (the task runner
        # reuses its parsed DAG): pass every param, defaults included, so no run inherits one.
        dagrun = dag.test(run_conf=dict(dag.params.dump()) | (conf or {}))
        tis = dagrun.get_task_instances()
        return DagResult(
            state=str(dagrun.state),
            tasks={ti.task_id: str(ti.state) for ti in tis},
            xcom={ti.task_id: ti.xcom_pull(task_ids=ti.task_id) for ti in tis},
            run_id=dagrun.run_id,
        )

    return run
