"""The CI workflow parses and runs the same commands as the README, so the two cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "site.yml"


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _readme_commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def test_workflow_triggers_on_data_and_generator_changes() -> None:
    flow = _workflow()
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads the bare key `on` as true
    for event in ("push", "pull_request"):
        paths = triggers[event]["paths"]
        for watched in ("data/**", "templates/**", "site_src/**", "mkdocs.yml", "generator/**"):
            assert watched in paths
    assert "workflow_dispatch" in triggers


def test_workflow_runs_the_readme_install_then_check_and_strict_build() -> None:
    steps = [s.get("run", "") for s in _workflow()["jobs"]["build"]["steps"]]
    install, build = _readme_commands()[0].rsplit(" && ", 1)
    at = next(i for i, run in enumerate(steps) if run.splitlines()[:1] == [install])
    assert at < steps.index("papersite check") < steps.index('papersite build --strict --site-url "$SITE_URL"')
    assert build.split()[:2] == ["papersite", "build"]


def test_workflow_runs_the_readme_tests_before_building_and_on_pull_requests() -> None:
    jobs = _workflow()["jobs"]
    assert _readme_commands()[1] in [s.get("run", "") for s in jobs["test"]["steps"]]
    assert jobs["build"]["needs"] == "test" and "build" in jobs["deploy"]["needs"]


def test_workflow_deploys_with_the_official_pages_actions() -> None:
    jobs = _workflow()["jobs"]
    uses = [s.get("uses", "") for job in jobs.values() for s in job["steps"]]
    assert any(u.startswith("actions/upload-pages-artifact@") for u in uses)
    assert any(u.startswith("actions/deploy-pages@") for u in uses)
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}


def test_ci_script_runs_the_readme_test_command() -> None:
    test_command = _readme_commands()[1]
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_workflow_commits_the_first_seen_dates_back_on_main_only() -> None:
    build = _workflow()["jobs"]["build"]
    step = next(s for s in build["steps"] if "data/.first-seen.json" in s.get("run", ""))
    assert "data/.topics.json" in step["run"]  # the topics the next build starts from
    assert "pull_request" in step["if"] and "refs/heads/main" in step["if"]
    assert "[skip ci]" in step["run"] and "git push" in step["run"]
    assert build["permissions"]["contents"] == "write"


def test_workflow_builds_with_the_pages_url_or_the_project_sites_address() -> None:
    steps = _workflow()["jobs"]["build"]["steps"]
    pages = next(s for s in steps if s.get("uses", "").startswith("actions/configure-pages@"))
    build = next(s for s in steps if s.get("run", "").startswith("papersite build"))
    assert steps.index(pages) < steps.index(build) and pages.get("continue-on-error") is True
    # The configured Pages URL (custom domains too), else https://OWNER.github.io/REPO/.
    url = build["env"]["SITE_URL"]
    assert f"steps.{pages['id']}.outputs.base_url" in url and "github.repository_owner" in url
    assert "github.event.repository.name" in url and '--site-url "$SITE_URL"' in build["run"]
    assert _workflow()["jobs"]["build"]["permissions"]["pages"] == "read"
