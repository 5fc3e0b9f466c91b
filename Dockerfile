# cetate: the web server (REST API, WebSocket and browser client) in one image.
#
#   docker build -t cetate .
#   docker run -p 8000:8000 -v cetate-data:/data cetate           # embedded: one process, SQLite in /data
#
# For production (several workers, PostgreSQL, Redis and a reverse proxy) see docs/deploy.md and
# deploy/compose.yaml.

# --- build: a virtual environment with cetate and its dependencies ------------------------------------
FROM python:3.12-slim AS build

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN python -m venv /opt/cetate
ENV PATH=/opt/cetate/bin:$PATH

WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src

# The wheel carries the browser client (package data: the .html, .js and .css under src/cetate/web/); the
# build fails if it did not.
RUN pip install . \
 && python -c 'import cetate, pathlib, sys; sys.exit(not (pathlib.Path(cetate.__file__).resolve().parent / "web" / "index.html").is_file())'

# --- runtime: the environment only, run by an unprivileged user --------------------------------------
FROM python:3.12-slim

ENV PATH=/opt/cetate/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    CETATE_DATA_DIR=/data

RUN groupadd --system --gid 10001 cetate \
 && useradd --system --uid 10001 --gid cetate --home-dir /home/cetate --create-home \
            --shell /usr/sbin/nologin cetate \
 && mkdir -p /data \
 && chown cetate:cetate /data

COPY --from=build /opt/cetate /opt/cetate

USER cetate
WORKDIR /home/cetate

EXPOSE 8000

# slim has no curl: ask /api/health with the standard library (an HTTP error status raises, exit 1).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=4)"]

# Inside a container the app must listen on every interface, not on 127.0.0.1.
CMD ["cetate", "serve", "--host", "0.0.0.0", "--port", "8000"]
