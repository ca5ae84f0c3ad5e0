/*
 * lifetime.als: why an unmounted struct mount may only be freed after an RCU
 * grace period that started after it was unhashed (§4 of the project's
 * docs/semantics.md).
 *
 * Alloy 6 temporal model: each step is one event or a stutter. Readers are
 * RCU path walks (§4.1); the writer is umount_tree unhashing victims and
 * namespace_unlock waiting for a grace period before the final mntput and
 * free (§4.2).
 *
 * Every check carries "expect 0" or "expect 1"; the Java runner in
 * mountcheck.alloy fails when the solver disagrees.
 */
module lifetime

sig Mount {}

/* An RCU reader: a path walk under rcu_read_lock. */
sig Reader {}

/* Mounts still in the mount hash: a reader can find them (§4.1). */
var sig Hashed in Mount {}

/* Unhashed by umount_tree, waiting on the unmounted list (§2.8.3). */
var sig Unhashed in Mount {}

/* Memory released (the call_rcu free after cleanup_mnt, §4.1). */
var sig Freed in Mount {}

/* Readers between rcu_read_lock and rcu_read_unlock. */
var sig Inside in Reader {}

/* The grace period the writer is waiting for, when there is one. */
var lone sig GracePeriod {
  var waitsFor: set Reader,   -- readers inside when it started
  var covers: set Mount       -- mounts it protects (correct order: unhashed before it started)
}

one sig Rcu {
  var reach: Reader -> Mount,  -- what each reader inside could have reached: what was hashed when it entered
  var mayFree: set Mount       -- mounts whose grace period has ended
}

------------------------------------------------------------------------------
-- Events
------------------------------------------------------------------------------

pred init {
  Hashed = Mount
  no Unhashed
  no Freed
  no Inside
  no GracePeriod
  no Rcu.reach
  no Rcu.mayFree
}

/* Frame helpers: each event names what it changes and keeps the rest. */
pred keepMounts { Hashed' = Hashed and Unhashed' = Unhashed and Freed' = Freed }
pred keepReaders { Inside' = Inside and Rcu.reach' = Rcu.reach }
pred keepGrace {
  GracePeriod' = GracePeriod
  waitsFor' = waitsFor
  covers' = covers
  Rcu.mayFree' = Rcu.mayFree
}

/* rcu_read_lock: from now on the reader may find any hashed mount, and it
   may keep a pointer to it after the mount is unhashed (§4.1). */
pred enter[r: Reader] {
  r not in Inside
  Inside' = Inside + r
  Rcu.reach' = Rcu.reach + r -> Hashed
  keepMounts
  keepGrace
}

/* rcu_read_unlock: the reader drops every pointer it got under the lock. A
   grace period stops waiting for it. */
pred leave[r: Reader] {
  r in Inside
  Inside' = Inside - r
  Rcu.reach' = Rcu.reach - r -> Mount
  GracePeriod' = GracePeriod
  waitsFor' = waitsFor - GracePeriod -> r
  covers' = covers
  Rcu.mayFree' = Rcu.mayFree
  keepMounts
}

/* umount_tree unhashes a victim (§2.8.3 step 6): new lookups miss it. */
pred unhash[m: Mount] {
  m in Hashed
  Hashed' = Hashed - m
  Unhashed' = Unhashed + m
  Freed' = Freed
  keepReaders
  keepGrace
}

/* namespace_unlock: synchronize_rcu_expedited (§4.2). The grace period
   waits for the readers inside now and protects the mounts already unhashed:
   any reader that could have reached them is inside now or has left. */
pred startGrace {
  no GracePeriod
  one GracePeriod'
  GracePeriod'.waitsFor' = Inside
  GracePeriod'.covers' = Unhashed - Rcu.mayFree
  Rcu.mayFree' = Rcu.mayFree
  keepMounts
  keepReaders
}

/* The wrong order: the writer takes its snapshot of readers before the
   unhash, then protects whatever is unhashed when the wait ends. A reader
   that entered in between is not waited for. */
pred startGraceWrongOrder {
  no GracePeriod
  one GracePeriod'
  GracePeriod'.waitsFor' = Inside
  no GracePeriod'.covers'
  Rcu.mayFree' = Rcu.mayFree
  keepMounts
  keepReaders
}

/* The grace period ends once every reader it waits for has left. */
pred endGrace {
  one GracePeriod
  no GracePeriod.waitsFor
  no GracePeriod'
  Rcu.mayFree' = Rcu.mayFree + GracePeriod.covers
  keepMounts
  keepReaders
}

pred endGraceWrongOrder {
  one GracePeriod
  no GracePeriod.waitsFor
  no GracePeriod'
  Rcu.mayFree' = Rcu.mayFree + (Unhashed - Freed)
  keepMounts
  keepReaders
}

/* The final mntput, cleanup_mnt and the free (§4.1). */
pred free[m: Mount] {
  m in Rcu.mayFree - Freed
  Freed' = Freed + m
  Hashed' = Hashed
  Unhashed' = Unhashed
  keepReaders
  keepGrace
}

pred stutter { keepMounts and keepReaders and keepGrace }

pred correctOrder {
  init
  always (stutter
    or (some r: Reader | enter[r] or leave[r])
    or (some m: Mount | unhash[m] or free[m])
    or startGrace or endGrace)
}

pred wrongOrder {
  init
  always (stutter
    or (some r: Reader | enter[r] or leave[r])
    or (some m: Mount | unhash[m] or free[m])
    or startGraceWrongOrder or endGraceWrongOrder)
}

------------------------------------------------------------------------------
-- Properties (§4.5)
------------------------------------------------------------------------------

/* No use after free: nothing is freed while a reader that could have reached
   it is inside its read-side section. */
pred noUseAfterFree {
  always all r: Inside | no r.(Rcu.reach) & Freed
}

/* The model is not vacuous: mounts do get freed, also while some reader is inside. */
run FreeHappens { correctOrder and eventually some Freed } for 2 but 8 steps expect 1

run FreeWhileReaderInside {
  correctOrder and eventually (some Freed and some Inside)
} for 2 but 10 steps expect 1

/* With the grace period started after the unhash, no reader loses a mount under it. */
assert RcuProtects { correctOrder => noUseAfterFree }
check RcuProtects for 3 but 8 steps expect 0

/* Waiting for the readers seen before the unhash frees a mount under a reader
   that entered in between. */
assert WrongOrderProtects { wrongOrder => noUseAfterFree }
check WrongOrderProtects for 3 but 8 steps expect 1
