/*
 * trim.als: the 2025 trimming loops of propagate_umount (6.17, §3.5 phases 2
 * and 3) step by step, with the candidate and "seen by trim_ancestors" marks
 * and the list they walk, checked against the set form in subtrees.als.
 *
 * subtrees.als states phase 2 in set form, computed against the whole of S
 * at once; propagate_umount.txt argues that the kernel's loop, which trims
 * one candidate at a time against a shrinking set and stops its upward walks
 * at marked mounts, ends in the same set. Here that loop runs, one list
 * element per step, followed by the handle_locked loop of phase 3, and the
 * checks compare where it ends with trim2025.
 *
 * Step bound: each step consumes one list element, so n candidates need
 * 2n + 1 states, and N mounts give at most N - 2 candidates. Traces that
 * cannot end within the bound are not examined at all, so keep
 * steps >= 2N - 3 when raising the scope: --scope 5 --steps 7,
 * --scope 6 --steps 9.
 */
module trim

open subtrees

/* T_UMOUNT_CANDIDATE: still a candidate. */
var sig Cand in Mount {}

/* T_MARKED: visited by trim_ancestors. */
var sig Seen in Mount {}

/* On the candidates list (phase 3 walks what phase 2 left on it). */
var sig Listed in Mount {}

/* Not yet visited by the phase 2 loop (list_for_each_entry_safe). */
var sig Todo in Mount {}

/* to_umount: committed to go (MNT_UMOUNT set, unlinked from the parent). */
var sig Committed in Mount {}

pred init {
  Cand = candidates
  Listed = candidates
  Todo = candidates
  no Seen
  no Committed
}

/* Membership in S during the loops: U, what is still a candidate, and what
   is committed. Children in U or committed are off their parents' lists. */
fun inS: set Mount { U + Cand + Committed }

fun childList[m: Mount]: set Mount { m.children - U - Committed }

/* trim_one(m), phase 2. */
pred trimOne[m: Mount] {
  m in Todo
  Todo' = Todo - m
  m not in Cand => {
    -- stripped earlier by trim_ancestors: drop it from the list
    Listed' = Listed - m
    Seen' = Seen - m
    Cand' = Cand
    Committed' = Committed
  } else {
    let outside = childList[m] - Cand,
        removeThis = (some n: outside | not overmount[n]),
        -- trim_ancestors(m) when some child is outside S: the links walked
        -- go up from m while the parent is a candidate and stop at a marked mount
        walked = (some outside) => (m.*((Mount - Seen) <: parent :> Cand) - Seen) & parent.Cand else none,
        stripped = { p: walked.parent | some x: walked | x.parent = p and not overmount[x] },
        commit = (not removeThis and no childList[m] and m not in Locked) => m else none {
      Cand' = Cand - stripped - (removeThis => m else none) - commit
      Seen' = (Seen + walked) - (removeThis => m else none) - commit
      Listed' = Listed - (removeThis => m else none) - commit
      Committed' = Committed + commit
    }
  }
}

/* handle_locked(m), phase 3. */
pred handleLocked[m: Mount] {
  no Todo
  m in Listed
  Todo' = Todo
  m not in Cand => {
    Listed' = Listed - m
    Seen' = Seen - m
    Cand' = Cand
    Committed' = Committed
  } else {
    let chain = m.*(Cand <: parent :> Cand),
        above = (chain - parent.chain).parent,
        unlocked = chain - Locked,
        highest = unlocked - unlocked.^children,
        commit = (above in U + Committed and some above)
                   => chain
                   else { x: chain | some highest & x.*parent } {
      Cand' = Cand - chain
      Seen' = Seen - chain
      Listed' = Listed - chain - m
      Committed' = Committed + commit
    }
  }
}

pred done { no Todo and no Listed }

pred stutter {
  Cand' = Cand and Seen' = Seen and Listed' = Listed and Todo' = Todo and Committed' = Committed
}

pred loops {
  init
  always ((some m: Mount | trimOne[m] or handleLocked[m]) or (done and stutter))
}

/* The loops can run: some instance trims, commits and handles a lock. */
run LoopsRun {
  loops
  some candidates & Locked
  eventually (done and some Committed)
} for 4 but 6 steps expect 1

/* Phase 2 alone ends in the maximal non-shifting part of S (the set form
   nonShiftingPart of subtrees.als). */
assert PhaseTwoMatchesSetForm {
  loops => always ((some Todo and no Todo') => (U + Cand + Committed)' = nonShiftingPart)
}
check PhaseTwoMatchesSetForm for 4 but 6 steps expect 0

/* Both loops end in the set form of subtrees.als: the maximal non-shifting,
   non-revealing subset of S. */
assert LoopsMatchSetForm { loops => always (done => U + Committed = trim2025) }
check LoopsMatchSetForm for 4 but 6 steps expect 0
