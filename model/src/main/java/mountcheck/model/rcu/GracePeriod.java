package mountcheck.model.rcu;

/**
 * One grace period. It records the readers inside a read-side critical section when it started; it
 * can end only once all of them have left (a critical section never spans a grace period). Grace
 * periods of one kind end in the order they started (normal ones are serialised by the RCU core,
 * expedited ones by the expedited machinery); the two kinds are independent.
 *
 * @param id small id, reused once nobody refers to an ended grace period
 * @param blockers bit i set: reader i was inside at the start and has not left yet
 * @param done the grace period ended
 * @param expedited requested through the expedited interface
 */
public record GracePeriod(int id, long blockers, boolean done, boolean expedited) {}
