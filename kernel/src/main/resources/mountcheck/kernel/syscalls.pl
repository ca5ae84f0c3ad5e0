# mountcheck's resident executor (Executor.SYSCALLS, see ScenarioScript): one perl process per
# scenario shell, started as the shell's coprocess, that runs the scenario's mount, umount, mkdir,
# touch and rmdir lines with direct system calls instead of one mount(8) or coreutils process per
# line. It uses no perl module (the guest's initramfs holds only the perl binary).
#
# Input, one line each: "I COMMAND..." runs scenario line I (a command of the scenario language,
# as the scenario file writes it) and prints its markers and its table; "step I" only prints the
# table after line I (a line the shell ran itself); "prepare" makes the root read-only as the
# shell's "mount -o remount,bind,ro /" does; "ns FILE" prints the table of the namespace FILE
# holds, as "nsenter --mount=FILE cat /proc/self/mountinfo" does, or nothing when FILE holds none;
# "sync" answers "ok" (or "nosteps" once the tables grew past the step limit, "failed" when
# "prepare" failed) on standard output, so the shell knows everything before it has been printed.
# Markers and tables go to descriptor 18, the shell's standard output.
#
# Arguments: the step limit (rows of mountinfo), and 1 when the tables are no longer printed.
#
# With the argument "zygote" it is instead the guest's scenario starter (GuestImage's /init starts
# one per boot): see zygote() below.
#
# Each command answers the errno the tools give (util-linux 2.38 makes exactly these mount(2) and
# umount2(2) calls for the scenario language, and reports their errno; coreutils' mkdir -p, touch
# and rmdir are followed call by call, see below) as a line "executor: CALL(2) failed [errno=N]:
# TEXT" (TEXT: strerror's, in the C locale).

# x86_64 system call numbers (arch/x86/entry/syscalls/syscall_64.tbl)
$SYS_close = 3;
$SYS_dup2 = 33;
$SYS_mount = 165;
$SYS_umount2 = 166;
$SYS_setns = 308;
$SYS_unshare = 272;
$SYS_open_tree = 428;
$SYS_move_mount = 429;
$SYS_fsopen = 430;
$SYS_fsconfig = 431;
$SYS_fsmount = 432;
$SYS_mount_setattr = 442;

# the fd-based mount API's flags, include/uapi/linux/mount.h and include/uapi/linux/fcntl.h
$AT_FDCWD = -100;
$AT_EMPTY_PATH = 0x1000;
$AT_RECURSIVE = 0x8000;
$O_CLOEXEC = 0x80000;
%OPEN_TREE_FLAGS = ('OPEN_TREE_CLONE' => 1, 'AT_RECURSIVE' => $AT_RECURSIVE);
$MOVE_MOUNT_F_EMPTY_PATH = 0x4;
$MOVE_MOUNT_T_EMPTY_PATH = 0x40;
%MOVE_MOUNT_FLAGS = ('MOVE_MOUNT_SET_GROUP' => 0x100, 'MOVE_MOUNT_BENEATH' => 0x200);
$FSOPEN_CLOEXEC = 1;
$FSCONFIG_SET_STRING = 1;
$FSCONFIG_CMD_CREATE = 6;
$FSMOUNT_CLOEXEC = 1;
%MOUNT_ATTR = (
  'ro' => 0x1,
  'nosuid' => 0x2,
  'nodev' => 0x4,
  'noexec' => 0x8,
  'relatime' => 0x0,
  'noatime' => 0x10,
  'strictatime' => 0x20,
  'nodiratime' => 0x80,
  'idmap' => 0x100000,
  'atime' => 0x70,
  'nosymfollow' => 0x200000);
$MOUNT_ATTR_SIZE_VER0 = 32;

