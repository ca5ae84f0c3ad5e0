# The seeds' experiments on one kernel, in bash 5 with util-linux, coreutils' cat and perl (Debian's
# perl-base, for system calls without a compiler: util-linux's `umount -l` reads the whole of
# /proc/self/mountinfo first, which costs more than the umount itself on the overlap family, see
# docs/measurements.md §1b). Parameters come as P_* variables from a header the host writes above
# this text (mountcheck.experiments.seeds.SeedBenchScript). Every result is one line starting with
# "@@bench"; times are integer nanoseconds, from $EPOCHREALTIME (microseconds) in bash and from
# clock_gettime(CLOCK_MONOTONIC) in perl.
#
# On the host (P_HOST=1) the script runs inside a fresh `unshare -Urm`, makes / read-only and
# works only on tmpfs mounts at or below /mnt; it never writes /proc/sys. In a guest (P_HOST=0)
# it may set sysctls: the guest is thrown away after the run.

export LC_ALL=C
SCRIPT=$0

# $1 := now, in nanoseconds (microsecond resolution)
now() { printf -v "$1" '%s' "${EPOCHREALTIME/./}000"; }

# Perl programs that make system calls directly (x86-64 numbers: mount 165, umount2 166, unshare
# 272, clock_gettime 228; MNT_DETACH 2, CLONE_NEWIPC 0x08000000) and time them with
# CLOCK_MONOTONIC. No perl module is loaded.
PERL_CLOCK='my $ts = "\0" x 16;
sub now { syscall(228, 1, $ts) == 0 or die "clock_gettime: $!\n";
  my ($s, $n) = unpack("q<q<", $ts); return $s * 1000000000 + $n; }'
# umount2(ARGV[0], MNT_DETACH): prints "NANOSECONDS ERRNO"
PERL_DETACH="$PERL_CLOCK"'
my $t0 = now(); my $r = syscall(166, $ARGV[0], 2); my $e = $r == 0 ? 0 : $! + 0; my $t1 = now();
print $t1 - $t0, " $e\n";'
# ARGV[0] times unshare(CLONE_NEWIPC), the seed 002 loop; a mark every ARGV[1] calls
PERL_IPC="$PERL_CLOCK"'
my ($k, $every, $label) = @ARGV; my $t0 = now(); my $e = 0; my $i;
for ($i = 1; $i <= $k; $i++) {
  if (syscall(272, 0x08000000) != 0) { $e = $! + 0; last; }
  print "\@\@bench ipc-mark $label $i ", now() - $t0, "\n" if $i % $every == 0 && $i < $k;
}
my $t1 = now(); print "\@\@bench ipc $label $k ", $t1 - $t0, " ", ($i > $k ? $k : $i - 1), " $e\n";'
# ARGV[0] unshare(CLONE_NEWIPC) calls in one process at the ucount limit ARGV[1], waiting out
# ENOSPC: the loop sleeps 100 µs and tries again, as create_ipc_ns's flush_work of the pending frees
# does in the kernel from 6.3 (a80c4adcb574). Gives up after ARGV[2] seconds. Prints the time at
# which LIMIT namespaces were made (-1 if never), the end, and how many calls failed with ENOSPC.
PERL_IPC_WAIT="$PERL_CLOCK"'
my ($k, $limit, $cap) = @ARGV; my $t0 = now(); my ($made, $retries, $e, $tl) = (0, 0, 0, -1);
while ($made < $k) {
  if (syscall(272, 0x08000000) == 0) { $made++; $tl = now() - $t0 if $made == $limit; next; }
  $e = $! + 0; last if $e != 28 || now() - $t0 > $cap * 1000000000;
  $retries++; $e = 0; select(undef, undef, undef, 0.0001);
}
print "\@\@bench ipc-wait $limit $k $made ", now() - $t0, " $tl $retries $e\n";'
# ARGV[1] cycles of mount(2) of a tmpfs on ARGV[0] then umount2 (ARGV[2]: 0 or MNT_DETACH), the
# umount2 timed; 100 values per line. With ARGV[4], each cycle binds that directory instead of
# mounting a new tmpfs: the umount then ends no superblock (no deactivate_super shutdown).
PERL_LATENCY="$PERL_CLOCK"'
my ($path, $cycles, $flags, $mode, $bindfrom) = @ARGV; my @v; my $failed = 0;
my ($source, $type) = ("lat", "tmpfs"); # syscall needs writable strings, not constants
for my $i (1 .. $cycles) {
  if (defined $bindfrom) { my $f = "$bindfrom"; syscall(165, $f, $path, $type, 4096, 0) == 0 or die "bind: $!\n"; }
  else { syscall(165, $source, $path, $type, 0, 0) == 0 or die "mount: $!\n"; }
  my $t0 = now(); my $r = syscall(166, $path, $flags + 0); my $t1 = now();
  $failed++ if $r != 0;
  push @v, $t1 - $t0;
  if (@v == 100 || $i == $cycles) { print "\@\@bench latency $mode @v\n"; @v = (); }
}
print "\@\@bench latency-end $mode $cycles $failed\n";'
# tmpfs mounts ARGV[0]/I for I in ARGV[1] .. ARGV[2]-1
PERL_MOUNTS='my ($dir, $from, $to) = @ARGV; my ($source, $type) = ("m", "tmpfs");
for my $i ($from .. $to - 1) {
  my $path = "$dir/$i"; mkdir $path or die "mkdir $path: $!\n";
  syscall(165, $source, $path, $type, 0, 0) == 0 or die "mount $path: $!\n";
}'


