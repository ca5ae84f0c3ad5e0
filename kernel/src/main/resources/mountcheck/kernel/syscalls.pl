# mountcheck's resident executor (Executor.SYSCALLS, see ScenarioScript): one perl process per
# scenario shell, started as the shell's coprocess, that runs the scenario's mount, umount, mkdir,
# touch, rmdir and mountfd lines with direct system calls instead of one mount(8) or coreutils
# process per line. It uses no perl module (the guest's initramfs holds only the perl binary).
#
# Every line goes the same two ways (docs/architecture.md §4.1): plan_command (plan_mount,
# plan_mountfd) turns its words into planned calls, each a call's name and its arguments with
# every symbolic flag resolved to its number from the one table %C, and no call made; perform
# (make_call) then makes them. "perl syscalls.pl explain < FILE" prints the plans of a scenario
# file and makes nothing; ExecutorDryRunTest holds them to the calls the Java side derives from the
# parsed Operations (kernel/ExpectedCalls), so this parser is checked against model/text's.
#
# Input, one line each: "I COMMAND..." runs scenario line I (a command of the scenario language,
# as the scenario file writes it) and prints its markers and its table; "step I" only prints the
# table after line I (a line the shell ran itself); "prepare" makes the root read-only as the
# shell's "mount -o remount,bind,ro /" does; "ns FILE" prints the table of the namespace FILE
# holds, as "nsenter --mount=FILE cat /proc/self/mountinfo" does, or nothing when FILE holds none;
# "follow PID" enters the namespaces of the shell PID (after an "unshare" line: the executor and
# its descriptors follow the shell, see follow); "sync" answers "ok" (or "nosteps" once the tables
# grew past the step limit, "failed" when "prepare" or "follow" failed) on standard output, so the
# shell knows everything before it has been printed.
# Markers and tables go to descriptor 18, the shell's standard output.
#
# Arguments: the step limit (rows of mountinfo), and 1 when the tables are no longer printed. The
# other modes, by their first argument: "zygote" (the guest's scenario starter, see zygote below),
# "shell" (a scenario by hand, see shell), "fd" (the coprocess of the shell function mountfd),
# "function" (that function's text), "explain" (the dry run) and "constants" (the table).
#
# Each command answers the errno the tools give (util-linux 2.38 makes exactly these mount(2) and
# umount2(2) calls for the scenario language, and reports their errno; coreutils' mkdir -p, touch
# and rmdir are followed call by call, see below) as a line "executor: CALL(2) failed [errno=N]:
# TEXT" (TEXT: strerror's, in the C locale).

# The one table of names and numbers the executor uses: system call numbers (SYS_*), flags and
# errno values, each under its uapi name. "perl syscalls.pl constants" prints it; the Java test
# ExecutorConstantsTest holds every value to the uapi header it comes from.
#
# How to add a call (say a new mountfd call or a new flag word):
#   1. its system call number (SYS_NAME) and its flags here, under their uapi names;
#   2. a branch in plan_mountfd (or plan_command for a new command) that returns its planned calls,
#      call(NAME, ARGUMENTS...), each argument num(N), str(S), NULL, fd(NAME) or one of the
#      deferred forms of argument_value; make_call then makes it (SYS_NAME) with no more code,
#      unless it keeps a descriptor (keep) or is emulated (%EMULATED);
#   3. the same calls for its Operation in kernel/ExpectedCalls (Java), derived from the model's
#      record, and a line of it in ExpectedCallsTest; ExecutorDryRunTest then compares the two
#      for every recorded case and generated scenario through "perl syscalls.pl explain".
%C = (
  # x86_64 system call numbers, arch/x86/entry/syscalls/syscall_64.tbl
  'SYS_open' => 2,
  'SYS_close' => 3,
  'SYS_dup2' => 33,
  'SYS_fchdir' => 81,
  'SYS_pivot_root' => 155,
  'SYS_chroot' => 161,
  'SYS_mount' => 165,
  'SYS_umount2' => 166,
  'SYS_unshare' => 272,
  'SYS_openat' => 257,
  'SYS_mkdirat' => 258,
  'SYS_setns' => 308,
  'SYS_open_tree' => 428,
  'SYS_move_mount' => 429,
  'SYS_fsopen' => 430,
  'SYS_fsconfig' => 431,
  'SYS_fsmount' => 432,
  'SYS_mount_setattr' => 442,
  # mount(2) flags, include/uapi/linux/mount.h
  'MS_RDONLY' => 1,
  'MS_NOSUID' => 2,
  'MS_NODEV' => 4,
  'MS_NOEXEC' => 8,
  'MS_REMOUNT' => 32,
  'MS_NOSYMFOLLOW' => 256,
  'MS_NOATIME' => 1024,
  'MS_NODIRATIME' => 2048,
  'MS_BIND' => 4096,
  'MS_MOVE' => 8192,
  'MS_REC' => 16384,
  'MS_UNBINDABLE' => 1 << 17,
  'MS_PRIVATE' => 1 << 18,
  'MS_SLAVE' => 1 << 19,
  'MS_SHARED' => 1 << 20,
  'MS_RELATIME' => 1 << 21,
  'MS_STRICTATIME' => 1 << 24,
  # umount2(2), include/linux/fs.h (glibc's <sys/mount.h>)
  'MNT_DETACH' => 2,
  # the fd-based mount API, include/uapi/linux/mount.h
  'OPEN_TREE_CLONE' => 1,
  'OPEN_TREE_NAMESPACE' => 2,
  'MOVE_MOUNT_F_EMPTY_PATH' => 0x4,
  'MOVE_MOUNT_T_EMPTY_PATH' => 0x40,
  'MOVE_MOUNT_SET_GROUP' => 0x100,
  'MOVE_MOUNT_BENEATH' => 0x200,
  'FSOPEN_CLOEXEC' => 1,
  'FSCONFIG_SET_STRING' => 1,
  'FSCONFIG_CMD_CREATE' => 6,
  'FSMOUNT_CLOEXEC' => 1,
  'MOUNT_ATTR_RDONLY' => 0x1,
  'MOUNT_ATTR_NOSUID' => 0x2,
  'MOUNT_ATTR_NODEV' => 0x4,
  'MOUNT_ATTR_NOEXEC' => 0x8,
  'MOUNT_ATTR__ATIME' => 0x70,
  'MOUNT_ATTR_RELATIME' => 0x0,
  'MOUNT_ATTR_NOATIME' => 0x10,
  'MOUNT_ATTR_STRICTATIME' => 0x20,
  'MOUNT_ATTR_NODIRATIME' => 0x80,
  'MOUNT_ATTR_IDMAP' => 0x100000,
  'MOUNT_ATTR_NOSYMFOLLOW' => 0x200000,
  'MOUNT_ATTR_SIZE_VER0' => 32,
  # include/uapi/linux/fcntl.h
  'AT_FDCWD' => -100,
  'AT_EMPTY_PATH' => 0x1000,
  'AT_RECURSIVE' => 0x8000,
  # open(2) flags, include/uapi/asm-generic/fcntl.h (octal there)
  'O_WRONLY' => 01,
  'O_CREAT' => 0100,
  'O_NOCTTY' => 0400,
  'O_NONBLOCK' => 04000,
  'O_CLOEXEC' => 02000000,
  # setns(2) and unshare(2), include/uapi/linux/sched.h
  'CLONE_NEWNS' => 0x00020000,
  'CLONE_NEWUSER' => 0x10000000,
  # include/uapi/asm-generic/errno-base.h
  'ENOENT' => 2,
  'EISDIR' => 21,
  'EINVAL' => 22);