# mount(2) flags, include/uapi/linux/mount.h
$MS_RDONLY = 1;
$MS_REMOUNT = 32;
$MS_BIND = 4096;
$MS_MOVE = 8192;
$MS_REC = 16384;
$MS_UNBINDABLE = 1 << 17;
$MS_PRIVATE = 1 << 18;
$MS_SLAVE = 1 << 19;
$MS_SHARED = 1 << 20;
%PROPAGATION = (
  'shared' => $MS_SHARED,
  'slave' => $MS_SLAVE,
  'private' => $MS_PRIVATE,
  'unbindable' => $MS_UNBINDABLE);

# the per-mount flags libmount reads back from a mount's mountinfo options for a remount (it
# starts from them and applies the line's options over them), include/uapi/linux/mount.h
%KEPT = (
  'nosuid' => 2,
  'nodev' => 4,
  'noexec' => 8,
  'nosymfollow' => 256,
  'noatime' => 1024,
  'nodiratime' => 2048,
  'relatime' => 1 << 21,
  'strictatime' => 1 << 24);

# the option words of a -o list: each sets (1) or clears (0) one flag, as libmount applies them
%OPTION = (
  'ro' => [1, $MS_RDONLY], 'rw' => [0, $MS_RDONLY],
  'nosuid' => [1, 2], 'suid' => [0, 2],
  'nodev' => [1, 4], 'dev' => [0, 4],
  'noexec' => [1, 8], 'exec' => [0, 8],
  'noatime' => [1, 1024], 'atime' => [0, 1024],
  'relatime' => [1, 1 << 21], 'norelatime' => [0, 1 << 21],
  'strictatime' => [1, 1 << 24], 'nostrictatime' => [0, 1 << 24],
  'nodiratime' => [1, 2048], 'diratime' => [0, 2048],
  'nosymfollow' => [1, 256], 'symfollow' => [0, 256]);

# setns(2) and unshare(2) flags, include/uapi/linux/sched.h
$CLONE_NEWNS = 0x00020000;
$CLONE_NEWUSER = 0x10000000;

# umount2(2) flag MNT_DETACH, include/linux/fs.h (glibc's <sys/mount.h>)
$MNT_DETACH = 2;

# open(2) flags, include/uapi/asm-generic/fcntl.h
$O_WRONLY = 1;
$O_CREAT = 64;
$O_NOCTTY = 256;
$O_NONBLOCK = 2048;

# errno values, include/uapi/asm-generic/errno-base.h
$ENOENT = 2;
$EISDIR = 21;
$EINVAL = 22;

# mount(2); 0 or the errno
sub mount_call {
  my ($source, $target, $type, $flags) = @_;
  return syscall($SYS_mount, $source, $target, $type, 0 + $flags, 0) == 0 ? 0 : 0 + $!;
}

# The flags of a list of option words applied over START, or undef for a word that is none.
sub option_flags {
  my ($start, @words) = @_;
  my $flags = $start;
  for my $o (@words) {
    return undef if !exists $OPTION{$o};
    my ($set, $bit) = @{$OPTION{$o}};
    $flags = $set ? ($flags | $bit) : ($flags & ~$bit);
  }
  return $flags;
}

# The flags libmount starts a remount of PATH from: those of the per-mount options of the last
# mountinfo row whose mount point is PATH, or none.
sub current_flags {
  my ($path) = @_;
  my $options;
  open(my $in, '<', '/proc/self/mountinfo') or return 0;
  while (my $row = <$in>) {
    my @f = split(/ /, $row);
    $options = $f[5] if $f[4] eq $path;
  }
  close($in);
  my $flags = 0;
  if (defined $options) {
    for my $o (split(/,/, $options)) {
      $flags |= $KEPT{$o} if exists $KEPT{$o};
      $flags |= $MS_RDONLY if $o eq 'ro';
    }
  }
  return $flags;
}

