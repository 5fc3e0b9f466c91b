"""The production set-up (docs/deploy.md): Dockerfile, deploy/compose.yaml, deploy/Caddyfile and
deploy/nginx.conf, checked statically (no Docker, no network), and the two things of the app they rely on:
`GET /api/health` and `cetate serve --workers/--redis-url`."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SERVICES = ("postgres", "redis", "cetate", "proxy")


# --- helpers -------------------------------------------------------------------------------------------

def compose_defaults(value: str) -> str:
    """A compose value as `docker compose` reads it with none of the variables set: ${X:-default} and
    ${X-default} give their default, ${X} and $X nothing."""
    value = re.sub(r"\$\{[A-Za-z_][A-Za-z0-9_]*:?-([^}]*)\}", r"\1", value)
    value = re.sub(r"\$\{[A-Za-z_][A-Za-z0-9_]*\}", "", value)
    return re.sub(r"\$(?!\$)[A-Za-z_][A-Za-z0-9_]*", "", value).replace("$$", "$")


def as_words(command) -> list[str]:
    """A compose command or healthcheck test, list or string form, as its words."""
    if isinstance(command, str):
        return shlex.split(command)
    return [str(word) for word in command]


def environment(service: dict) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) if "=" in item else (item, "") for item in env)
    return {key: compose_defaults(str(value)) for key, value in env.items()}


def healthcheck_text(service: dict) -> str:
    test = (service.get("healthcheck") or {}).get("test")
    assert test, f"no healthcheck test in {service}"
    words = as_words(test)
    if words and words[0] in ("CMD", "CMD-SHELL"):
        words = words[1:]
    return " ".join(words)


def caddy_defaults(text: str) -> str:
    """A Caddyfile with every {$NAME:default} replaced by its default (and {$NAME} by nothing)."""
    text = re.sub(r"\{\$[A-Za-z_][A-Za-z0-9_]*:([^}]*)\}", r"\1", text)
    return re.sub(r"\{\$[A-Za-z_][A-Za-z0-9_]*\}", "", text)


def without_comments(text: str) -> str:
    return "\n".join(re.sub(r"(^|\s)#.*$", "", line) for line in text.splitlines())


def nginx_blocks(text: str) -> list:
    """nginx configuration as a tree: a list of (name, args, children), children None for a simple
    directive. Enough of the grammar for deploy/nginx.conf: words, quoted strings, `;`, `{` and `}`."""
    tokens = re.findall(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|[{};]|[^\s{};"\']+', without_comments(text))
    stack: list[list] = [[]]
    words: list[str] = []
    for token in tokens:
        if token == ";":
            stack[-1].append((words[0], words[1:], None))
            words = []
        elif token == "{":
            block = (words[0], words[1:], [])
            stack[-1].append(block)
            stack.append(block[2])
            words = []
        elif token == "}":
            assert not words, f"unterminated directive {words}"
            stack.pop()
            assert stack, "unbalanced }"
        else:
            words.append(token.strip("\"'"))
    assert len(stack) == 1 and not words, "unbalanced braces in nginx.conf"
    return stack[0]


def walk(tree: list):
    for name, args, children in tree:
        yield name, args, children
        if children is not None:
            yield from walk(children)


def seconds(value: str) -> float:
    """An nginx time (`90`, `75s`, `30m`, `12h`, `1d`, `1h30m`) in seconds."""
    units = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800, "M": 2592000, "y": 31536000}
    parts = re.findall(r"(\d+)(ms|s|m|h|d|w|M|y)?", value)
    assert parts and "".join(n + u for n, u in parts) == value, f"not an nginx time: {value}"
    return sum(int(n) * units[u or "s"] for n, u in parts)


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined, comments dropped."""
    lines, current = [], ""
    for raw in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not current and (not line or line.startswith("#")):
            continue
        if line.startswith("#"):
            continue
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        current += line
        if current.strip():
            lines.append(current.strip())
        current = ""
    out = []
    for line in lines:
        word, _, rest = line.partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


def exec_words(arguments: str) -> list[str]:
    """CMD/ENTRYPOINT arguments, exec (JSON) or shell form, as words."""
    if arguments.startswith("["):
        return [str(word) for word in json.loads(arguments)]
    return shlex.split(arguments)


# --- compose.yaml --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def compose() -> dict:
    doc = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    assert isinstance(doc, dict) and isinstance(doc.get("services"), dict)
    return doc


def test_compose_has_the_four_services(compose):
    assert set(SERVICES) <= set(compose["services"])
    assert str(compose["services"]["postgres"]["image"]).startswith("postgres:16")
    assert str(compose["services"]["redis"]["image"]).startswith("redis:7")
    assert str(compose["services"]["proxy"]["image"]).startswith("caddy:2")


