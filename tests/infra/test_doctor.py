"""`text2db doctor` sees the real services and names the fix for what is missing."""

from __future__ import annotations

from pathlib import Path

from text2db.config import Settings
from text2db.infra.doctor import run_checks


def by_name(settings: Settings) -> dict:
    return {check.name: check for check in run_checks(settings)}


def test_doctor_reports_running_broker_and_postgres(kafka_bootstrap: str, tmp_path: Path) -> None:
    checks = by_name(Settings(bootstrap_servers=kafka_bootstrap, home=tmp_path))
    assert checks["kafka"].ok and kafka_bootstrap in checks["kafka"].detail
    assert checks["postgresql"].ok


def test_doctor_names_the_fix_when_no_stack(tmp_path: Path) -> None:
    checks = by_name(Settings(home=tmp_path, db_url=f"sqlite:///{tmp_path}/x/demo.sqlite"))
    assert not checks["kafka"].ok and checks["kafka"].fix == "text2db stack up"
    assert checks["target db"].ok  # created on first use
    assert not checks["s3rver (durable mode)"].ok


def test_doctor_gives_the_ddl_of_the_link_indexes_a_job_lacks(tmp_path: Path) -> None:
    # Issue 14: without consent text2db creates no index, and `text2db doctor` documents them.
    from sqlalchemy import create_engine, text

    from text2db.planner.api import make_plan
    from text2db.planner.store import save_plan

    url = f"sqlite:///{tmp_path / 'target.sqlite'}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth_date TEXT)"))
        conn.execute(text("INSERT INTO person (name) VALUES ('Ada Lovelace'), ('Marie Curie')"))
    settings = Settings(home=tmp_path, db_url=url, link_indexes=False, llm_base_url=None)
    plan = make_plan(engine, "Fill in the missing birth dates of the people.", "people", settings, llm=False, simulate=False).plan
    save_plan(engine, plan)
    check = by_name(settings)["link indexes of job people"]
    assert not check.ok and "TEXT2DB_LINK_INDEXES=false" in check.detail
    assert check.fix.startswith("CREATE INDEX IF NOT EXISTS text2db_ix_sq_") and " ON person " in check.fix
    with engine.begin() as conn:  # what a DBA runs
        for statement in check.fix.split("; "):
            conn.execute(text(statement))
    assert by_name(settings)["link indexes of job people"].ok
    engine.dispose()


def test_doctor_prints_its_checks_as_json_for_a_script(tmp_path: Path) -> None:
    import json
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXT2DB_")} | {
        "TEXT2DB_HOME": str(tmp_path), "TEXT2DB_DB_URL": f"sqlite:///{tmp_path}/x/demo.sqlite"}
    done = subprocess.run([str(Path(sys.executable).with_name("text2db")), "doctor", "--json"], capture_output=True,
                          text=True, env=env, timeout=120)
    checks = {c["name"]: c for c in json.loads(done.stdout)}
    assert checks["kafka"] == {"name": "kafka", "ok": False, "detail": "no local stack", "fix": "text2db stack up"}
    assert checks["target db"]["ok"] and done.returncode == 1  # no broker: the exit code says so, as without --json


def test_doctor_says_the_installed_llm_is_started_when_needed_and_names_the_install_when_absent(tmp_path: Path) -> None:
    from text2db.infra import llm

    bare = by_name(Settings(home=tmp_path / "bare", db_url=f"sqlite:///{tmp_path}/x.sqlite"))
    assert not bare["llm server"].ok and bare["llm server"].fix == "make llm"
    home = tmp_path / "home"
    (home / "models").mkdir(parents=True)
    (home / "models" / llm.MODEL_FILE).write_bytes(b"")  # installed; its server is down
    installed = by_name(Settings(home=home, db_url=f"sqlite:///{tmp_path}/x.sqlite"))
    assert installed["llm model"].ok and installed["llm server"].ok
    assert "start it when they need it" in installed["llm server"].detail
