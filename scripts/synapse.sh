#!/usr/bin/env bash
# A throw-away Synapse homeserver for tteok's Matrix tests.
#
#   scripts/synapse.sh start   install (cached venv), configure, start, wait until it answers;
#                              prints the base URL and writes it to .build/synapse/url
#   scripts/synapse.sh stop    stop the server started from this checkout
#   scripts/synapse.sh url     print the URL of the running server (exit 1 if none)
#   scripts/synapse.sh kill    stop the server at once (SIGKILL), as a crash or power cut would
#   scripts/synapse.sh resume  start a stopped server again with its database and port kept
#                              (for tests that stop a homeserver and bring it back)
#
# The server binds 127.0.0.1 only, has no federation listener and makes no outbound
# requests. Registration is open, guests are allowed, rate limits are out of the way
# (see /work/shared/MATRIX-NOTES.md for why each setting is needed).
# Environment: TTEOK_SYNAPSE_VENV overrides the venv location; TTEOK_SYNAPSE_DATA the data
# directory (default .build/synapse), so a test can run a private server it may stop.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${TTEOK_SYNAPSE_DATA:-$ROOT/.build/synapse}"
VENV="${TTEOK_SYNAPSE_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/tteok-synapse-venv}"
PY="$VENV/bin/python"
START_DEADLINE=90

log() { echo "synapse.sh: $*" >&2; }

running_pid() {
    [[ -f "$DATA/pid" ]] || return 1
    local pid
    pid="$(cat "$DATA/pid")"
    kill -0 "$pid" 2>/dev/null || return 1
    # A stale file may name a pid reused by something else: only our homeserver counts.
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "synapse.app.homeserver -c $DATA/" || return 1
    echo "$pid"
}

answers() {
    curl -fsS --max-time 2 "$1/_matrix/client/versions" >/dev/null 2>&1
}

# The venv is shared by every checkout on the machine: install under a lock, once.
install_synapse() {
    mkdir -p "$(dirname "$VENV")"
    (
        flock 9
        if "$PY" -c 'import synapse' 2>/dev/null; then exit 0; fi
        log "installing matrix-synapse into $VENV (once; ~30 s)"
        ensure_venv_support
        rm -rf "$VENV"
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install --quiet --disable-pip-version-check matrix-synapse
    ) 9>"$VENV.lock"
}

# Debian's python3 makes venvs only with python3-venv installed (it provides ensurepip).
ensure_venv_support() {
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' || {
        log "Synapse needs Python 3.10 or newer; python3 is $(python3 --version 2>&1)"
        return 1
    }
    python3 -c 'import ensurepip' 2>/dev/null && return 0
    if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null; then
        log "installing python3-venv"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv </dev/null >&2
    else
        log "python3 cannot create virtual environments: run 'sudo apt-get install python3-venv' and try again"
        return 1
    fi
}

