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