# A constant of the table by name; a name the table lacks is a bug of this file.
sub c {
  my ($name) = @_;
  die "syscalls.pl: no constant $name\n" unless exists $C{$name};
  return $C{$name};
}

# The words of the scenario language, each to the name of its constant in %C.
# --make-TYPE and mount_setattr's propagation=TYPE
%PROPAGATION = (
  'shared' => 'MS_SHARED',
  'slave' => 'MS_SLAVE',
  'private' => 'MS_PRIVATE',
  'unbindable' => 'MS_UNBINDABLE');
# the attributes of mount_setattr and fsmount (atime: the mask MOUNT_ATTR__ATIME)
%MOUNT_ATTR = (
  'ro' => 'MOUNT_ATTR_RDONLY',
  'nosuid' => 'MOUNT_ATTR_NOSUID',
  'nodev' => 'MOUNT_ATTR_NODEV',
  'noexec' => 'MOUNT_ATTR_NOEXEC',
  'relatime' => 'MOUNT_ATTR_RELATIME',
  'noatime' => 'MOUNT_ATTR_NOATIME',
  'strictatime' => 'MOUNT_ATTR_STRICTATIME',
  'nodiratime' => 'MOUNT_ATTR_NODIRATIME',
  'idmap' => 'MOUNT_ATTR_IDMAP',
  'atime' => 'MOUNT_ATTR__ATIME',
  'nosymfollow' => 'MOUNT_ATTR_NOSYMFOLLOW');
# the per-mount options of a mountinfo row that libmount starts a remount from
%KEPT = (
  'ro' => 'MS_RDONLY',
  'nosuid' => 'MS_NOSUID',
  'nodev' => 'MS_NODEV',
  'noexec' => 'MS_NOEXEC',
  'nosymfollow' => 'MS_NOSYMFOLLOW',
  'noatime' => 'MS_NOATIME',
  'nodiratime' => 'MS_NODIRATIME',
  'relatime' => 'MS_RELATIME',
  'strictatime' => 'MS_STRICTATIME');
# the option words of a -o list: each sets (1) or clears (0) one flag, as libmount applies them
%OPTION = (
  'ro' => [1, 'MS_RDONLY'], 'rw' => [0, 'MS_RDONLY'],
  'nosuid' => [1, 'MS_NOSUID'], 'suid' => [0, 'MS_NOSUID'],
  'nodev' => [1, 'MS_NODEV'], 'dev' => [0, 'MS_NODEV'],
  'noexec' => [1, 'MS_NOEXEC'], 'exec' => [0, 'MS_NOEXEC'],
  'noatime' => [1, 'MS_NOATIME'], 'atime' => [0, 'MS_NOATIME'],
  'relatime' => [1, 'MS_RELATIME'], 'norelatime' => [0, 'MS_RELATIME'],
  'strictatime' => [1, 'MS_STRICTATIME'], 'nostrictatime' => [0, 'MS_STRICTATIME'],
  'nodiratime' => [1, 'MS_NODIRATIME'], 'diratime' => [0, 'MS_NODIRATIME'],
  'nosymfollow' => [1, 'MS_NOSYMFOLLOW'], 'symfollow' => [0, 'MS_NOSYMFOLLOW']);
# the lines bash runs itself (ScenarioScript): the executor plans no call for them
%SHELL_LINES = ('unshare' => 1, 'exec' => 1, 'cd' => 1, 'nsenter' => 1);

# ---- Planning: a line to its calls, no call made ----
#
# A line's plan: {calls => [CALL...], status => the exit status when a call fails, reports => the
# call its failure message names, go_on => whether the later calls run after a failure}, or
# {shell => 1} for a line bash runs, or undef when the line is none of the language's. A CALL:
# {call => NAME, args => [ARGUMENT...], keep => the descriptor name its result is kept as, forget
# => the name it drops}. An ARGUMENT is [KIND, VALUES...], see argument_value.

sub num { return ['num', 0 + $_[0]]; }
sub str { return ['str', '' . $_[0]]; }
sub fd { return ['fd', $_[0]]; }
$NULL = ['null'];
sub call { my ($name, @args) = @_; return {call => $name, args => \@args}; }
sub line_plan {
  my ($status, $reports, $go_on, @calls) = @_;
  return {calls => \@calls, status => $status, reports => $reports, go_on => $go_on};
}

# The words of a line: split at runs of spaces and tabs, up to a word that starts a comment (as
# model/text/ScenarioParser reads a line).
sub words {
  my ($line) = @_;
  my @out;
  for my $w (split(/[ \t]+/, $line)) {
    next if $w eq '';
    last if $w =~ /^#/;
    push @out, $w;
  }
  return @out;
}