def test_compose_builds_the_app_from_the_repository(compose):
    build = compose["services"]["cetate"]["build"]
    context = build if isinstance(build, str) else build.get("context", ".")
    dockerfile = "Dockerfile" if isinstance(build, str) else build.get("dockerfile", "Dockerfile")
    assert ((DEPLOY / context).resolve() / dockerfile) == (ROOT / "Dockerfile").resolve()


def test_the_app_serves_with_several_workers_on_every_interface(compose):
    words = as_words(compose["services"]["cetate"]["command"])
    assert words[:2] == ["cetate", "serve"], words
    assert "--workers" in words and int(words[words.index("--workers") + 1]) > 1
    assert "--host" in words and words[words.index("--host") + 1] == "0.0.0.0"
    if "--port" in words:
        assert words[words.index("--port") + 1] == "8000"


def test_the_app_finds_postgres_and_redis_by_service_name(compose):
    env = environment(compose["services"]["cetate"])
    database = urlsplit(env["CETATE_DATABASE_URL"])
    assert database.scheme in ("postgresql", "postgres") or database.scheme.startswith("postgresql+")
    assert database.hostname == "postgres" and database.port in (None, 5432)
    redis = urlsplit(env["CETATE_REDIS_URL"])
    assert redis.scheme == "redis" and redis.hostname == "redis" and redis.port in (None, 6379)
    # the database the app names is the one the postgres service creates, with the same user and password
    pg = environment(compose["services"]["postgres"])
    assert database.username == pg["POSTGRES_USER"] and database.password == pg["POSTGRES_PASSWORD"]
    assert database.path.lstrip("/") == pg.get("POSTGRES_DB", pg["POSTGRES_USER"])


def test_the_app_trusts_the_proxy_and_knows_its_public_url(compose):
    env = environment(compose["services"]["cetate"])
    assert env.get("FORWARDED_ALLOW_IPS")
    assert "CETATE_PUBLIC_URL" in env


def test_the_app_waits_for_healthy_postgres_and_redis(compose):
    depends = compose["services"]["cetate"]["depends_on"]
    assert isinstance(depends, dict), "depends_on needs the long form to carry conditions"
    for name in ("postgres", "redis"):
        assert depends[name]["condition"] == "service_healthy"


def test_healthchecks(compose):
    services = compose["services"]
    assert "pg_isready" in healthcheck_text(services["postgres"])
    assert "redis-cli" in healthcheck_text(services["redis"]) and "ping" in healthcheck_text(services["redis"])
    app_check = healthcheck_text(services["cetate"])
    assert "/api/health" in app_check
    assert "curl" not in app_check.split()[0], "python:3.12-slim has no curl"


def test_only_the_proxy_is_published(compose):
    services = compose["services"]
    for name in ("postgres", "redis", "cetate"):
        assert not services[name].get("ports"), f"{name} must not be reachable from outside"
    published = {str(port).split(":")[-2] if str(port).count(":") else str(port)
                 for port in services["proxy"]["ports"]}
    assert {"80", "443"} <= published


def test_the_proxy_mounts_the_caddyfile(compose):
    proxy = compose["services"]["proxy"]
    sources = []
    for volume in proxy.get("volumes") or []:
        if isinstance(volume, dict):
            sources.append((volume.get("source", ""), volume.get("target", "")))
        else:
            source, _, rest = str(volume).partition(":")
            sources.append((source, rest.split(":")[0]))
    mounted = [(s, t) for s, t in sources if s.endswith("Caddyfile")]
    assert mounted, sources
    source, target = mounted[0]
    assert (DEPLOY / source).resolve() == (DEPLOY / "Caddyfile").resolve() and (DEPLOY / "Caddyfile").is_file()
    assert target == "/etc/caddy/Caddyfile"
    depends = proxy.get("depends_on")
    assert "cetate" in (depends if isinstance(depends, list | dict) else [])


def test_named_volumes_are_declared(compose):
    declared = set(compose.get("volumes") or {})
    for service in compose["services"].values():
        for volume in service.get("volumes") or []:
            source = volume.get("source", "") if isinstance(volume, dict) else str(volume).split(":")[0]
            if source and not source.startswith((".", "/", "~")):
                assert source in declared, f"volume {source} is not declared"


# --- Dockerfile ----------------------------------------------------------------------------------------