# mount(8)'s lines that take -o (see run_command): (exit status, call, errno) or undef when the
# words are not such a line. util-linux 2.38 makes these calls (seen with strace):
#   mount -o remount[,bind],OPTS PATH: mount(SRC, PATH, NULL, MS_REMOUNT [| MS_BIND] | flags),
#     flags = the current per-mount options of PATH's mountinfo row with OPTS applied over them;
#   mount -t tmpfs -o OPTS NAME PATH: mount(NAME, PATH, "tmpfs", flags of OPTS, NULL);
#   mount --bind|--rbind -o OPTS SRC DST: mount(SRC, DST, NULL, MS_BIND [| MS_REC] | flags), then
#     when it worked and OPTS set a flag, mount("none", DST, NULL, MS_REMOUNT | MS_BIND [| MS_REC]
#     | flags of OPTS).
sub mount_with_options {
  my @w = @_;
  my ($type, $mode, $remount, $bind, @words, @args);
  for (my $i = 1; $i < @w; $i++) {
    my $x = $w[$i];
    if ($x eq '-t') {
      $type = $w[++$i];
    } elsif ($x eq '--bind' || $x eq '--rbind' || $x eq '--move') {
      $mode = $x;
    } elsif ($x eq '-o') {
      for my $o (split(/,/, $w[++$i])) {
        if ($o eq 'remount') {
          $remount = 1;
        } elsif ($o eq 'bind') {
          $bind = 1;
        } else {
          push @words, $o;
        }
      }
    } else {
      push @args, $x;
    }
  }
  my $error;
  if ($remount) {
    return () if @args != 1;
    my $flags = option_flags(current_flags($args[0]), @words);
    return () if !defined $flags;
    $flags |= $MS_REMOUNT;
    $flags |= $MS_BIND if $bind || (defined $mode && $mode eq '--bind');
    $error = mount_call('none', $args[0], 0, $flags);
  } elsif (defined $type) {
    my $flags = option_flags(0, @words);
    return () if $type ne 'tmpfs' || @args != 2 || !defined $flags;
    $error = mount_call($args[0], $args[1], 'tmpfs', $flags);
  } else {
    my $flags = option_flags(0, @words);
    return () if @args != 2 || !defined $flags || (defined $mode && $mode eq '--move');
    my $rec = (defined $mode && $mode eq '--rbind') ? $MS_REC : 0;
    $error = mount_call($args[0], $args[1], 'none', $MS_BIND | $rec | $flags);
    # the remount only when OPTS leave a flag set (-o rw alone makes none)
    $error = mount_call('none', $args[1], 0, $MS_REMOUNT | $MS_BIND | $rec | $flags)
      if !$error && $flags;
  }
  return $error ? (32, 'mount', $error) : (0);
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
      $error = ($made != 0 && $entered == $ENOENT) ? $made : $entered;
      last;
    }
  }
  if (!$error) {
    my $name = @parts ? $last : "/$last";
    if (!mkdir($name, 0777)) {
      my $made = 0 + $!;
      $error = $made unless $made != $ENOENT && -d $name;
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
  my $opened = sysopen(FILE, $path, $O_WRONLY | $O_CREAT | $O_NOCTTY | $O_NONBLOCK, 0666);
  my $open_error = $opened ? 0 : 0 + $!;
  $open_error = 0 if $open_error == $EISDIR;
  my $timed = $opened ? utime(undef, undef, \*FILE) : utime(undef, undef, $path);
  my $time_error = $timed ? 0 : 0 + $!;
  close(FILE) if $opened;
  return 0 if $timed;
  return $open_error ? $open_error : $time_error;
}

# One command of the scenario language: (exit status, the call that failed, its errno).
sub run_command {
  my @w = @_;
  if ($w[0] eq 'mkdir' && $w[1] eq '-p') {
    return every('mkdir', \&make_dirs_one, @w[2 .. $#w]);
  }
  if ($w[0] eq 'touch') {
    return every('touch', \&touch_one, @w[1 .. $#w]);
  }
  if ($w[0] eq 'rmdir') {
    return every('rmdir', sub { rmdir($_[0]) ? 0 : 0 + $! }, @w[1 .. $#w]);
  }
  if ($w[0] eq 'umount') {
    # umount(8) calls umount2(2) on the path as given (MNT_DETACH for -l)
    my ($flags, $target) = $w[1] eq '-l' ? ($MNT_DETACH, $w[2]) : (0, $w[1]);
    my $rc = syscall($SYS_umount2, $target, 0 + $flags);
    return $rc == 0 ? (0) : (32, 'umount', 0 + $!);
  }
  if ($w[0] eq 'mountfd') {
    return mountfd(@w[1 .. $#w]);
  }
  if ($w[0] eq 'mount') {
    if (grep { $_ eq '-o' } @w) {
      my @outcome = mount_with_options(@w);
      return @outcome ? @outcome : (2, 'parse', 22);
    }
    my $error;
    if ($w[1] eq '-t' && $w[2] eq 'tmpfs') {
      # mount -t tmpfs NAME PATH: mount(NAME, PATH, "tmpfs", 0, NULL)
      $error = mount_call($w[3], $w[4], 'tmpfs', 0);
    } elsif ($w[1] eq '--bind') {
      $error = mount_call($w[2], $w[3], 'none', $MS_BIND);
    } elsif ($w[1] eq '--rbind') {
      $error = mount_call($w[2], $w[3], 'none', $MS_BIND | $MS_REC);
    } elsif ($w[1] eq '--move') {
      $error = mount_call($w[2], $w[3], 'none', $MS_MOVE);
    } elsif ($w[1] =~ /^--make-(r?)(shared|slave|private|unbindable)$/) {
      # mount --make-[r]TYPE PATH: mount("none", PATH, NULL, MS_TYPE [| MS_REC], NULL)
      my $flags = $PROPAGATION{$2} | ($1 eq 'r' ? $MS_REC : 0);
      $error = mount_call('none', $w[2], 0, $flags);
    } else {
      return (2, 'parse', 22);
    }
    return $error ? (32, 'mount', $error) : (0);
  }
  return (2, 'parse', 22);
}

# The descriptors of the scenario's "mountfd" lines, by name (README, "The fd-based mount API").
%NAMES = ();

# A held name's descriptor, or -1 (the kernel answers EBADF).
sub named {
  my ($name) = @_;
  return exists $NAMES{$name} ? $NAMES{$name} : -1;
}

# A path or a name as (dirfd, path, empty): a path is resolved from AT_FDCWD, a name is its
# descriptor with an empty path.
sub location {
  my ($word) = @_;
  return ($AT_FDCWD, $word, 0) if $word =~ m{^/};
  return (named($word), '', 1);
}

# Keeps a new descriptor under NAME, closing what NAME held before.
sub keep {
  my ($name, $fd) = @_;
  syscall($SYS_close, $NAMES{$name}) if exists $NAMES{$name};
  $NAMES{$name} = $fd;
}

# The MOUNT_ATTR_* bits of "ro,nosuid,..."; undef for an unknown word.
sub attributes {
  my ($list) = @_;
  my $bits = 0;
  for my $a (split(/,/, $list)) {
    return undef unless exists $MOUNT_ATTR{$a};
    $bits |= $MOUNT_ATTR{$a};
  }
  return $bits;
}

# A system call's answer as (exit status, the call, its errno): 0 or more is success.
sub answer {
  my ($call, $rc) = @_;
  return $rc >= 0 ? (0) : (1, $call, 0 + $!);
}

# One "mountfd CALL ARGS..." line: one system call, its descriptors kept by name.
sub mountfd {
  my ($call, @a) = @_;
  if ($call eq 'open_tree' && @a >= 2) {
    my ($name, $from, @flags) = @a;
    my ($dirfd, $path, $empty) = location($from);
    my $flags = $O_CLOEXEC | ($empty ? $AT_EMPTY_PATH : 0);
    for my $f (@flags) {
      return (2, 'parse', $EINVAL) unless exists $OPEN_TREE_FLAGS{$f};
      $flags |= $OPEN_TREE_FLAGS{$f};
    }
    my $fd = syscall($SYS_open_tree, $dirfd, $path, $flags);
    keep($name, $fd) if $fd >= 0;
    return answer('open_tree', $fd);
  }
  if ($call eq 'move_mount' && (@a == 2 || @a == 3)) {
    my ($from_dirfd, $from_path, $from_empty) = location($a[0]);
    my ($to_dirfd, $to_path, $to_empty) = location($a[1]);
    my $flags = ($from_empty ? $MOVE_MOUNT_F_EMPTY_PATH : 0)
      | ($to_empty ? $MOVE_MOUNT_T_EMPTY_PATH : 0);
    if (@a == 3) {
      return (2, 'parse', $EINVAL) unless exists $MOVE_MOUNT_FLAGS{$a[2]};
      $flags |= $MOVE_MOUNT_FLAGS{$a[2]};
    }
    return answer('move_mount',
      syscall($SYS_move_mount, $from_dirfd, $from_path, $to_dirfd, $to_path, $flags));
  }
  if ($call eq 'mount_setattr' && @a >= 1) {
    my ($target, @rest) = @a;
    my ($dirfd, $path, $empty) = location($target);
    my $flags = $empty ? $AT_EMPTY_PATH : 0;
    my ($set, $clear, $propagation) = (0, 0, 0);
    for my $r (@rest) {
      if ($r eq 'AT_RECURSIVE') {
        $flags |= $AT_RECURSIVE;
      } elsif ($r =~ /^attr_set=(.*)$/) {
        $set = attributes($1);
      } elsif ($r =~ /^attr_clr=(.*)$/) {
        $clear = attributes($1);
      } elsif ($r =~ /^propagation=(.*)$/ && exists $PROPAGATION{$1}) {
        $propagation = $PROPAGATION{$1};
      } else {
        return (2, 'parse', $EINVAL);
      }
      return (2, 'parse', $EINVAL) unless defined $set && defined $clear;
    }
    # struct mount_attr (MOUNT_ATTR_SIZE_VER0): attr_set, attr_clr, propagation, userns_fd
    my $attr = pack('QQQQ', $set, $clear, $propagation, 0);
    return answer('mount_setattr',
      syscall($SYS_mount_setattr, $dirfd, $path, $flags, $attr, $MOUNT_ATTR_SIZE_VER0));
  }
  if ($call eq 'fsopen' && @a == 2) {
    my ($name, $type) = @a;
    my $fd = syscall($SYS_fsopen, $type, $FSOPEN_CLOEXEC);
    keep($name, $fd) if $fd >= 0;
    return answer('fsopen', $fd);
  }
  if ($call eq 'fsconfig' && @a == 3 && $a[1] eq 'source') {
    my ($key, $value) = ('source', $a[2]);
    return answer('fsconfig',
      syscall($SYS_fsconfig, named($a[0]), $FSCONFIG_SET_STRING, $key, $value, 0));
  }
  if ($call eq 'fsconfig' && @a == 2 && $a[1] eq 'create') {
    return answer('fsconfig', syscall($SYS_fsconfig, named($a[0]), $FSCONFIG_CMD_CREATE, 0, 0, 0));
  }
  if ($call eq 'fsmount' && (@a == 2 || @a == 3)) {
    my ($name, $fs, $attr) = @a;
    my $bits = 0;
    if (defined $attr) {
      return (2, 'parse', $EINVAL) unless $attr =~ /^attr=(.*)$/;
      $bits = attributes($1);
      return (2, 'parse', $EINVAL) unless defined $bits;
    }
    my $fd = syscall($SYS_fsmount, named($fs), $FSMOUNT_CLOEXEC, $bits);
    keep($name, $fd) if $fd >= 0;
    return answer('fsmount', $fd);
  }
  if ($call eq 'close' && @a == 1) {
    syscall($SYS_close, $NAMES{$a[0]}) if exists $NAMES{$a[0]};
    delete $NAMES{$a[0]};
    return (0);
  }
  return (2, 'parse', $EINVAL);
}

# Runs one call per path, going on after a failure (as mkdir -p, touch and rmdir do); the first
# failure is the line's.
sub every {
  my ($call, $one, @paths) = @_;
  my $first = 0;
  for my $p (@paths) {
    my $error = $one->($p);
    $first = $error if $error && !$first;
  }
  return $first ? (1, $call, $first) : (0);
}

# util-linux's "mount -o remount,bind,ro /": mount(2) with MS_REMOUNT | MS_BIND | MS_RDONLY and
# the flags the root mount has (the last row of the table mounted on "/", as libmount finds it).
sub prepare {
  my $options = '';
  open(my $in, '<', '/proc/self/mountinfo') or return 0 + $!;
  while (my $row = <$in>) {
    my @f = split(/ /, $row);
    $options = $f[5] if $f[4] eq '/';
  }
  close($in);
  my $flags = $MS_REMOUNT | $MS_BIND | $MS_RDONLY;
  for my $o (split(/,/, $options)) {
    $flags |= $KEPT{$o} if exists $KEPT{$o};
  }
  return mount_call('none', '/', 0, $flags);
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
    syscall($SYS_setns, 0 + fileno($ns), $CLONE_NEWNS) == 0 or exit(1);
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
  open(my $in, '<', '/proc/self/mountinfo') or die "executor: mountinfo: $!\n";
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
    syscall($SYS_close, $fd);
  }
  chdir('/');
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
    } elsif ($w[0] eq 'ns') {
      namespace_table($w[1]);
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
  syscall($SYS_unshare, $CLONE_NEWUSER | $CLONE_NEWNS) == 0 or return 96;
  write_file('/proc/self/setgroups', 'deny') or return 96;
  write_file('/proc/self/uid_map', "0 $uid 1") or return 96;
  write_file('/proc/self/gid_map', "0 $gid 1") or return 96;
  mount_call('none', '/', 0, $MS_REC | $MS_PRIVATE) == 0 or return 96;
  pipe(my $to_r, my $to_w) or return 96;
  pipe(my $from_r, my $from_w) or return 96;
  my $bash = fork();
  return 96 if !defined $bash;
  if ($bash == 0) {
    close($to_r);
    close($from_w);
    # the pipes go to descriptors 60 and 61, out of the scenario's own 3 to 9 (exec N<PATH would
    # otherwise replace one of them and the shell would wait for the executor for ever)
    syscall($SYS_dup2, fileno($from_r), 60) == 60 or exit(96);
    syscall($SYS_dup2, fileno($to_w), 61) == 61 or exit(96);
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
    syscall($SYS_close, $fd);
  }
  chdir('/');
  $| = 1;
  while (defined(my $line = <STDIN>)) {
    chomp $line;
    my ($status, $call, $errno) = mountfd(split(/ +/, $line));
    if ($status) {
      local $! = $errno;
      print STDERR "mountfd: $call(2) failed [errno=$errno]: $!\n";
    }
    print "$status\n";
  }
}

# The shell function "mountfd": on its first call in a shell it starts that shell's coprocess (in
# the shell's namespace), then sends it the line and returns its status.
$MOUNTFD_FUNCTION = '() { if [[ $__mc_fd_pid != "$BASHPID" ]]; then'
  . ' coproc __MC_FD { exec perl -e "$__MC_PL" fd; }; __mc_fd_pid=$BASHPID; fi;'
  . ' printf "%s\n" "$*" >&"${__MC_FD[1]}"; local __mc_s;'
  . ' read -r __mc_s <&"${__MC_FD[0]}"; return "${__mc_s:-1}"; }';

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
} elsif ($ARGV[0] eq 'function') {
  print "$MOUNTFD_FUNCTION\n";
} else {
  serve($ARGV[0], $ARGV[1]);
}
