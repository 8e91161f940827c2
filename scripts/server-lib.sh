# server-lib.sh: the lifecycle shared by llm-server.sh and embed-server.sh
# (start in the background, wait until ready, stop, status), sourced by both.
#
# The sourcing script sets NAME (message prefix), MODEL (the id the server
# reports at /v1/models), PORT_VAR (the variable that moves the port), HOST,
# PORT, BASE_URL, PIDFILE, RUN_LOG, TIMEOUT, PYTHON, and defines:
#   log, die, need    its messages and checks
#   do_install        install everything (idempotent)
#   is_ours CMDLINE   true when a process command line is this server's
#   preflight         check settings before a start
#   launch            start the server in the background (nohup … &) with
#                     output to RUN_LOG; do_start takes its pid from $!
#   launch_desc       what to log about the started server

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
    if healthy; then ready_line; return; fi
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
      echo "$NAME: the server exited during startup. Last lines of $RUN_LOG:" >&2
      tail -n 40 "$RUN_LOG" | sed 's/^/  | /' >&2
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