# The plan of one command's words (see above).
sub plan_command {
  my @w = @_;
  return undef if !@w;
  return {shell => 1} if exists $SHELL_LINES{$w[0]};
  if ($w[0] eq 'mkdir') {
    # coreutils' mkdir -p, one path after the other (see make_dirs_one)
    return undef if @w < 3 || $w[1] ne '-p';
    return line_plan(1, 'mkdir', 1, map { call('mkdir_parents', str($_)) } @w[2 .. $#w]);
  }
  if ($w[0] eq 'touch' || $w[0] eq 'rmdir') {
    return undef if @w < 2 || $w[1] =~ /^-/;
    return line_plan(1, $w[0], 1, map { call($w[0], str($_)) } @w[1 .. $#w]);
  }
  if ($w[0] eq 'umount') {
    # umount(8) calls umount2(2) on the path as given (MNT_DETACH for -l)
    return line_plan(32, 'umount', 0, call('umount2', str($w[1]), num(0))) if @w == 2;
    return undef if @w != 3 || $w[1] ne '-l';
    return line_plan(32, 'umount', 0, call('umount2', str($w[2]), num(c('MNT_DETACH'))));
  }
  if ($w[0] eq 'mount') {
    my @calls = plan_mount(@w[1 .. $#w]);
    return @calls ? line_plan(32, 'mount', 0, @calls) : undef;
  }
  if ($w[0] eq 'chroot') {
    # coreutils' chroot: chroot(2), then chdir("/") (change_root); it exits 125 when it cannot
    return undef if @w != 2;
    return line_plan(125, 'chroot', 0, call('change_root', str($w[1])));
  }
  if ($w[0] eq 'pivot_root') {
    # util-linux's pivot_root: pivot_root(2) on the two paths as given
    return undef if @w != 3;
    return line_plan(1, 'pivot_root', 0, call('pivot_root', str($w[1]), str($w[2])));
  }
  if ($w[0] eq 'mountfd') {
    my @calls = plan_mountfd(@w[1 .. $#w]);
    return @calls ? line_plan(1, $calls[0]->{call}, 0, @calls) : undef;
  }
  return undef;
}

# The set and cleared flags of a -o list's words, applied in order; () for a word that is none.
sub option_flags {
  my ($set, $clear) = (0, 0);
  for my $o (@_) {
    return () if !exists $OPTION{$o};
    my ($sets, $name) = @{$OPTION{$o}};
    my $bit = c($name);
    if ($sets) {
      ($set, $clear) = ($set | $bit, $clear & ~$bit);
    } else {
      ($set, $clear) = ($set & ~$bit, $clear | $bit);
    }
  }
  return ($set, $clear);
}

# The mount(2) calls of a mount(8) line's words after "mount", or () when they are no line of the
# language. util-linux 2.38 makes these calls (seen with strace):
#   mount --make-[r]TYPE PATH: mount("none", PATH, NULL, MS_TYPE [| MS_REC], NULL);
#   mount -t tmpfs [-o OPTS] NAME PATH: mount(NAME, PATH, "tmpfs", flags of OPTS, NULL);
#   mount --move SRC DST: mount(SRC, DST, "none", MS_MOVE, NULL);
#   mount --bind|--rbind [-o OPTS] SRC DST: mount(SRC, DST, "none", MS_BIND [| MS_REC] | flags,
#     NULL), then, when it worked and OPTS set one of libmount's MNT_BIND_SETTABLE flags (all of
#     the language's but MS_STRICTATIME), mount("none", DST, NULL, MS_REMOUNT | MS_BIND [| MS_REC]
#     | flags of OPTS, NULL);
#   mount -o remount[,bind],OPTS PATH: mount("none", PATH, NULL, MS_REMOUNT [| MS_BIND] | flags,
#     NULL), flags = the current per-mount options of PATH's mountinfo row with OPTS applied over
#     them (the deferred argument "mountinfo_flags").
sub plan_mount {
  my @w = @_;
  if (@w && $w[0] =~ /^--make-(r?)(shared|slave|private|unbindable)$/) {
    return () if @w != 2;
    my $flags = c($PROPAGATION{$2}) | ($1 eq 'r' ? c('MS_REC') : 0);
    return (call('mount', str('none'), str($w[1]), $NULL, num($flags), $NULL));
  }
  my ($type, $mode, $remount, $bind, @options, @args);
  for (my $i = 0; $i < @w; $i++) {
    my $x = $w[$i];
    if ($x eq '-t') {
      return () if defined $type || $i + 1 >= @w || $w[$i + 1] ne 'tmpfs';
      $type = $w[++$i];
    } elsif ($x eq '--bind' || $x eq '--rbind' || $x eq '--move') {
      return () if defined $mode;
      $mode = $x;
    } elsif ($x eq '-o') {
      return () if $i + 1 >= @w;
      for my $o (split(/,/, $w[++$i], -1)) {
        if ($o eq 'remount') {
          $remount = 1;
        } elsif ($o eq 'bind') {
          $bind = 1;
        } else {
          push @options, $o;
        }
      }
    } elsif ($x =~ /^-/) {
      return ();
    } else {
      push @args, $x;
    }
  }
  my ($set, $clear) = option_flags(@options);
  return () if !defined $set;
  $mode = '' if !defined $mode;
  if ($remount) {
    $bind = 1 if $mode eq '--bind';
    return () if defined $type || @args != 1 || ($mode ne '' && !$bind) || $mode eq '--rbind';
    my $base = c('MS_REMOUNT') | ($bind ? c('MS_BIND') : 0);
    return (call('mount', str('none'), str($args[0]), $NULL,
      ['mountinfo_flags', $args[0], $set | $base, $clear], $NULL));
  }
  if (defined $type) {
    return () if $mode ne '' || $bind || @args != 2;
    return (call('mount', str($args[0]), str($args[1]), str('tmpfs'), num($set), $NULL));
  }
  if ($mode eq '--move') {
    return () if @options || $bind || @args != 2;
    return (call('mount', str($args[0]), str($args[1]), str('none'), num(c('MS_MOVE')), $NULL));
  }
  return () if ($mode eq '' && !$bind) || @args != 2;
  my $flags = c('MS_BIND') | ($mode eq '--rbind' ? c('MS_REC') : 0) | $set;
  my @calls = (call('mount', str($args[0]), str($args[1]), str('none'), num($flags), $NULL));
  # the remount only when OPTS leave a flag set that libmount's MNT_BIND_SETTABLE names (-o rw
  # alone makes none, and strictatime is not one of them: alone, it goes with the bind only)
  my $settable = 0;
  $settable |= c($_) for qw(MS_RDONLY MS_NOSUID MS_NODEV MS_NOEXEC MS_NOATIME MS_NODIRATIME
    MS_RELATIME MS_NOSYMFOLLOW);
  push @calls, call('mount', str('none'), str($args[1]), $NULL,
    num(c('MS_REMOUNT') | $flags), $NULL) if $set & $settable;
  return @calls;
}

# A descriptor name of a mountfd line (model/ops/DescriptorName).
sub is_name { return $_[0] =~ /^[a-z][a-z0-9]*$/; }

# A path or a name as (dirfd, path, whether empty): a path is resolved from AT_FDCWD, a name is
# its descriptor with an empty path, NAME/REL that descriptor with the relative path REL (no
# empty, "." or ".." component); () for none of them.
sub location {
  my ($word) = @_;
  return (num(c('AT_FDCWD')), str($word), 0) if $word =~ m{^/};
  return (fd($word), str(''), 1) if is_name($word);
  if ($word =~ m{^([a-z][a-z0-9]*)/(.+)$}) {
    my ($name, $relative) = ($1, $2);
    for my $c (split(m{/}, $relative, -1)) {
      return () if $c !~ /^[A-Za-z0-9_.,+:=-]+$/ || $c eq '.' || $c eq '..';
    }
    return (fd($name), str($relative), 0);
  }
  return ();
}

# The MOUNT_ATTR_* bits of "ro,nosuid,..."; undef for an unknown word. With $raw (mount_setattr's
# fields) a word may be a hex number, whose bits are passed as they are (0x80000000).
sub attributes {
  my ($list, $raw) = @_;
  my $bits = 0;
  for my $a (split(/,/, $list, -1)) {
    if ($raw && $a =~ /^0x[0-9a-f]{1,16}$/) {
      $bits |= hex($a);
      next;
    }
    return undef unless exists $MOUNT_ATTR{$a};
    $bits |= c($MOUNT_ATTR{$a});
  }
  return $bits;
}

# The calls of a "mountfd CALL ARGS..." line's words after "mountfd" (README, "The fd-based mount
# API"), or (): one system call each, descriptors kept and named by the line's names.
sub plan_mountfd {
  my ($call, @a) = @_;
  return () if !defined $call;
  if ($call eq 'open_tree' && @a >= 2 && @a <= 4 && is_name($a[0])) {
    my ($name, $from, @words) = @a;
    my ($dirfd, $path, $empty) = location($from);
    return () if !defined $dirfd;
    my $flags = c('O_CLOEXEC') | ($empty ? c('AT_EMPTY_PATH') : 0);
    my %seen;
    for my $f (@words) {
      return () if $seen{$f}++
        || ($f ne 'OPEN_TREE_CLONE' && $f ne 'OPEN_TREE_NAMESPACE' && $f ne 'AT_RECURSIVE');
      $flags |= c($f);
    }
    return ({%{call('open_tree', $dirfd, $path, num($flags))}, keep => $name});
  }
  if ($call eq 'move_mount' && (@a == 2 || @a == 3)) {
    my ($from_dirfd, $from_path, $from_empty) = location($a[0]);
    my ($to_dirfd, $to_path, $to_empty) = location($a[1]);
    return () if !defined $from_dirfd || !defined $to_dirfd;
    my $flags = ($from_empty ? c('MOVE_MOUNT_F_EMPTY_PATH') : 0)
      | ($to_empty ? c('MOVE_MOUNT_T_EMPTY_PATH') : 0);
    if (@a == 3) {
      return () if $a[2] ne 'MOVE_MOUNT_SET_GROUP' && $a[2] ne 'MOVE_MOUNT_BENEATH';
      $flags |= c($a[2]);
    }
    return (call('move_mount', $from_dirfd, $from_path, $to_dirfd, $to_path, num($flags)));
  }
  if ($call eq 'mount_setattr' && @a >= 1) {
    my ($target, @rest) = @a;
    my ($dirfd, $path, $empty) = location($target);
    return () if !defined $dirfd;
    my $flags = $empty ? c('AT_EMPTY_PATH') : 0;
    my ($set, $clear, $propagation, $userns);
    for my $r (@rest) {
      if ($r eq 'AT_RECURSIVE' && !($flags & c('AT_RECURSIVE'))) {
        $flags |= c('AT_RECURSIVE');
      } elsif ($r =~ /^attr_set=(.*)$/ && !defined $set) {
        $set = attributes($1, 1);
        return () if !defined $set;
      } elsif ($r =~ /^attr_clr=(.*)$/ && !defined $clear) {
        $clear = attributes($1, 1);
        return () if !defined $clear;
      } elsif ($r =~ /^propagation=(0x[0-9a-f]{1,16})$/ && !defined $propagation) {
        # bits that name no propagation type (the selftest invalid_attributes)
        $propagation = hex($1);
      } elsif ($r =~ /^userns=(.*)$/ && is_name($1) && !defined $userns) {
        $userns = $1;
      } elsif ($r =~ /^propagation=(.*)$/ && exists $PROPAGATION{$1} && !defined $propagation) {
        $propagation = c($PROPAGATION{$1});
      } else {
        return ();
      }
    }
    # struct mount_attr (MOUNT_ATTR_SIZE_VER0): attr_set, attr_clr, propagation, userns_fd (0
    # without userns=, else the descriptor the name holds; see argument_value)
    my $attr = ['mount_attr', 0 + $set, 0 + $clear, 0 + $propagation, $userns];
    return (call('mount_setattr', $dirfd, $path, num($flags), $attr,
      num(c('MOUNT_ATTR_SIZE_VER0'))));
  }
  if ($call eq 'fsopen' && @a == 2 && is_name($a[0]) && $a[1] eq 'tmpfs') {
    return ({%{call('fsopen', str($a[1]), num(c('FSOPEN_CLOEXEC')))}, keep => $a[0]});
  }
  if ($call eq 'fsconfig' && @a == 3 && is_name($a[0]) && $a[1] eq 'source') {
    return (call('fsconfig', fd($a[0]), num(c('FSCONFIG_SET_STRING')), str('source'), str($a[2]),
      num(0)));
  }
  if ($call eq 'fsconfig' && @a == 2 && is_name($a[0]) && $a[1] eq 'create') {
    return (call('fsconfig', fd($a[0]), num(c('FSCONFIG_CMD_CREATE')), $NULL, $NULL, num(0)));
  }
  if ($call eq 'fsmount' && (@a == 2 || @a == 3) && is_name($a[0]) && is_name($a[1])) {
    my $bits = 0;
    if (@a == 3) {
      return () unless $a[2] =~ /^attr=(.*)$/;
      $bits = attributes($1);
      return () if !defined $bits;
    }
    return ({%{call('fsmount', fd($a[1]), num(c('FSMOUNT_CLOEXEC')), num($bits))}, keep => $a[0]});
  }
  if ($call eq 'userns' && (@a == 1 || (@a == 2 && $a[1] eq 'self')) && is_name($a[0])) {
    # a descriptor on a user namespace for mount_setattr's userns=: the caller's own with "self",
    # else a new one that a child makes (new_userns)
    return ({%{call('open', str('/proc/self/ns/user'), num(c('O_CLOEXEC')))}, keep => $a[0]})
      if @a == 2;
    return ({%{call('new_userns')}, keep => $a[0]});
  }
  if ($call eq 'chroot' && @a == 1 && is_name($a[0])) {
    # the selftests' way into a tree mounted beneath the root: fchdir(2) to the descriptor, then
    # chroot("."), which takes the working directory as it is (docs/semantics.md §2.18)
    return (call('fchdir', fd($a[0])), call('chroot', str('.')));
  }
  if ($call eq 'mkdirat' && @a == 1) {
    # mkdirat(2) of one directory, mode 0755 as the selftests make theirs: from AT_FDCWD for an
    # absolute path, from the descriptor for NAME/REL (a bare name, which has no last component,
    # is no such line)
    return () if is_name($a[0]) || $a[0] eq '/' || $a[0] =~ m{/$};
    my ($dirfd, $path, $empty) = location($a[0]);
    return () if !defined $dirfd;
    return (call('mkdirat', $dirfd, $path, num(0755)));
  }
  if ($call eq 'close' && @a == 1 && is_name($a[0])) {
    # closing a name that holds nothing does nothing (see make_call)
    return ({%{call('close', fd($a[0]))}, forget => $a[0]});
  }
  return ();
}

# ---- Performing: the planned calls, made ----

# The descriptors of the scenario's "mountfd" lines, by name.
%NAMES = ();

# An argument's value for syscall(): a number is passed as a number, a string as a pointer to its
# bytes, NULL as 0. The deferred kinds are computed when the call is made:
#   fd NAME: the descriptor NAME holds, or -1 (the kernel answers EBADF);
#   mountinfo_flags PATH SET CLEAR: PATH's current per-mount flags (current_flags) without CLEAR,
#     with SET;
#   mount_attr SET CLEAR PROPAGATION USERNS: a struct mount_attr whose userns_fd is 0 for an
#     undefined USERNS, else the descriptor the name USERNS holds, or -1 (which the kernel reads
#     as a u64 above INT_MAX: EBADF or EINVAL).
sub argument_value {
  my ($kind, @v) = @{$_[0]};
  return 0 + $v[0] if $kind eq 'num';
  return 0 if $kind eq 'null';
  return '' . $v[0] if $kind eq 'str';
  return exists $NAMES{$v[0]} ? 0 + $NAMES{$v[0]} : -1 if $kind eq 'fd';
  return 0 + ((current_flags($v[0]) & ~$v[2]) | $v[1]) if $kind eq 'mountinfo_flags';
  if ($kind eq 'mount_attr') {
    my $userns = !defined $v[3] ? 0 : exists $NAMES{$v[3]} ? 0 + $NAMES{$v[3]} : -1;
    return pack('QQQq', @v[0 .. 2], $userns);
  }
  die "syscalls.pl: no argument kind $kind\n";
}

# The calls coreutils makes for one path, emulated (see make_dirs_one and touch_one): 0 or the
# errno.
%EMULATED = (
  'mkdir_parents' => \&make_dirs_one,
  'touch' => \&touch_one,
  'rmdir' => sub { rmdir($_[0]) ? 0 : 0 + $! },
  'change_root' => \&change_root);
# The calls that stand for several and give a descriptor (see new_userns): the descriptor, or minus
# the errno.
%EMULATED_FD = ('new_userns' => \&new_userns);

# Makes one planned call: 0 or its errno. A kept result replaces (and closes) what its name held.
sub make_call {
  my ($call) = @_;
  my $name = $call->{call};
  my @args = map { argument_value($_) } @{$call->{args}};
  return $EMULATED{$name}->(@args) if exists $EMULATED{$name};
  my $rc;
  if (exists $EMULATED_FD{$name}) {
    $rc = $EMULATED_FD{$name}->(@args);
    return -$rc if $rc < 0;
  }
  if (defined $call->{forget}) {
    syscall(c('SYS_close'), $args[0]) if exists $NAMES{$call->{forget}};
    delete $NAMES{$call->{forget}};
    return 0;
  }
  if (!defined $rc) {
    $rc = syscall(c("SYS_$name"), @args);
    return 0 + $! if $rc < 0;
  }
  if (defined $call->{keep}) {
    syscall(c('SYS_close'), 0 + $NAMES{$call->{keep}}) if exists $NAMES{$call->{keep}};
    $NAMES{$call->{keep}} = $rc;
  }
  return 0;
}

# Makes a line's planned calls: (exit status, the call that failed, its errno), or (0). The first
# failure is the line's; the calls after it run only when the plan goes on (mkdir -p, touch and
# rmdir do, one path after the other).
sub perform {
  my ($plan) = @_;
  return (2, 'parse', c('EINVAL')) if !defined $plan || $plan->{shell};
  my $first = 0;
  for my $call (@{$plan->{calls}}) {
    my $error = make_call($call);
    next if !$error;
    $first = $error if !$first;
    last if !$plan->{go_on};
  }
  return $first ? ($plan->{status}, $plan->{reports}, $first) : (0);
}

# One command of the scenario language, made: (exit status, the call that failed, its errno).
sub run_command {
  return perform(plan_command(@_));
}

# The flags libmount starts a remount of PATH from: those of the per-mount options of the last
# mountinfo row whose mount point is PATH, or none.
sub current_flags {
  my ($path) = @_;
  my $options;
  my $in = open_mountinfo() or return 0;
  while (my $row = <$in>) {
    my @f = split(/ /, $row);
    $options = $f[5] if $f[4] eq $path;
  }
  close($in);
  my $flags = 0;
  if (defined $options) {
    for my $o (split(/,/, $options)) {
      $flags |= c($KEPT{$o}) if exists $KEPT{$o};
    }
  }
  return $flags;
}

# coreutils' mkdir -p (gnulib's mkancesdirs and make_dir_parents): each ancestor is made with
# mkdir(2) relative to the previous one and entered with chdir(2); when that chdir fails, the
# error is mkdir's if chdir found nothing (ENOENT), else chdir's. The last component's mkdir(2)
# failure is no error when it exists as a directory. Returns 0 or the errno.
sub make_dirs_one {
  my ($path) = @_;
  my @parts = grep { $_ ne '' } split(m{/}, $path);
  my $last = pop @parts;
  my $error = 0;
  my $first = 1;
  for my $part (@parts) {
    my $name = $first ? "/$part" : $part;
    $first = 0;
    my $made = mkdir($name, 0777) ? 0 : 0 + $!;
    if (!chdir($name)) {
      my $entered = 0 + $!;
      $error = ($made != 0 && $entered == c('ENOENT')) ? $made : $entered;
      last;
    }
  }
  if (!$error) {
    my $name = @parts ? $last : "/$last";
    if (!mkdir($name, 0777)) {
      my $made = 0 + $!;
      $error = $made unless $made != c('ENOENT') && -d $name;
    }
  }
  chdir('/');
  return $error;
}

# coreutils' touch: open(2) with O_CREAT, then set the times; a failure to set them reports
# open's errno when the open failed, except EISDIR (a directory is only timed, so a read-only one
# reports the time update's EROFS). Returns 0 or the errno.
sub touch_one {
  my ($path) = @_;
  my $mode = c('O_WRONLY') | c('O_CREAT') | c('O_NOCTTY') | c('O_NONBLOCK');
  my $opened = sysopen(FILE, $path, $mode, 0666);
  my $open_error = $opened ? 0 : 0 + $!;
  $open_error = 0 if $open_error == c('EISDIR');
  my $timed = $opened ? utime(undef, undef, \*FILE) : utime(undef, undef, $path);
  my $time_error = $timed ? 0 : 0 + $!;
  close(FILE) if $opened;
  return 0 if $timed;
  return $open_error ? $open_error : $time_error;
}

# "mountfd userns NAME": a new user namespace, child of the caller's: a child process unshares
# CLONE_NEWUSER, this process maps uid and gid 0 in it to its own 0 (as "unshare --map-root-user"
# does: setgroups deny first; a namespace without mappings cannot idmap a mount), opens
# /proc/PID/ns/user and ends the child. The descriptor keeps the namespace alive. The descriptor,
# or minus the errno of the step that failed.
sub new_userns {
  pipe(my $from_child, my $to_parent) or return -(0 + $!);
  my $pid = fork();
  return -(0 + $!) unless defined $pid;
  if ($pid == 0) {
    close($from_child);
    my $rc = syscall(c('SYS_unshare'), c('CLONE_NEWUSER'));
    syswrite($to_parent, ($rc == 0 ? 0 : 0 + $!) . "\n");
    close($to_parent);
    sleep(3600) while 1;
  }
  close($to_parent);
  my $made = <$from_child>;
  close($from_child);
  chomp $made;
  my $fd = -$made;
  if ($made eq '0') {
    for my $map (['uid_map', "0 0 1\n"], ['setgroups', "deny\n"], ['gid_map', "0 0 1\n"]) {
      my $out;
      my $written = open($out, '>', "/proc/$pid/$map->[0]");
      $written = print($out $map->[1]) && close($out) if $written;
      if (!$written) {
        $fd = -(0 + $!);
        last;
      }
    }
    if ($fd == 0) {
      my $path = "/proc/$pid/ns/user";
      $fd = syscall(c('SYS_open'), $path, c('O_CLOEXEC'));
      $fd = -(0 + $!) if $fd < 0;
    }
  }
  kill('KILL', $pid);
  waitpid($pid, 0);
  return $fd;
}

# chroot(1): chroot(2), then chdir("/"): the executor's own root (docs/semantics.md §2.18). 0 or
# the errno.
sub change_root {
  my ($path) = @_;
  chroot($path) or return 0 + $!;
  chdir('/') or return 0 + $!;
  return 0;
}

# The caller's /proc/self/mountinfo: through the descriptor on /proc opened before any chroot or
# pivot_root line (the new root has no /proc), else by its path; undef when it cannot be opened.
sub open_mountinfo {
  if (defined $PROC) {
    my $name = 'self/mountinfo';
    my $fd = syscall(c('SYS_openat'), fileno($PROC), $name, 0);
    return undef if $fd < 0;
    open(my $in, '<&=', $fd) or return undef;
    return $in;
  }
  open(my $in, '<', '/proc/self/mountinfo') or return undef;
  return $in;
}

# "follow PID": this process goes where the shell PID is, as a process that calls unshare(2)
# keeps its descriptors (docs/language.md, "Descriptors follow the shell"): after an "unshare"
# line the new shell's user namespace and mount namespace, entered with setns(2) through
# /proc/PID/ns/{user,mnt}, each only when it is not this process's already (user first: entering
# the new mount namespace needs CAP_SYS_ADMIN over its owner, CAP_SYS_CHROOT in the own one). A
# process in the parent user namespace may enter a child's. 0 or the errno.
sub follow {
  my ($pid) = @_;
  for my $kind ('user', 'mnt') {
    my @theirs = stat("/proc/$pid/ns/$kind") or return 0 + $!;
    my @mine = stat("/proc/self/ns/$kind") or return 0 + $!;
    next if $theirs[0] == $mine[0] && $theirs[1] == $mine[1];
    open(my $ns, '<', "/proc/$pid/ns/$kind") or return 0 + $!;
    syscall(c('SYS_setns'), 0 + fileno($ns), 0) == 0 or return 0 + $!;
    close($ns);
  }
  return 0;
}

# Keeps a descriptor on /proc for open_mountinfo.
sub keep_proc {
  open($PROC, '<', '/proc') or undef $PROC;
}

# util-linux's "mount -o remount,bind,ro /" (the root's flags as libmount finds them): 0 or the
# errno.
sub prepare {
  my @failure = run_command('mount', '-o', 'remount,bind,ro', '/');
  return @failure > 1 ? $failure[2] : 0;
}

# ---- The dry run and the table ----

# An argument as "explain" prints it: a number in decimal, a string in double quotes, NULL, and
# the deferred kinds by name (ExpectedCalls in Java renders the same).
sub argument_text {
  my ($kind, @v) = @{$_[0]};
  return "$v[0]" if $kind eq 'num';
  return 'NULL' if $kind eq 'null';
  return "\"$v[0]\"" if $kind eq 'str';
  return "fd($v[0])" if $kind eq 'fd';
  return "mountinfo_flags(\"$v[0]\",set=$v[1],clear=$v[2])" if $kind eq 'mountinfo_flags';
  return "mount_attr(attr_set=$v[0],attr_clr=$v[1],propagation=$v[2],userns_fd="
    . (defined $v[3] ? "fd($v[3])" : '0') . ')'
    if $kind eq 'mount_attr';
  die "syscalls.pl: no argument kind $kind\n";
}

# "perl syscalls.pl explain < FILE": each command line of the scenario FILE as "LINE: WORDS",
# then its planned calls one a line ("  NAME(ARGUMENTS)", "-> NAME" when its result is kept,
# "forget NAME" when it drops a name), or "  shell" for a line bash runs, or "  no plan" for a
# line that is none of the language's. Makes no call.
sub explain {
  my $number = 0;
  while (defined(my $line = <STDIN>)) {
    chomp $line;
    $number++;
    my @w = words($line);
    next if !@w;
    print "$number: @w\n";
    my $plan = plan_command(@w);
    if (!defined $plan) {
      print "  no plan\n";
    } elsif ($plan->{shell}) {
      print "  shell\n";
    } else {
      for my $call (@{$plan->{calls}}) {
        my $text = "  $call->{call}(" . join(', ', map { argument_text($_) } @{$call->{args}}) . ')';
        $text .= " -> $call->{keep}" if defined $call->{keep};
        $text .= " forget $call->{forget}" if defined $call->{forget};
        print "$text\n";
      }
    }
  }
}

# "perl syscalls.pl constants": the table, "NAME VALUE" a line, sorted by name.
sub constants {
  print "$_ $C{$_}\n" for sort keys %C;
}

# The table of the namespace FILE holds, read by a child that enters it (setns(2) moves the
# child's root and working directory to the namespace's root, as for nsenter), between "ns-begin
# FILE" and "ns-end FILE"; nothing when FILE cannot be opened or is no namespace file.
sub namespace_table {
  my ($file) = @_;
  my $pid = fork();
  return if !defined $pid;
  if ($pid == 0) {
    open(my $ns, '<', $file) or exit(1);
    syscall(c('SYS_setns'), 0 + fileno($ns), c('CLONE_NEWNS')) == 0 or exit(1);
    local $/;
    open(my $in, '<', '/proc/self/mountinfo') or exit(1);
    my $table = <$in>;
    print OUT "\@\@mc ns-begin $file\n" . $table . "\@\@mc ns-end $file\n";
    exit(0);
  }
  waitpid($pid, 0);
}

# The table after line I: the whole of /proc/self/mountinfo between "step-begin I" and "step-end
# I", or only the rows added at its end since the last table ("step-append I"); once the table has
# more rows than the limit, "steps-too-large I" and no more tables.
sub step {
  my ($index) = @_;
  return if $no_steps;
  local $/;
  my $in = open_mountinfo() or die "executor: mountinfo: $!\n";
  my $table = <$in>;
  close($in);
  if (($table =~ tr/\n//) > $step_limit) {
    $no_steps = 1;
    print OUT "\@\@mc steps-too-large $index\n";
    return;
  }
  my $n = length($previous);
  if ($n && substr($table, 0, $n) eq $previous) {
    print OUT "\@\@mc step-append $index\n" . substr($table, $n) . "\@\@mc step-end $index\n";
  } else {
    print OUT "\@\@mc step-begin $index\n" . $table . "\@\@mc step-end $index\n";
  }
  $previous = $table;
}

# The final table, as the shell prints it, read by the executor: after a chroot or pivot_root line
# the executor's root is the scenario's (docs/semantics.md §2.18).
sub final_table {
  local $/;
  my $in = open_mountinfo();
  my $table = defined $in ? <$in> : '';
  print OUT "\@\@mc final-begin\n" . $table . "\@\@mc final-end\n";
}

# The executor's loop: requests on standard input until its end.
sub serve {
  my ($limit, $stop) = @_;
  $step_limit = 0 + $limit;
  $no_steps = $stop ? 1 : 0;
  $previous = '';
  $failed = 0;
  # Nothing of the shell's but the two pipes and descriptor 18: a descriptor 3-9 the shell
  # inherited holds a mount, and so does the working directory.
  for my $fd (3 .. 17, 19 .. 63) {
    syscall(c('SYS_close'), $fd);
  }
  chdir('/');
  keep_proc();
  open(OUT, '>&=', 18) or die "executor: no descriptor 18: $!\n";
  select(OUT);
  $| = 1;
  select(STDOUT);
  $| = 1;
  while (defined(my $line = <STDIN>)) {
    chomp $line;
    my @w = split(/ +/, $line);
    if ($w[0] eq 'sync') {
      print STDOUT ($failed ? "failed\n" : $no_steps ? "nosteps\n" : "ok\n");
    } elsif ($w[0] eq 'step') {
      step($w[1]);
    } elsif ($w[0] eq 'prepare') {
      $failed = 1 if prepare();
    } elsif ($w[0] eq 'follow') {
      $failed = 1 if follow($w[1]);
    } elsif ($w[0] eq 'ns') {
      namespace_table($w[1]);
    } elsif ($w[0] eq 'final') {
      final_table();
    } else {
      my $index = shift @w;
      my ($status, $call, $errno) = run_command(@w);
      my $text = '';
      if ($status) {
        local $! = $errno;
        $text = "executor: $call(2) failed [errno=$errno]: $!\n";
      }
      print OUT "\@\@mc begin $index\n$text\@\@mc end $index $status\n";
      step($index);
    }
  }
}

# The exit status the shell reports for a child's wait status.
sub exit_status {
  my ($status) = @_;
  return ($status & 127) ? 128 + ($status & 127) : $status >> 8;
}

# The guest's scenario starter, one per boot. For each request "run SCRIPT STDERR SECONDS LIMIT"
# it does what "timeout -s KILL SECONDS unshare -Urm bash < SCRIPT 2> STDERR" did, with one fork
# instead of three new programs: a child in its own process group makes a new user and mount
# namespace as util-linux's unshare -Urm does (unshare(2), setgroups "deny", uid and gid maps of 0
# to the caller, then its default --propagation private: MS_REC | MS_PRIVATE on "/"), then forks
# the scenario's bash and serves as its executor (the script finds the pipes in __MC_X_FDS); the
# whole group is killed after SECONDS. Answers the exit status (137 when killed) on one line.
sub zygote {
  $^F = 255;
  my ($uid, $gid) = ($<, 0 + $();
  $| = 1;
  while (defined(my $line = <STDIN>)) {
    chomp $line;
    my (undef, $script, $stderr, $seconds, $limit) = split(/ +/, $line);
    my $pid = fork();
    if (!defined $pid) {
      print "126\n";
      next;
    }
    if ($pid == 0) {
      setpgrp(0, 0);
      exit(scenario($script, $stderr, $uid, $gid, $limit));
    }
    setpgrp($pid, $pid);
    my $killed = 0;
    local $SIG{ALRM} = sub { $killed = 1; kill('KILL', -$pid); };
    alarm(0 + $seconds);
    waitpid($pid, 0);
    alarm(0);
    my $status = $?;
    kill('KILL', -$pid);
    print(($killed ? 137 : exit_status($status)), "\n");
  }
}

sub write_file {
  my ($path, $text) = @_;
  open(my $f, '>', $path) or return 0;
  my $ok = print $f $text;
  return close($f) && $ok;
}

# One scenario (see zygote): its exit status is the shell's.
sub scenario {
  my ($script, $stderr, $uid, $gid, $limit) = @_;
  # opened before the new namespace: a file open for writing on the copy of the root would make
  # the script's read-only remount fail (EBUSY), as /init's "2> FILE" was opened outside it
  open(my $errors, '>', $stderr) or return 96;
  syscall(c('SYS_unshare'), c('CLONE_NEWUSER') | c('CLONE_NEWNS')) == 0 or return 96;
  write_file('/proc/self/setgroups', 'deny') or return 96;
  write_file('/proc/self/uid_map', "0 $uid 1") or return 96;
  write_file('/proc/self/gid_map', "0 $gid 1") or return 96;
  # (syscall() may write into a string argument: variables, not literals)
  my ($source, $root) = ('none', '/');
  syscall(c('SYS_mount'), $source, $root, 0, c('MS_REC') | c('MS_PRIVATE'), 0) == 0 or return 96;
  pipe(my $to_r, my $to_w) or return 96;
  pipe(my $from_r, my $from_w) or return 96;
  my $bash = fork();
  return 96 if !defined $bash;
  if ($bash == 0) {
    close($to_r);
    close($from_w);
    # the pipes go to descriptors 60 and 61, out of the scenario's own 3 to 9 (exec N<PATH would
    # otherwise replace one of them and the shell would wait for the executor for ever)
    syscall(c('SYS_dup2'), fileno($from_r), 60) == 60 or exit(96);
    syscall(c('SYS_dup2'), fileno($to_w), 61) == 61 or exit(96);
    close($from_r);
    close($to_w);
    open(STDIN, '<', $script) or exit(96);
    open(STDOUT, '>&18') or exit(96);
    open(STDERR, '>&', $errors) or exit(96);
    close($errors);
    $ENV{__MC_X_FDS} = '60 61';
    exec('/bin/bash', '--norc', '--noprofile');
    exit(127);
  }
  close($to_w);
  close($from_r);
  close($errors);
  open(STDIN, '<&', $to_r) or return 96;
  open(STDOUT, '>&', $from_w) or return 96;
  close($to_r);
  close($from_w);
  serve($limit, '');
  waitpid($bash, 0);
  return exit_status($?);
}

# "perl syscalls.pl fd": the coprocess of one shell's "mountfd" function (see shell below). Each
# request is a mountfd line's words after "mountfd"; a failure's message goes to standard error,
# then the exit status to standard output.
sub fd_server {
  for my $fd (3 .. 63) {
    syscall(c('SYS_close'), $fd);
  }
  chdir('/');
  keep_proc();
  $| = 1;
  while (defined(my $line = <STDIN>)) {
    chomp $line;
    my @w = words($line);
    # "--follow PID": the shell that sends it is a new one (see follow and $MOUNTFD_FUNCTION)
    # "--quit": the shell that holds the descriptors exits (Executor.CLOSE_MOUNTFD)
    exit(0) if @w == 1 && $w[0] eq '--quit';
    if (@w == 2 && $w[0] eq '--follow') {
      print((follow($w[1]) ? 1 : 0), "\n");
      next;
    }
    # a root change and, after one, the shell's classic lines (see @ROOT_FUNCTIONS)
    # ("chroot NAME" is the line "mountfd chroot NAME": chroot(1) takes an absolute path here)
    my $rooted = grep { $_ eq $w[0] } ('pivot_root', @ROOTED_TOOLS);
    my $classic = @w && ($rooted || ($w[0] eq 'chroot' && @w > 1 && $w[1] =~ m{^/}));
    my @plan = $classic ? @w : ('mountfd', @w);
    my ($status, $call, $errno) = perform(plan_command(@plan));
    if ($status) {
      local $! = $errno;
      my $who = $classic ? $w[0] : 'mountfd';
      print STDERR "$who: $call(2) failed [errno=$errno]: $!\n";
    }
    print "$status\n";
  }
}

# The shell function "mountfd": its coprocess's pipes are on descriptors 52 (answers) and 53
# (requests), reopened through /proc/self/fd so that they are no close-on-exec copies of bash's
# coproc descriptors and a shell that an "unshare" line starts inherits them. On its first call in
# a shell, the function sends an inherited coprocess "--follow PID" (it enters the new shell's
# namespaces: the descriptors follow the shell, as for a process that calls unshare(2)), or starts
# the coprocess when there is none; then it sends the line and returns its status.
$MOUNTFD_FUNCTION = '() { if [[ $__mc_fd_pid != "$BASHPID" ]]; then'
  . ' if { true >&53; } 2>/dev/null; then printf "%s\n" "--follow $BASHPID" >&53;'
  . ' local __mc_f; read -r __mc_f <&52; [[ $__mc_f = 0 ]] || return 1;'
  . ' else coproc __MC_FD { exec perl -e "$__MC_PL" fd; };'
  . ' exec 52</proc/self/fd/${__MC_FD[0]} 53>/proc/self/fd/${__MC_FD[1]}; fi;'
  . ' __mc_fd_pid=$BASHPID; fi;'
  . ' printf "%s\n" "$*" >&53; local __mc_s;'
  . ' read -r __mc_s <&52;'
  . ' [[ $1 == chroot && $__mc_s == 0 ]] && __mc_rooted=1; return "${__mc_s:-1}"; }';

# The tools a shell hands to its coprocess once its root changed (the coprocess's root).
@ROOTED_TOOLS = ('mount', 'umount', 'mkdir', 'touch', 'rmdir');

# The shell functions "chroot" and "pivot_root" of a scenario run by hand: the shell's "mountfd"
# coprocess makes the call (bash cannot go on in a root without its tools), and from then on the
# shell's mount, umount, mkdir, touch and rmdir lines go to the coprocess too, whose root it is.
@ROOT_FUNCTIONS = (
  ['__mc_send', $MOUNTFD_FUNCTION],
  ['chroot', '() { __mc_send chroot "$@" && __mc_rooted=1; }'],
  ['pivot_root', '() { __mc_send pivot_root "$@" && __mc_rooted=1; }']);
for my $tool (@ROOTED_TOOLS) {
  push @ROOT_FUNCTIONS,
    [$tool, '() { if [[ -n $__mc_rooted ]]; then __mc_send ' . $tool . ' "$@";'
      . ' else command ' . $tool . ' "$@"; fi; }'];
}

# "unshare -Urm perl syscalls.pl shell < FILE": runs a scenario by hand. Makes the root read-only
# and moves to it (as "mount -o remount,bind,ro / && cd /"), then becomes "bash --norc
# --noprofile" reading the scenario on standard input, with the function "mountfd" exported.
sub shell {
  {
    local $/;
    open(my $self, '<', $0) or die "syscalls.pl: $0: $!\n";
    $ENV{'__MC_PL'} = <$self>;
    close($self);
  }
  my $error = prepare();
  if ($error) {
    local $! = $error;
    die "syscalls.pl: mount -o remount,bind,ro /: $!\n";
  }
  chdir('/') or die "syscalls.pl: cd /: $!\n";
  $ENV{'BASH_FUNC_mountfd%%'} = $MOUNTFD_FUNCTION;
  for my $f (@ROOT_FUNCTIONS) {
    $ENV{'BASH_FUNC_' . $f->[0] . '%%'} = $f->[1];
  }
  # the shell an "unshare -m" line starts ($SHELL, util-linux) must be bash too, to have mountfd
  $ENV{'SHELL'} = '/bin/bash';
  exec('/bin/bash', '--norc', '--noprofile');
  die "syscalls.pl: bash: $!\n";
}

if ($ARGV[0] eq 'zygote') {
  zygote();
} elsif ($ARGV[0] eq 'fd') {
  fd_server();
} elsif ($ARGV[0] eq 'shell') {
  shell();
} elsif ($ARGV[0] eq 'explain') {
  explain();
} elsif ($ARGV[0] eq 'constants') {
  constants();
} elsif ($ARGV[0] eq 'function') {
  print "$MOUNTFD_FUNCTION\n";
} else {
  serve($ARGV[0], $ARGV[1]);
}