# The text of a file (or empty), without forking.
slurp() {
  local __line __text=""
  if [[ -r $2 ]]; then
    while IFS= read -r __line || [[ -n $__line ]]; do __text+="$__line "; done < "$2"
  fi
  printf -v "$1" '%s' "${__text% }"
}

# An error message's errno name, as far as util-linux's message shows it.
errno_of() {
  case "$1" in
    *"No space left on device"*) echo ENOSPC ;;
    *"Invalid argument"*) echo EINVAL ;;
    *"Operation not permitted"*) echo EPERM ;;
    *"Permission denied"*) echo EACCES ;;
    *"Cannot allocate memory"*) echo ENOMEM ;;
    *"Device or resource busy"*) echo EBUSY ;;
    *) echo other ;;
  esac
}

# ---- Seed 000: the overlap family of 296990deb389, then umount -l /mnt/1 (one namespace per run)
umount_one() {
  local n=$1 run=$2 i b0 b1 ns rc msg
  if ! mount -t tmpfs zdtm /mnt || ! mkdir -p /mnt/1 /mnt/2 || ! mount -t tmpfs zdtm /mnt/1 \
    || ! mount --make-shared /mnt/1 || ! mkdir -p /mnt/1/1; then
    echo "@@bench umount $n $run error setup other"
    return
  fi
  now b0
  for ((i = 1; i <= n; i++)); do
    if ! mount --bind /mnt/1/1 /mnt/1/1 2> /mnt/1/.err; then
      slurp msg /mnt/1/.err
      echo "@@bench umount $n $run error bind-$i $(errno_of "$msg")"
      return
    fi
  done
  if ! mount --rbind /mnt/1 /mnt/2 2> /mnt/.err; then
    slurp msg /mnt/.err
    echo "@@bench umount $n $run error rbind $(errno_of "$msg")"
    return
  fi
  now b1
  # the first run of each N: how much memory the system's mounts take (struct mount's slab; all
  # mounts of the system, the family's being most of them), to set beside the CPU's caches
  if ((run == 1)); then slab_of mnt_cache && echo "@@bench slab $n $REPLY"; fi
  msg=$(perl -e "$PERL_DETACH" /mnt/1)
  read -r ns rc <<< "$msg"
  echo "@@bench umount $n $run $ns $rc $((b1 - b0))"
}

# REPLY := "ACTIVE_OBJECTS OBJECT_SIZE" of a slab cache in /proc/slabinfo (fails when unreadable)
slab_of() {
  local name active total size rest
  [[ -r /proc/slabinfo ]] || return 1
  while read -r name active total size rest; do
    if [[ $name == "$1" ]]; then
      REPLY="$active $size"
      return 0
    fi
  done < /proc/slabinfo
  return 1
}

seed_umount() {
  local n run
  for n in $P_UMOUNT_NS; do
    for ((run = 1; run <= P_UMOUNT_RUNS; run++)); do
      unshare -m /bin/bash --norc --noprofile "$SCRIPT" umount-one "$n" "$run"
    done
  done
}

