package org.okl.filters.spectral;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.test;

import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * A contract test that does not apply to a component is reported as skipped (aborted by an assumption), never as
 * passed: Tikhonov has no iterative form, so the iterative checks of {@link org.okl.testkit.FilterContract} are
 * aborted for it, while its ridge checks run and pass; Landweber is not a ridge filter, so its ridge check is aborted.
 */
class ContractSkipsTest {

    private static Events run(Class<?> contract) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(contract)).execute().testEvents();
    }

    @Test
    void checksThatDoNotApplyAreAbortedNotPassed() {
        Events tikhonov = run(FilterContractsTest.TikhonovContract.class);
        tikhonov.assertThatEvents()
                .haveExactly(1, event(test("iterativeFormEqualsTheFilterOnTheSpectrum"),
                        abortedWithReason()))
                .haveExactly(1, event(test("iterativeFormRunsInAReducedBasis"), abortedWithReason()))
                .haveExactly(1, event(test("ridgeFormEqualsTheFilterOnTheSpectrum"), finishedSuccessfully()));
        run(FilterContractsTest.LandweberContract.class).assertThatEvents()
                .haveExactly(1, event(test("ridgeFormEqualsTheFilterOnTheSpectrum"), abortedWithReason()))
                .haveExactly(1, event(test("iterativeFormEqualsTheFilterOnTheSpectrum"), finishedSuccessfully()));
    }
}
