/** Scenario-level shrinking of {@link mountcheck.model.ops.Scenario} values. */
package mountcheck.properties.scenario;