# ---- Seed 002: K successive unshare(CLONE_NEWIPC) in one process, as an exec chain
# ipc_chain LABEL FLAGS K MARKS: FLAGS "-i" creates an ipc namespace per step (the previous one is
# put), "" execs the same chain without creating any (the exec cost alone). A bash in the chain
# prints the time every K/MARKS steps.
ipc_chain() {
  local label=$1 flags=$2 k=$3 marks=$4 i every t0 t1 rc msg args=()
  every=$((marks > 0 ? k / marks : k + 1))
  ((every < 1)) && every=1
  for ((i = 1; i <= k; i++)); do
    # shellcheck disable=SC2206
    args+=(unshare $flags)
    if ((i % every == 0 && i < k)); then
      args+=(/bin/bash --norc --noprofile -c \
        'echo "@@bench ipc-mark '"$label"' $0 ${EPOCHREALTIME/./}000"; exec "$@"' "$i")
    fi
  done
  args+=(cat /dev/null)
  now t0
  echo "@@bench ipc-start $label $t0"
  "${args[@]}" 2> "$S/ipc.err"
  rc=$?
  now t1
  slurp msg "$S/ipc.err"
  echo "@@bench ipc $label $k $((t1 - t0)) $(if ((rc == 0)); then echo "$k 0"; else echo "? $(errno_of "$msg")"; fi)"
}

# ENOSPC at user.max_ipc_namespaces = L (guest only): a chain of 4L namespaces where each one is
# put when the next is made, then L+1 namespaces held at once (unshare --fork keeps each level).
# Lets the frees of earlier namespaces finish: they count against the limit until they are done.
settle() { perl -e 'select(undef, undef, undef, 2)'; }

ipc_limit() {
  local l=$P_IPC_LIMIT old i t0 t1 rc msg args=()
  settle
  read -r old < /proc/sys/user/max_ipc_namespaces
  echo "$l" > /proc/sys/user/max_ipc_namespaces || {
    echo "@@bench ipc-limit $l error sysctl"
    return
  }
  for ((i = 0; i < 4 * l; i++)); do args+=(unshare -i); done
  args+=(cat /dev/null)
  now t0
  "${args[@]}" 2> "$S/limit.err"
  rc=$?
  now t1
  slurp msg "$S/limit.err"
  echo "@@bench ipc-limit $l chain $((4 * l)) $rc $(if ((rc == 0)); then echo ok; else errno_of "$msg"; fi) $((t1 - t0))"
  args=()
  settle
  for ((i = 0; i <= l; i++)); do args+=(unshare -i -f); done
  args+=(cat /dev/null)
  now t0
  "${args[@]}" 2> "$S/limit.err"
  rc=$?
  now t1
  slurp msg "$S/limit.err"
  echo "@@bench ipc-limit $l held $((l + 1)) $rc $(if ((rc == 0)); then echo ok; else errno_of "$msg"; fi) $((t1 - t0))"
  settle
  perl -e "$PERL_IPC" "$((4 * l))" "$((4 * l + 1))" loop-limit
  echo "$old" > /proc/sys/user/max_ipc_namespaces
}

# The seed's own regime (guest only): a loop of 4W namespaces at user.max_ipc_namespaces = W that
# waits for the pending frees whenever the limit is reached, so that its time per namespace is the
# rate at which the kernel frees them: one grace period per namespace before 6.3, one per batch
# after (da27f796a832).
ipc_wait() {
  local w=$P_IPC_WAIT_LIMIT old
  settle
  read -r old < /proc/sys/user/max_ipc_namespaces
  echo "$w" > /proc/sys/user/max_ipc_namespaces || {
    echo "@@bench ipc-wait $w error sysctl"
    return
  }
  perl -e "$PERL_IPC_WAIT" "$((4 * w))" "$w" 120
  echo "$old" > /proc/sys/user/max_ipc_namespaces
  settle
}

seed_ipc() {
  # the limit first: namespaces freed later still count against it until their frees have run,
  # and on 5.7-6.2 the loop below leaves as many pending frees as it made namespaces
  if ((P_HOST == 0 && P_IPC_LIMIT > 0)); then ipc_limit; fi
  if ((P_HOST == 0 && P_IPC_WAIT_LIMIT > 0)); then ipc_wait; fi
  ipc_chain exec "" "$P_IPC_CHAIN" "$P_IPC_MARKS"
  ipc_chain chain "-i" "$P_IPC_CHAIN" "$P_IPC_MARKS"
  perl -e "$PERL_IPC" "$P_IPC_LOOP" "$((P_IPC_LOOP / P_IPC_MARKS > 0 ? P_IPC_LOOP / P_IPC_MARKS : 1))" loop
}

# ---- Seed 001: latency of umount and umount -l of a single tmpfs, the system call alone
seed_latency() {
  mkdir -p "$S/t"
  perl -e "$PERL_LATENCY" "$S/t" "$P_CYCLES" 0 sync
  perl -e "$PERL_LATENCY" "$S/t" "$P_CYCLES" 2 lazy
  # the same umount of a bind of a kept tmpfs: namespace_unlock's wait without the shutdown
  mkdir -p "$S/tb" && mount -t tmpfs keep "$S/tb" &&
    perl -e "$PERL_LATENCY" "$S/t" "$P_CYCLES" 0 bind "$S/tb"
}

