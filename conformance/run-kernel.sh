#!/bin/bash
# Run one mountcheck scenario file on the live kernel, safely, and show what happened.
#
# usage: conformance/run-kernel.sh [-q] FILE
#
# The scenario runs as the kernel runner does it: a fresh `unshare -Urm` (private propagation),
# `/` remounted read-only, a clean environment, bash reading the (instrumented) script on
# stdin so that `unshare -m` / `unshare -Urm` lines continue the rest of the file in a new
# namespace. Nothing outside the throw-away namespaces is touched; /proc/sys is never written.
#
# Output:
#   FILE:LINE: COMMAND: ERRNO        for every command that failed (errno of its last failed
#                                    mount/umount/mkdir/unshare syscall, seen with strace)
#   == ns N: K mounts ==             then the mountinfo lines of that namespace for mounts the
#                                    scenario created (devices that did not exist at the start),
#                                    outermost namespace first, the final namespace last.
#   -q prints counts only.
set -u
quiet=0
if [ "${1:-}" = -q ]; then quiet=1; shift; fi
file=${1:?usage: run-kernel.sh [-q] FILE}
[ -r "$file" ] || { echo "cannot read $file" >&2; exit 2; }

instrumented=$(mktemp)
trap 'rm -f "$instrumented"' EXIT
{
  cat <<'PROLOGUE'
__run() {
  local line=$1 cmd=$2 rc errno
  errno=$( { strace -f -qq -e trace=mount,umount2,mkdir,mkdirat,unshare -e status=failed \
      -o '|cat >&3' bash -c "$cmd" >/dev/null 2>/dev/null; echo "rc=$?" >&3; } 3>&1 )
  rc=${errno##*rc=}
  # mount(8) exits 16 when the mount worked but /run/mount/utab could not be updated (it
  # tries for --move, and / is read-only here): that is a success for the kernel.
  if [ "$rc" = 16 ] && [ "${cmd%% *}" = mount ]; then rc=0; fi
  if [ "$rc" != 0 ]; then
    errno=$(printf '%s\n' "$errno" | grep -v '^[0-9]* mkdir("/run/mount"' \
      | grep -o '= -1 E[A-Z]*' | tail -n 1 | cut -c 6-)
    echo "$__FILE:$line: $cmd: ${errno:-exit status $rc}"
  fi
}
__report() {
  local p n=0
  for p in $__NS_PIDS $$; do
    n=$((n + 1))
    awk -v devs=" $__BASE_DEVS " -v ns="$n" -v pid="$p" -v quiet="$__QUIET" '
      index(devs, " " $3 " ") == 0 && ($5 == "/mnt" || substr($5, 1, 5) == "/mnt/") {
        lines[++k] = $0 }
      END { printf "== ns %d: %d mounts ==\n", ns, k
            if (quiet == 0) for (i = 1; i <= k; i++) print lines[i] }' "/proc/$p/mountinfo"
  done
}
export -f __run __report
export __BASE_DEVS=$(awk '{print $3}' /proc/self/mountinfo | sort -u | tr '\n' ' ')
export __NS_PIDS=
PROLOGUE
  printf 'export __FILE=%q __QUIET=%q\n' "$file" "$quiet"
  n=0
  while IFS= read -r l || [ -n "$l" ]; do
    n=$((n + 1))
    t=${l#"${l%%[![:space:]]*}"}
    case $t in
      '' | '#'*) ;;
      unshare\ *) printf 'export __NS_PIDS="$__NS_PIDS $$"\n%s\n' "$t" ;;
      *) printf '__run %d %q\n' "$n" "$t" ;;
    esac
  done < "$file"
  echo '__report'
} > "$instrumented"

timeout 20 unshare -Urm env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin SHELL=/bin/bash \
  HOME=/nonexistent LC_ALL=C bash --norc --noprofile \
  -c 'mount -o remount,bind,ro / && cd / && exec bash --norc --noprofile' < "$instrumented"
