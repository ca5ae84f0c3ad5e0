package mountcheck.alloy;

import java.util.Map;
import java.util.Set;

/**
 * What subtrees.als says about one {@link TableFacts} table, as plain Java sets of mount ids.
 *
 * @param umountSet U: the umount target and its subtree
 * @param receivers for each mount p, Receivers(p): its peers and everything downstream
 * @param candidates the naive candidate set (found by U's receivers, minus U)
 * @param linearCandidates the candidates the linear (6.17) gathering finds
 * @param candidatesNonShifting whether U plus the candidates is non-shifting
 * @param candidatesNonRevealing whether U plus the candidates is non-revealing
 * @param maximal what the 2025 trimming keeps: the maximal non-shifting, non-revealing set
 * @param rule2017 what the 2017 rule takes out
 * @param rule2017Shifts the survivors the 2017 rule reparents to a different visible place
 */
public record TableEvaluation(
    Set<String> umountSet,
    Map<String, Set<String>> receivers,
    Set<String> candidates,
    Set<String> linearCandidates,
    boolean candidatesNonShifting,
    boolean candidatesNonRevealing,
    Set<String> maximal,
    Set<String> rule2017,
    Set<String> rule2017Shifts) {}
