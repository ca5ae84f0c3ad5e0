package mountcheck.model.semantics;

import mountcheck.model.events.ChangeLog;
import mountcheck.model.state.MountTableBuilder;

/**
 * One transition of the model in progress: the state being built, the rules in force and the log of
 * what watchers see. The operations take it instead of the three separately.
 *
 * @param table the new state, built from the state before the operation
 * @param rules the kernel's rules and any planted bug
 * @param log the mount events and counter touches of the operation
 */
record Transition(MountTableBuilder table, RuleSet rules, ChangeLog log) {
  boolean has(Rule rule) {
    return rules.has(rule);
  }
}
