package org.okl.bench;

/**
 * One performance target of the issues checked against a run.
 *
 * @param target   the target, for example {@code tik_path n=4000 native <= 1.0x numpy}
 * @param measured what was measured, for example {@code 0.84x}
 * @param pass     whether the target is met
 */
public record TargetCheck(String target, String measured, boolean pass) {
}
