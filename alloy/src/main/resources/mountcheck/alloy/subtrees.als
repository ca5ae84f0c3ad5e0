/*
 * subtrees.als: shared subtrees (mount propagation) and the rule that decides
 * which propagated copies an umount takes with it.
 *
 * Section marks such as §1.6 refer to docs/semantics.md. "propagate_umount.txt" is the kernel
 * document Documentation/filesystems/propagate_umount.txt (Linux 6.17+), whose
 * definitions this model states declaratively.
 *
 * Every check carries "expect 0" (no counterexample within the scope) and
 * every run "expect 1" (an instance exists); the Java runner in
 * mountcheck.alloy fails when the solver disagrees.
 */
module subtrees

------------------------------------------------------------------------------
-- State (§1.1, §1.3, §1.4)
------------------------------------------------------------------------------

/* A filesystem instance (a superblock). */
sig Fs {
  top: one Dentry   -- the directory at the top of the filesystem
}

/* A directory of one filesystem. */
sig Dentry {
  fs: one Fs,
  up: lone Dentry   -- the directory containing it; none for the top
}

/* A peer group (a non-zero mnt_group_id). */
sig Group {}

sig Mount {
  root: one Dentry,     -- the dentry this mount shows at its top (a subdirectory for a bind of one)
  parent: lone Mount,   -- the mount it is attached to; none for an absolute root
  mp: lone Dentry,      -- the dentry of the parent it is attached on (its mountpoint)
  group: lone Group,    -- its peer group; none when it is not shared
  master: lone Group    -- the group it receives propagation from; none when it is not a slave
}

/* MNT_LOCKED: the mount hides what is below it from a less privileged
   namespace and may only go together with its parent (§1.4). */
sig Locked in Mount {}

/* Unbindable: cannot be the source of a bind (§1.1). */
sig Unbindable in Mount {}

/* The request: umount(2) (or umount -l) of one mount. */
one sig Umount {
  top: one Mount
}

fun children: Mount -> Mount { ~parent }

fun fsOf[m: Mount]: one Fs { m.root.fs }

/* c covers the whole root of its parent: an overmount (§1.2). */
pred overmount[c: Mount] { c.mp = c.parent.root }

------------------------------------------------------------------------------
-- Well-formedness (§1.6)
------------------------------------------------------------------------------

fact Directories {
  -- each filesystem is one directory tree below its top
  all f: Fs | f.top.fs = f
  all d: Dentry | (no d.up) <=> (d = d.fs.top)
  all d: Dentry | some d.up => d.up.fs = d.fs
  no d: Dentry | d in d.^up
}

/* The directories a mount shows: its root and everything below it. */
fun shows[m: Mount]: set Dentry { m.root.*~up }

fact MountTree {
  -- parent links form a forest; the absolute roots have no parent (§1.1)
  no m: Mount | m in m.^parent
  -- a mount has a mountpoint exactly when it has a parent
  all m: Mount | (some m.parent) <=> (some m.mp)
  -- the mountpoint is a directory the parent shows (at or below its root)
  all m: Mount | some m.parent => m.mp in shows[m.parent]
  -- §1.6 (2): at most one mount per (parent, mountpoint) (6.17+)
  all disj a, b: Mount | some a.parent and a.parent = b.parent => a.mp != b.mp
}

fact PropagationGraph {
  -- §1.6 (3): peers share their master
  all a, b: Mount | some a.group and a.group = b.group => a.master = b.master
  -- peers and slaves are binds of the same filesystem (§2.3: copies share the superblock)
  all a, b: Mount | some a.group and (b.group = a.group or b.master = a.group) => fsOf[a] = fsOf[b]
  -- §1.6 (4): a master is a shared group, so every group has a member
  all g: Group | some group.g
  -- §1.6 (4): the propagation graph over groups is acyclic
  no g: Group | g in g.^groupFeeds
}

fact Flags {
  -- §1.6 (7): only mounts with a parent are locked (6.15+)
  all m: Locked | some m.parent
  -- §1.6 (8): unbindable excludes shared
  no Unbindable.group
}

fact UmountRequest {
  -- §2.8.1: the target has a parent (else EINVAL) and is not locked (else EINVAL)
  some Umount.top.parent
  Umount.top not in Locked
}