# ---- Seed 003: reading mountinfo against reading the same bytes from a regular file
seed_mountinfo() {
  local have=0 size lines line bytes r i t0 t1 t2 t3 mi=() file=()
  mkdir -p "$S/m"
  for size in $P_MI_SIZES; do
    # util-linux's mount reads mountinfo on every call: make the mounts with mount(2) instead
    if ! perl -e "$PERL_MOUNTS" "$S/m" "$have" "$size"; then
      echo "@@bench mountinfo $size error mount"
      return
    fi
    have=$size
    cat /proc/self/mountinfo > "$S/mountinfo.copy"
    lines=0
    bytes=0
    while IFS= read -r line; do
      lines=$((lines + 1))
      bytes=$((bytes + ${#line} + 1))
    done < "$S/mountinfo.copy"
    mi=()
    file=()
    for ((i = 0; i < P_MI_READS; i++)); do
      mi+=(/proc/self/mountinfo)
      file+=("$S/mountinfo.copy")
    done
    now t0
    for ((r = 0; r < P_MI_READERS; r++)); do cat "${mi[@]}" > /dev/null & done
    wait
    now t1
    now t2
    for ((r = 0; r < P_MI_READERS; r++)); do cat "${file[@]}" > /dev/null & done
    wait
    now t3
    echo "@@bench mountinfo $size $lines $bytes $P_MI_READS $P_MI_READERS $((t1 - t0)) $((t3 - t2))"
  done
}

# ---- main
if [[ ${1:-} == umount-one ]]; then
  umount_one "$2" "$3"
  exit 0
fi

if ((P_HOST == 1)); then
  mount -o remount,bind,ro / || exit 1
  cd / || exit 1
  mount -t tmpfs top /mnt || exit 1
fi
S=/mnt/s
mkdir -p "$S"

slurp release /proc/sys/kernel/osrelease
slurp version /proc/sys/kernel/version
# a guest raises fs.mount-max when seed 000's largest N needs it (N >= 16: 131,073 mounts and
# more; the guest is thrown away, and the info line below shows the limit the run had); the host
# never does, and its larger N end in ENOSPC
slurp mount_max /proc/sys/fs/mount-max
if ((P_HOST == 0)) && [[ " $P_SEEDS " == *" 000 "* ]]; then
  need=0
  for n in $P_UMOUNT_NS; do need=$(((1 << (n + 1)) + 1 + 64)); done
  if ((need > mount_max)); then
    echo "$need" > /proc/sys/fs/mount-max && slurp mount_max /proc/sys/fs/mount-max
  fi
fi
cpus=0
while IFS= read -r line; do [[ $line == processor* ]] && cpus=$((cpus + 1)); done < /proc/cpuinfo
slurp expedited /sys/kernel/rcu_expedited
slurp normal /sys/kernel/rcu_normal
slurp clocksource /sys/devices/system/clocksource/clocksource0/current_clocksource
slurp l2 /sys/devices/system/cpu/cpu0/cache/index2/size
slurp l3 /sys/devices/system/cpu/cpu0/cache/index3/size
echo "@@bench kernel $release"
echo "@@bench info cpus=$cpus mount-max=$mount_max rcu_expedited=${expedited:--} rcu_normal=${normal:--} clocksource=${clocksource:--} l2=${l2:--} l3=${l3:--} version=$version"
# the guest's boot messages that bear on the timings: the mount hash table's size, RCU's set-up
# (/dev/kmsg gives one record per read(2) and refuses short buffers, so perl reads it, without
# blocking: O_NONBLOCK is 04000)
if ((P_HOST == 0)) && [[ -r /dev/kmsg ]]; then
  perl -e 'sysopen(my $k, "/dev/kmsg", 04000) or exit 0;
    while (defined(my $n = sysread($k, my $r, 8192))) { last if $n <= 0; my (undef, $m) = split /;/, $r, 2;
      print "\@\@bench boot $m" if $m =~ /hash table entries|rcu:|RCU|clocksource|tsc:|command line/; }'
fi
now start
for seed in $P_SEEDS; do
  case $seed in
    000) seed_umount ;;
    002) seed_ipc ;;
    001) seed_latency ;;
    003) seed_mountinfo ;;
  esac
  now t
  echo "@@bench seed-done $seed $((t - start))"
done
echo "@@bench end"