def test_dockerfile_runs_cetate_serve_as_a_user_on_port_8000():
    instructions = dockerfile_instructions()
    stages = [i for i, (word, _) in enumerate(instructions) if word == "FROM"]
    assert stages and instructions[stages[0]][1].split()[0].startswith("python:3.12-slim")
    final = instructions[stages[-1]:]  # what the image runs is decided by the last stage
    assert final[0][1].split()[0].startswith("python:3.12-slim")
    users = [args for word, args in final if word == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0"), users
    exposed = {port.split("/")[0] for word, args in final if word == "EXPOSE" for port in args.split()}
    assert "8000" in exposed
    command = [w for word, args in final if word in ("ENTRYPOINT", "CMD") for w in exec_words(args)]
    assert "cetate" in command and command[command.index("cetate") + 1] == "serve", command
    assert "0.0.0.0" in command


def test_the_image_installs_the_package_and_ships_the_browser_client():
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert re.search(r"pip install[^\n]* \.(\s|$)", text), "install the package from the source tree"
    # the wheel's package data must carry the client, or the Dockerfile must copy it beside the package
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    packaged = all(f'"*.{ext}"' in pyproject for ext in ("html", "js", "css"))
    assert packaged or "src/cetate/web" in text


def test_dockerignore_keeps_local_state_out():
    ignored = {line.strip().rstrip("/") for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")}
    for entry in (".venv", "data", ".git", "reports", "docs/screenshots"):
        assert entry in ignored, entry
    assert ignored & {"__pycache__", "**/__pycache__"} and ignored & {"node_modules", "**/node_modules"}


# --- Caddyfile -----------------------------------------------------------------------------------------

def test_caddyfile_balances_over_the_app_with_health_checks():
    raw = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    assert "{$CETATE_DOMAIN:localhost}" in raw
    text = without_comments(caddy_defaults(raw))
    assert text.count("{") == text.count("}")
    proxy = re.search(r"reverse_proxy([^\n{]*)\{(.*?)\n\t?\}", text, re.S)
    assert proxy, "no reverse_proxy block"
    inline, body = proxy.group(1), proxy.group(2)
    upstreams = inline.split() + [w for line in body.splitlines() if line.split()[:1] == ["to"]
                                  for w in line.split()[1:]]
    assert "cetate:8000" in upstreams, upstreams
    assert re.search(r"^\s*health_uri\s+/api/health\s*$", body, re.M)
    assert re.search(r"^\s*lb_policy\s+\S+", body, re.M)


# --- nginx.conf ----------------------------------------------------------------------------------------

def test_nginx_conf_proxies_websockets_for_hours():
    tree = nginx_blocks((DEPLOY / "nginx.conf").read_text(encoding="utf-8"))
    upstreams = {args[0]: children for name, args, children in walk(tree) if name == "upstream"}
    assert upstreams, "no upstream block"
    name, servers = next(iter(upstreams.items()))
    assert sum(1 for directive, _, _ in servers if directive == "server") >= 2

    ws = [children for directive, args, children in walk(tree)
          if directive == "location" and args and args[-1].startswith("/ws")]
    assert ws, "no location for /ws/"
    directives = [(directive, args) for directive, args, _ in ws[0]]
    assert ("proxy_pass", [f"http://{name}"]) in directives
    assert ("proxy_http_version", ["1.1"]) in directives
    headers = {args[0].lower(): args[1:] for directive, args in directives if directive == "proxy_set_header"}
    assert headers["upgrade"] == ["$http_upgrade"]
    assert "connection" in headers and headers["connection"][0] in ("$connection_upgrade", "upgrade", "Upgrade")
    assert "x-forwarded-for" in headers and "x-forwarded-proto" in headers
    timeouts = [seconds(args[0]) for directive, args in directives if directive == "proxy_read_timeout"]
    assert timeouts and timeouts[0] >= 3600

    root = [children for directive, args, children in walk(tree) if directive == "location" and args == ["/"]]
    assert root and ("proxy_pass", [f"http://{name}"]) in [(d, a) for d, a, _ in root[0]]


# --- docs/deploy.md ------------------------------------------------------------------------------------

def test_the_guide_names_the_pieces():
    guide = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    for word in ("compose.yaml", "Caddyfile", "nginx.conf", "--workers", "CETATE_REDIS_URL", "/api/health",
                 "FORWARDED_ALLOW_IPS", "pg_dump", "cetate loadtest --url"):
        assert word in guide, word


# --- what the set-up needs from the app ----------------------------------------------------------------

def test_the_app_has_the_health_route():
    from cetate.server import api

    paths = {getattr(route, "path", None) for route in api.router.routes}
    assert "/api/health" in paths or "/health" in paths, paths


def test_serve_takes_workers_and_redis_url():
    from cetate.cli import app

    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    assert "--workers" in result.output and "--redis-url" in result.output