/* g -> h: some mount of group h is a slave of group g. */
fun groupFeeds: Group -> Group { ~master.group }

------------------------------------------------------------------------------
-- Receivers (§1.3)
------------------------------------------------------------------------------

/* x -> y: an event on x reaches y directly: y is a peer of x, or a slave of
   x's group. Mounts that are not shared forward nothing (§1.3: only shared
   mounts have slaves). */
fun feeds: Mount -> Mount {
  { x, y: Mount | some x.group and (y.group = x.group or y.master = x.group) }
}

/* Receivers(p): every peer of p except p, and everything downstream of p's
   group through slaves, transitively: what propagation_next(., p) visits. */
fun receivers[p: Mount]: set Mount { p.^feeds - p }

------------------------------------------------------------------------------
-- The umount set and its candidates (§2.8.3, §2.8.4, §3.5 phase 1)
------------------------------------------------------------------------------

/* U: what umount_tree collected: the target with its whole subtree. It is
   closed (all children of its elements are in it) and non-revealing (its top
   is unlocked, every other element has its parent in it). */
fun U: set Mount { Umount.top.*children }

/* The mount attached on dentry d of r, if any. */
fun lookup[r: Mount, d: Dentry]: set Mount { r.children & mp.d }

/* What the iteration for m in U finds: the mount at each receiver of m's
   parent on m's mountpoint (propagate_umount.txt, first loop). */
fun naiveFound[m: Mount]: set Mount {
  { c: Mount | some r: receivers[m.parent] | c in lookup[r, m.mp] }
}

/* Naive gathering: everything any m in U finds. */
fun gathered: set Mount { { c: Mount | some m: U | c in naiveFound[m] } }

fun candidates: set Mount { gathered - U }

/* S = U plus the candidates: the largest set the umount could take out. */
fun S: set Mount { U + candidates }

/* The linear gathering of 6.17 (gather_candidates): U is walked in list
   order; a mount already flagged is skipped; on meeting an already flagged
   child of a receiver q, the walk skips q and everything q propagates to
   (skip_propagation_subtree).
   Gather.listOrder is the order of the list U: any strict total order of U
   (a fact that every instance can meet), so the checks cover every order. */
one sig Gather {
  listOrder: Mount -> Mount   -- a -> b: a comes before b in the list
}

fact ListOrder {
  let o = Gather.listOrder {
    o in U -> U
    no iden & o
    o.o in o
    all disj a, b: U | a -> b in o or b -> a in o
  }
}

/* Flagged before the iteration for m starts, assuming every earlier
   iteration flagged what the naive one finds (the induction hypothesis of
   GatherAgrees): the earlier elements of U and what they found. */
fun flaggedBefore[m: Mount]: set Mount {
  let earlier = (Gather.listOrder).m | earlier + { c: Mount | some x: earlier | c in naiveFound[x] }
}

/* Receivers of m's parent that the iteration for m visits: a receiver q
   whose mount on m's mountpoint is already flagged is skipped together with
   everything q propagates to. The kernel's walk skips only the part after q
   in depth-first order; skipping all of it, as here, can only drop more. */
fun walked[m: Mount]: set Mount {
  { r: receivers[m.parent] |
      no q: receivers[m.parent] | r in q.*feeds and some lookup[q, m.mp] & flaggedBefore[m] }
}

/* What the iteration for m flags: nothing when m itself is already flagged. */
fun linearFound[m: Mount]: set Mount {
  m in flaggedBefore[m] => none else { c: Mount | some r: walked[m] | c in lookup[r, m.mp] }
}

------------------------------------------------------------------------------
-- What the result must satisfy (§3.5, propagate_umount.txt)
------------------------------------------------------------------------------

/* Non-shifting: whatever is mounted strictly inside an element (anywhere but
   on its root), together with everything above it, is in the set. Survivors
   can then be reparented without moving their visible location. */
pred nonShifting[X: set Mount] {
  all x: X, n: x.children | not overmount[n] => n.*children in X
}

/* Non-revealing: a locked element goes only with its parent, so nothing a
   lock hides becomes visible (§1.4). */
pred nonRevealing[X: set Mount] {
  all x: X & Locked | x.parent in X
}

