/**
 * propagate_umount, generation by generation (docs/semantics.md §2.8.4 and §3).
 *
 * <p>Every generation is an {@link mountcheck.model.umount.UmountAlgorithm}: given a {@link
 * mountcheck.model.umount.MountGraph} (the state before umount_tree unlinks anything) and U (the
 * subtree umount_tree takes out, preorder, unlocked root), it returns an {@link
 * mountcheck.model.umount.UmountPlan}: U followed by the propagated victims, the surviving
 * overmounts to reparent, and a work count (lookups plus mounts reached by walks, children examined
 * and parent steps). {@link mountcheck.model.umount.Generations} maps the {@code --umount} names to
 * them:
 *
 * <ul>
 *   <li>{@code naive}: {@link mountcheck.model.umount.Naive2005} (2.6.15 to about 4.0);
 *   <li>{@code 2016}: {@link mountcheck.model.umount.Lock2016} (4.5 to 4.10, lock-aware; depends on
 *       peer ring order);
 *   <li>{@code 2017}, {@code 2017-naive}: {@link mountcheck.model.umount.Biederman2017} (4.13 to
 *       6.16) and its twin without remembered visits;
 *   <li>{@code 2025}, {@code 2025-naive}: {@link mountcheck.model.umount.Viro2025} (6.17 on) and
 *       its twin with naive candidate gathering;
 *   <li>{@code spec}: {@link mountcheck.model.umount.MaximalSpec}, the 2025 definition by search
 *       (small trees only).
 * </ul>
 *
 * <p>Known-bug variants, by {@code --variant} name: {@code skip-without-visited}, {@code
 * umount-2016}, {@code umount-2017}, {@code reparent-all-overmounts}. {@link
 * mountcheck.model.umount.OverlapFamily} is the 2017 commit's benchmark tree, built directly.
 *
 * <p>Walks step through peer rings and slave lists with {@link
 * mountcheck.model.umount.MountGraph#nextPeer} and friends; their defaults are linear in the ring
 * or list, so a graph of a million mounts in one peer group must override them with O(1) steps.
 */
package mountcheck.model.umount;