free_port() {
    "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

write_config() {
    local port="$1"
    mkdir -p "$DATA"
    if [[ ! -f "$DATA/homeserver.yaml" ]]; then
        (cd "$DATA" && "$PY" -m synapse.app.homeserver --server-name localhost \
            --config-path homeserver.yaml --data-directory "$DATA" \
            --generate-config --report-stats=no >/dev/null)
    fi
    local limit='{per_second: 10000, burst_count: 100000}'
    # Later config files override earlier ones key by key.
    cat >"$DATA/tteok.yaml" <<EOF
listeners:
  - port: $port
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: $DATA/homeserver.db
pid_file: $DATA/homeserver.pid
media_store_path: $DATA/media_store
public_baseurl: http://127.0.0.1:$port/
enable_registration: true
enable_registration_without_verification: true
allow_guest_access: true
allow_public_rooms_without_auth: true
allow_public_rooms_over_federation: false
room_list_publication_rules: [{action: allow}]
caches: {sync_response_cache_duration: 0}
bcrypt_rounds: 4
max_upload_size: 50M
trusted_key_servers: []
federation_domain_whitelist: []
suppress_key_server_warning: true
url_preview_enabled: false
report_stats: false
rc_message: $limit
rc_registration: $limit
rc_login:
  address: $limit
  account: $limit
  failed_attempts: $limit
rc_joins:
  local: $limit
  remote: $limit
rc_joins_per_room: $limit
rc_room_creation: $limit
rc_invites:
  per_room: $limit
  per_user: $limit
  per_issuer: $limit
rc_media_create: $limit
rc_reports: $limit
rc_presence:
  per_user: $limit
rc_delayed_event_mgmt: $limit
rc_3pid_validation: $limit
rc_admin_redaction: $limit
rc_user_directory: $limit
rc_profile: $limit
rc_key_requests: $limit
rc_third_party_invite: $limit
EOF
}

start() {
    local pid url
    if pid="$(running_pid)" && url="$(cat "$DATA/url" 2>/dev/null)" && answers "$url"; then
        log "already running (pid $pid)"
        echo "$url"
        return 0
    fi
    install_synapse
    local port
    port="$(free_port)"
    write_config "$port"
    # A fresh database each start: tests never see a previous run's rooms.
    rm -rf "$DATA/homeserver.db" "$DATA/homeserver.db-"* "$DATA/media_store" "$DATA/stdout.log"
    launch "http://127.0.0.1:$port"
}

# Starts the configured server again: same port, same database (what clients saw is still there).
resume() {
    local pid
    if pid="$(running_pid)"; then
        log "already running (pid $pid)"
        cat "$DATA/url"
        return 0
    fi
    local port
    port="$(sed -n 's/^  - port: //p' "$DATA/tteok.yaml" 2>/dev/null)"
    [[ -n "$port" ]] || { log "no server was configured in $DATA: use start"; return 1; }
    launch "http://127.0.0.1:$port"
}

# Runs the server in the background and waits until it answers at $1.
launch() {
    local url="$1" pid
    setsid "$PY" -m synapse.app.homeserver -c "$DATA/homeserver.yaml" -c "$DATA/tteok.yaml" \
        </dev/null >>"$DATA/stdout.log" 2>&1 &
    pid=$!
    echo "$pid" >"$DATA/pid"
    local deadline=$((SECONDS + START_DEADLINE))
    until answers "$url"; do
        if ! kill -0 "$pid" 2>/dev/null; then
            log "Synapse exited during start-up; last lines of $DATA/stdout.log:"
            tail -n 20 "$DATA/stdout.log" >&2
            rm -f "$DATA/pid"
            return 1
        fi
        if ((SECONDS > deadline)); then
            log "Synapse did not answer within ${START_DEADLINE}s; stopping it"
            stop
            return 1
        fi
        sleep 0.2
    done
    echo "$url" >"$DATA/url"
    log "running at $url (pid $pid)"
    echo "$url"
}

stop() {
    local pid
    if pid="$(running_pid)"; then
        kill "$pid"
        local deadline=$((SECONDS + 15))
        while kill -0 "$pid" 2>/dev/null; do
            if ((SECONDS > deadline)); then kill -9 "$pid" 2>/dev/null || true; break; fi
            sleep 0.1
        done
        log "stopped (pid $pid)"
    fi
    rm -f "$DATA/pid" "$DATA/url"
}

crash() {
    local pid
    if pid="$(running_pid)"; then
        kill -9 "$pid"
        while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
        log "killed (pid $pid)"
    fi
    rm -f "$DATA/pid" "$DATA/url"
}

case "${1:-}" in
    start) start ;;
    resume) resume ;;
    kill) crash ;;
    stop) stop ;;
    url) pid="$(running_pid)" && cat "$DATA/url" ;;
    *) echo "usage: $0 start|stop|kill|resume|url" >&2; exit 2 ;;
esac