/* The sets the umount may take out: between U and S, non-shifting and
   non-revealing (§2.8.4). Unions of such sets are such sets, so there is a
   largest one: the answer of the 2025 rule. */
pred admissible[R: set Mount] {
  U in R and R in S and nonShifting[R] and nonRevealing[R]
}

/* R is that largest set. (Alloy cannot check this higher-order predicate
   in one piece; TrimIsAdmissible and TrimIsMaximal below state its two
   halves for the 2025 trimming.) */
pred maximal[R: set Mount] {
  admissible[R]
  all T: set Mount | admissible[T] => T in R
}

/* s survives, its parent goes: s is reparented onto the nearest surviving
   ancestor, at the mountpoint of the last dying mount below it (§3.4, §3.5
   phase 4). It stays where it was seen only if every link it climbs over is
   an overmount; otherwise it shifts. */
pred shifts[R: set Mount, s: Mount] {
  s not in R
  s.parent in R
  some y: s.*(parent :> R) | y.parent in R and not overmount[y]
}

------------------------------------------------------------------------------
-- The 2025 trimming (6.17, §3.5 phases 2 and 3)
------------------------------------------------------------------------------

/* Phase 2, trim_one: a candidate with a child outside S that is not its
   overmount goes out. */
fun trimmedByTrimOne: set Mount {
  { m: candidates | some n: m.children - S | not overmount[n] }
}

/* Phase 2, trim_ancestors: from a candidate with any child outside S, walk
   up through candidates; a candidate whose child on that path is not its
   overmount goes out. (The kernel does this one candidate at a time with a
   shrinking set and marks that stop repeated walks; propagate_umount.txt
   shows the order does not matter, so the set form suffices here;
   trim.als runs the kernel's loops step by step and checks that they end in
   this set.) */
fun trimmedByAncestors: set Mount {
  { p: candidates |
      some x: p.children & candidates |
        not overmount[x] and (some y: x.*(children :> candidates) | some y.children - S) }
}

fun nonShiftingPart: set Mount { S - trimmedByTrimOne - trimmedByAncestors }

/* Phase 3, handle_locked: walking up from a candidate through what is left,
   it stays if the walk meets an unlocked mount or reaches U; a chain of locked
   mounts whose top does not sit on something that goes is dropped. */
fun keptByHandleLocked: set Mount {
  let N = nonShiftingPart |
    { x: N - U | some y: x.*((N - U) <: parent :> N) | y in U or y not in Locked }
}

fun trim2025: set Mount { U + keptByHandleLocked }

------------------------------------------------------------------------------
-- The 2017 rule (4.13 to 6.16, §3.4), in set form
------------------------------------------------------------------------------

/* x -> y: y is a child of x that is not x's overmount, and x is not in U
   (children of U elements were unlinked before the walk). */
fun innerChild2017: Mount -> Mount {
  { x, y: Mount | x not in U and y in x.children and not overmount[y] }
}

/* A candidate can go if every mount reachable through children that are
   not overmounts is itself a candidate or in U: an overmount ("topper") never
   blocks, whatever it carries. */
fun accepted2017: set Mount {
  { c: candidates | c.^innerChild2017 in S }
}

/* Locked accepted candidates go only together with their parent. */
fun result2017: set Mount {
  U + { c: accepted2017 |
          some y: c.*((accepted2017 & Locked) <: parent :> accepted2017) | y not in Locked }
}

------------------------------------------------------------------------------
-- Tables a scenario can build (for the Java scenario translation)
------------------------------------------------------------------------------

/* An order in which the scenario translation (mountcheck.alloy.ScenarioBuilder)
   can create the mounts one bind at a time with nothing propagating: a
   parent comes before its children; a child comes before every receiver of
   its parent (else attaching it would propagate copies); everything reached
   through a place a mount shows comes before that mount's overmount (which
   hides the place); a peer or slave is copied from an earlier member of its
   group or master group that shows its root and is not yet covered. Locks
   need a second user namespace and are left out. */
one sig Build {
  order: Mount -> Mount   -- a -> b: a is created before b
}

