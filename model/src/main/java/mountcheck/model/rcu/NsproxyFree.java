package mountcheck.model.rcu;

/** Where the last put of an nsproxy tears its namespaces down (kernel/nsproxy.c). */
public enum NsproxyFree {
  /** In the exiting task (mainline free_nsproxy). */
  INLINE,
  /** On a work item queued at exit (the 2012 proposal). */
  WORK_ITEM
}
