#!/bin/bash
# Same family, same mount counts, different memory layout of the family's struct mounts.
# Before building the family, H = 2^(N+1) "hole" binds and 7*H "kept" binds are made, either
# interleaved (h k k k k k k k h ...: "spread") or holes first ("packed"); the holes are then
# unmounted (their slab slots freed) and the family is built into the freed slots, then timed.
# Usage: timeout 900 unshare -Urm bash sparse.sh main "11 12" RUNS "packed spread"
# Lines: @@s LAYOUT N RUN NS ERRNO MNTCACHE_AFTER_FAMILY
export LC_ALL=C
SCRIPT=$(readlink -f "$0")
PERL_T='my $ts = "\0" x 16;
sub now { syscall(228, 1, $ts) == 0 or die; my ($s, $n) = unpack("q<q<", $ts); return $s * 1000000000 + $n; }
my $t0 = now(); my $r = syscall(166, $ARGV[0], 2); my $e = $r == 0 ? 0 : $! + 0; my $t1 = now();
print $t1 - $t0, " $e\n";'
# binds of /mnt/s0 (a tmpfs with no children: do_loopback's has_locked_children stays O(1))
PERL_HOLES='my ($layout, $h, $s) = @ARGV; my $t = "none"; my $k = 0;
sub b { my $p = shift; mkdir $p or die "mkdir $p: $!"; my $src = "/mnt/s0"; syscall(165, $src, $p, $t, 4096, 0) == 0 or die "bind $p: $!\n"; }
if ($layout eq "spread") { for my $i (1 .. $h) { b("/mnt/h/$i"); for (2 .. $s) { b("/mnt/k/" . $k++); } } }
else { for my $i (1 .. $h) { b("/mnt/h/$i"); } for my $i (1 .. $h * ($s - 1)) { b("/mnt/k/" . $k++); } }
for my $i (1 .. $h) { my $p = "/mnt/h/$i"; syscall(166, $p, 0) == 0 or die "umount $p: $!\n"; }'
slab() { local n a; while read -r n a _; do [[ $n == mnt_cache ]] && { echo "$a"; return; }; done < /proc/slabinfo 2>/dev/null; echo 0; }

one() {
  local n=$1 run=$2 layout=$3 i out
  mount -t tmpfs zdtm /mnt && mkdir -p /mnt/s0 /mnt/h /mnt/k && mount -t tmpfs s0 /mnt/s0 || exit 1
  perl -e "$PERL_HOLES" $layout $(( 1 << (n + 1) )) 8 || exit 1
  sleep 1   # RCU: the holes' struct mounts are freed after a grace period
  mkdir -p /mnt/1 /mnt/2 && mount -t tmpfs zdtm /mnt/1 && mount --make-shared /mnt/1 && mkdir -p /mnt/1/1 || exit 1
  for ((i = 1; i <= n; i++)); do mount --bind /mnt/1/1 /mnt/1/1 || exit 1; done
  mount --rbind /mnt/1 /mnt/2 || exit 1
  out=$(perl -e "$PERL_T" /mnt/1)
  echo "@@s $layout $n $run $out $(slab)"
}
main() {
  local ns=$1 runs=$2 layouts=$3 n r l
  mount -o remount,bind,ro / || exit 1
  cd / || exit 1
  mount -t tmpfs top /mnt || exit 1
  for n in $ns; do for ((r = 1; r <= runs; r++)); do for l in $layouts; do
    unshare -m /bin/bash --norc --noprofile "$SCRIPT" one $n $r $l
  done; done; done
}
"$@"
