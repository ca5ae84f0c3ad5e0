#!/bin/bash
# Host experiment for seed 000: warm vs cold vs pre-warmed umount2(MNT_DETACH) timing.
# Usage (outer): timeout 1800 unshare -Urm bash cache.sh main "NLIST" RUNS "MODES" KIND [FILL]
#   KIND: fam (overlap family of N binds, as seed-bench.sh) | priv (private rbind-doubling tree of 2^N)
#   MODES: plain (as the bench) | cold (stream 256 MiB just before) | warm (read mountinfo just before)
#          pin (timed perl on CPU 0) | thrash (pin, plus a 64 MiB streaming loop on CPU 1 during the umount)
#   FILL: k, add 2^k private mounts (rbind doubling) after building, to raise hash load / ns size
# Every line: @@x KIND MODE N RUN NS ERRNO FILLER_MOUNTS 0 MNTCACHE_DELTA BUILD_NS
export LC_ALL=C
SCRIPT=$(readlink -f "$0")
PERL_T='my $ts = "\0" x 16;
sub now { syscall(228, 1, $ts) == 0 or die; my ($s, $n) = unpack("q<q<", $ts); return $s * 1000000000 + $n; }
my ($path, $mode, $mb) = @ARGV; my $b;
if ($mode eq "cold") { $b = "\1" x ($mb << 20); $b =~ tr/\1/\2/; }
elsif ($mode eq "slab") {
  # mnt_cache active objects before, right after the timed call, and 2 s later: how many of the
  # unmounted struct mounts were already freed (RCU callbacks run) inside the timed window
  sub mc { open(my $f, "<", "/proc/slabinfo") or return -1; while (<$f>) { return (split)[1] if /^mnt_cache /; } return -1; }
  my $a = mc(); my $t0 = now(); my $r = syscall(166, $path, 2); my $e = $r == 0 ? 0 : $! + 0; my $t1 = now();
  my $b1 = mc(); my $t2 = now(); select(undef, undef, undef, 2); my $c = mc();
  print $t1 - $t0, " $e slab $a $b1 $c readns ", $t2 - $t1, "\n"; exit 0; }
elsif ($mode eq "warm") { open(my $f, "<", "/proc/self/mountinfo") or die; my $buf; while (sysread($f, $buf, 1 << 20)) {} close $f; }
my $t0 = now(); my $r = syscall(166, $path, 2); my $e = $r == 0 ? 0 : $! + 0; my $t1 = now();
print $t1 - $t0, " $e\n";'
PERL_FILL='my ($src, $dir, $k) = @ARGV; my $t = "none";
for my $i (1 .. $k) { my $p = "$dir/$i"; mkdir $p or die "mkdir: $!"; my $s = "$src";
  syscall(165, $s, $p, $t, 4096, 0) == 0 or die "bind $p: $!\n"; }'
mcount() { local c; c=$(wc -l < /proc/self/mountinfo); echo $c; }
slab() { local n a; while read -r n a _; do [[ $n == mnt_cache ]] && { echo "$a"; return; }; done < /proc/slabinfo 2>/dev/null; echo 0; }

one() {
  local kind=$1 n=$2 run=$3 mode=$4 fill=${5:-0} i s0 s1 b0 b1 m0 m1 out
  s0=$(slab)
  mount -t tmpfs zdtm /mnt || exit 1
  b0=${EPOCHREALTIME/./}
  if [[ $kind == fam ]]; then
    mkdir -p /mnt/1 /mnt/2 && mount -t tmpfs zdtm /mnt/1 && mount --make-shared /mnt/1 && mkdir -p /mnt/1/1 || exit 1
    for ((i = 1; i <= n; i++)); do mount --bind /mnt/1/1 /mnt/1/1 || exit 1; done
    mount --rbind /mnt/1 /mnt/2 || exit 1
    target=/mnt/1
  else
    mkdir -p /mnt/c && mount -t tmpfs c /mnt/c && mount --make-private /mnt/c || exit 1
    for ((i = 1; i <= n; i++)); do mkdir /mnt/c/d$i && mount --rbind /mnt/c /mnt/c/d$i || exit 1; done
    target=/mnt/c
  fi
  b1=${EPOCHREALTIME/./}
  if ((fill > 0)); then
    # FILL = k: 2^k extra private mounts by rbind doubling under /mnt/g (hash load and namespace size
    # grow; the family's own mounts and layout do not)
    mkdir -p /mnt/g && mount -t tmpfs g /mnt/g && mount --make-private /mnt/g || exit 1
    for ((i = 1; i <= fill; i++)); do mkdir /mnt/g/d$i && mount --rbind /mnt/g /mnt/g/d$i || exit 1; done
    m0=$(( 1 << fill ))
  fi
  ((fill > 0)) || m0=0
  s1=$(slab)
  if [[ $mode == thrash ]]; then
    # a streaming thrasher over 64 MiB (twice the L3) on CPU 1 while CPU 0 times the umount
    taskset -c 1 perl -e 'my $b = "\1" x (64 << 20); while (1) { $b =~ tr/\1\2/\2\1/; }' &
    local tp=$!; sleep 0.3
    out=$(taskset -c 0 perl -e "$PERL_T" $target plain 0)
    kill $tp; wait $tp 2>/dev/null
  elif [[ $mode == pin ]]; then
    out=$(taskset -c 0 perl -e "$PERL_T" $target plain 0)
  else
    out=$(perl -e "$PERL_T" $target $mode 256)
  fi
  m1=0
  echo "@@x $kind $mode $n $run $out $m0 $m1 $((s1 - s0)) $(( (b1 - b0) * 1000 ))"
}

main() {
  local ns=$1 runs=$2 modes=$3 kind=$4 fill=${5:-0} n r m
  mount -o remount,bind,ro / || exit 1
  cd / || exit 1
  mount -t tmpfs top /mnt || exit 1
  for n in $ns; do for ((r = 1; r <= runs; r++)); do for m in $modes; do
    unshare -m /bin/bash --norc --noprofile "$SCRIPT" one $kind $n $r $m $fill
  done; done; done
}
"$@"