pred constructible {
  let o = Build.order {
    no iden & o
    o.o in o
    all disj a, b: Mount | a -> b in o or b -> a in o
    all m: Mount | some m.parent => m.parent -> m in o
    all c: Mount | some c.parent => c -> receivers[c.parent] in o
    all c, v: Mount | c.parent = v.parent and some c.parent and overmount[v] and not overmount[c]
      => c.*children -> v in o
    all m: Mount | (some m.group and m not in firstOfGroup[o]) or (some m.master and m in firstOfGroup[o])
      => (some s: sourcesFor[m] | s -> m in o and m.root in shows[s]
            and (all v: s.children | overmount[v] => m -> v in o))
  }
  no Locked
  no Unbindable.master
  no c: Umount.top.children | overmount[c]
}

/* The first-created member of each peer group. */
fun firstOfGroup[o: Mount -> Mount]: set Mount {
  { m: Mount | some m.group and no o.m & group.(m.group) }
}

/* Where a copy of m can come from: its peers, or for the first of a group
   (or a mount in none) the members of its master group. */
fun sourcesFor[m: Mount]: set Mount {
  (some m.group and some (group.(m.group) - m) & Build.order.m)
    => group.(m.group) - m
    else group.(m.master)
}

------------------------------------------------------------------------------
-- Commands
--
-- The scopes below are the CI scopes (the JUnit suite runs every command at
-- them in a few seconds with SAT4J). Larger scopes: mountcheck alloy --scope N.
-- Measured times are in docs/measurements.md.
------------------------------------------------------------------------------

/* The spec is not vacuous: candidates, locks and skipping all occur. */
run SomeCandidates { some candidates and some candidates & Locked } for 5 expect 1

run GatherSkips {
  some m: U | m not in flaggedBefore[m] and some receivers[m.parent] - walked[m]
} for 5 expect 1

/* Propagation is transitive: what a receiver of p propagates to is a
   receiver of p, or p itself (propagate_umount.txt: "propagation is
   transitive"). */
pred receiversTransitive {
  all p: Mount | receivers[receivers[p]] in receivers[p] + p
}

assert ReceiversTransitive { receiversTransitive }
check ReceiversTransitive for 5 expect 0

/* Naive and linear candidate gathering find the same set, whatever the
   order of U. By induction along the order: if every earlier iteration
   flagged what the naive loop finds, so does this one, because what the
   skipping leaves out is already flagged.
   Transitivity is a premise here and is checked on its own just above; the
   two checks together give the statement without the premise. Stated this
   way SAT4J finishes scope 6 in seconds instead of minutes. */
assert GatherAgrees {
  receiversTransitive => all m: U | naiveFound[m] in flaggedBefore[m] + linearFound[m]
}
check GatherAgrees for 5 expect 0

/* U itself satisfies both constraints, so the maximal set exists and contains it. */
assert UIsSafe { nonShifting[U] and nonRevealing[U] }
check UIsSafe for 5 expect 0

/* Non-shifting is exactly "no survivor is moved by reparenting". */
assert NonShiftingMeansNoShift {
  all R: set Mount | U in R => (nonShifting[R] <=> no s: Mount | shifts[R, s])
}
check NonShiftingMeansNoShift for 5 expect 0

/* The 2025 trimming yields the maximal non-shifting, non-revealing subset of
   S containing U: it is admissible, and every admissible set is inside it. */
assert TrimIsAdmissible { admissible[trim2025] }
check TrimIsAdmissible for 5 expect 0

assert TrimIsMaximal { all T: set Mount | admissible[T] => T in trim2025 }
check TrimIsMaximal for 5 expect 0

/* The 2017 rule can reparent a survivor to a different visible place: the
   shape of conformance case C16 (§3.4 "Known wrong result"), in a table that
   a scenario can build, so the runner writes it as a scenario file. */
run Shift2017 { constructible and some s: Mount | shifts[result2017, s] } for 7 expect 1

/* Whenever the 2017 rule shifts nothing and respects locks, it takes at most the maximal set. */
assert Rule2017WithinMaximal {
  (nonShifting[result2017] and nonRevealing[result2017]) => result2017 in trim2025
}
check Rule2017WithinMaximal for 5 expect 0

/* Without overmounts the two generations agree: the 2017 rule goes wrong
   only through toppers (root overmounts), as in C16. */
assert SameWithoutOvermounts {
  (no c: Mount | some c.parent and overmount[c]) => result2017 = trim2025
}
check SameWithoutOvermounts for 5 expect 0
