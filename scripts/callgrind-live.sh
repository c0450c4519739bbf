#!/usr/bin/env bash
# Counts the instructions one interactive client spends per live message (callgrind), as the
# bench's "CPU of each tteok client per live message" row loads it: a shared `tteok serve` on a
# fresh store, the client (`--socket … --channel lobby`, 100×30) in tmux under callgrind, and
# another member posting messages one by one, each waited for on the client's screen. Counting
# starts once the client is quiet (callgrind_control -z) and ends after the last message
# (callgrind_control -d), so start-up is not in the figure.
#
#   scripts/callgrind-live.sh [MESSAGES] [OUT_DIR]   (needs .build/release/tteok, valgrind, tmux)
#   CPU_ONLY=1 scripts/callgrind-live.sh …   the client without valgrind: its user and system CPU
#                                            time per message from /proc (10 ms ticks).
#   PERF=1 / STRACE=1 (with CPU_ONLY=1)      perf record / strace the client while it counts
#                                            (STRACE_ARGS: strace's options, default `-f -c`).
set -euo pipefail
cd "$(dirname "$0")/.."
messages=${1:-100}
out=${2:-/tmp/tteok-callgrind-live}
binary=${TTEOK:-$PWD/.build/release/tteok}
session=tteok-cg-$$
tool="valgrind --tool=callgrind --callgrind-out-file=$out/callgrind.out"
[[ -n ${CPU_ONLY:-} ]] && tool=""
# utime and stime (fields 14 and 15 of /proc/PID/stat; the name has no spaces here), and the
# nanoseconds on CPU of every thread now (schedstat: exact, where the ticks are sampled).
cpu_ticks() { awk '{ print $14, $15 }' "/proc/$1/stat"; }
cpu_nanoseconds() { cat /proc/"$1"/task/*/schedstat | awk '{ total += $1 } END { printf "%d", total }'; }
rm -rf "$out"
mkdir -p "$out/viewer" "$out/poster"
chmod 700 "$out"
socket=$out/s.sock

home_env() {
    echo "HOME=$1 XDG_STATE_HOME=$1/state XDG_DATA_HOME=$1/data XDG_CONFIG_HOME=$1/config XDG_CACHE_HOME=$1/cache TERM=xterm-256color LANG=C.UTF-8"
}
as() { local home=$1; shift; env $(home_env "$home") "$binary" "$@"; }

# Waits up to $2 seconds (default 60) for the shell condition $1.
wait_for() {
    local deadline=$((SECONDS + ${2:-60}))
    until eval "$1"; do
        if ((SECONDS >= deadline)); then echo "timed out waiting for: $1" >&2; return 1; fi
        sleep 0.05
    done
}

# The client's screen has stayed the same for a second.
wait_quiet() {
    local last="" same=0 deadline=$((SECONDS + 120))
    while ((same < 10)); do
        local now
        now=$(tmux capture-pane -p -t "$session")
        if [[ $now == "$last" ]]; then same=$((same + 1)); else same=0; last=$now; fi
        if ((SECONDS >= deadline)); then echo "client did not go quiet" >&2; return 1; fi
        sleep 0.1
    done
}

cleanup() {
    tmux capture-pane -p -t "$session" >"$out/screen.txt" 2>/dev/null || true
    tmux kill-session -t "$session" 2>/dev/null || true
    [[ -n ${serve:-} ]] && kill "$serve" 2>/dev/null || true
}
trap cleanup EXIT

"$binary" serve --store "$out/store.sqlite" --socket "$socket" 2>"$out/serve.log" &
serve=$!
wait_for "[[ -S $socket ]]" 30
echo "viewer password" | as "$out/viewer" signup --socket "$socket" --email viewer@example.com --password-stdin \
    --nickname 뷰어 --region 마포구 --accept-terms >/dev/null
echo "poster password" | as "$out/poster" signup --socket "$socket" --email poster@example.com --password-stdin \
    --nickname 포스터 --region 마포구 --accept-terms >/dev/null
# A full screen of history first, as on the bench's channel.
for i in $(seq 1 40); do echo "history $i 떡볶이 먹으러 갈 사람?"; done | as "$out/poster" post --socket "$socket" lobby >/dev/null

tmux new-session -d -s "$session" -x 100 -y 30 \
    "echo \$\$ >$out/client.pid; exec env $(home_env "$out/viewer") $tool $binary --socket $socket --channel lobby 2>$out/client.err"
# The chat opens at the first unread message: End follows the newest, as the bench's viewer does.
wait_for "tmux capture-pane -p -t $session | grep -q 'history 1 '" 120
tmux send-keys -t "$session" End
wait_for "tmux capture-pane -p -t $session | grep -q 'history 40 '" 60
wait_quiet
client=$(cat "$out/client.pid")
switches() { cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ { total += $2 } END { printf "%d", total }'; }
if [[ -n ${PERF:-} ]]; then perf record -q -e cpu-clock -F 4999 -g -p "$client" -o "$out/perf.data" 2>/dev/null & tracer=$!; sleep 1; fi
if [[ -n ${STRACE:-} ]]; then strace ${STRACE_ARGS:--f -c} -o "$out/strace.txt" -p "$client" 2>/dev/null & tracer=$!; sleep 1; fi
if [[ -n ${CPU_ONLY:-} ]]; then read -r user0 system0 < <(cpu_ticks "$client"); ns0=$(cpu_nanoseconds "$client"); cs0=$(switches "$client"); else callgrind_control -z "$client" >/dev/null; fi
for i in $(seq 1 "$messages"); do
    as "$out/poster" post --socket "$socket" lobby "cpu $i 떡볶이 먹으러 갈 사람?" >/dev/null
    wait_for "tmux capture-pane -p -t $session | grep -q 'cpu $i 떡'" 30
done
wait_quiet
if [[ -n ${STRACE:-}${PERF:-} ]]; then kill -INT "$tracer"; wait "$tracer" || true; fi
if [[ -n ${CPU_ONLY:-} ]]; then
    read -r user1 system1 < <(cpu_ticks "$client")
    ns1=$(cpu_nanoseconds "$client")
    cs1=$(switches "$client")
    echo "per message: $(((cs1 - cs0) / messages)) context switches (all threads)"
    ticks=$(getconf CLK_TCK)
    awk -v u=$((user1 - user0)) -v s=$((system1 - system0)) -v n="$messages" -v t="$ticks" \
        'BEGIN { printf "per message: user %.3f ms, system %.3f ms\n", u * 1000 / t / n, s * 1000 / t / n }'
    awk -v d=$((ns1 - ns0)) -v n="$messages" 'BEGIN { printf "per message: %.3f ms on CPU (schedstat, all threads)\n", d / 1e6 / n }'
else
    callgrind_control -d "$client" >/dev/null
fi
tmux send-keys -t "$session" C-c
wait_for "! tmux has-session -t $session 2>/dev/null" 30 || true
ls "$out"/callgrind.out*
