package org.okl.api.error;

import org.okl.api.API;

/**
 * Stable codes for the errors OKL reports about plugins, components and pipelines, each explained in
 * {@code docs/errors.md} under its code (as SLF4J does with its codes page).
 */
@API(status = API.Status.STABLE, since = "0.3")
public enum ErrorCode {
    /** A component name that no plugin provides. */
    UNKNOWN_COMPONENT("OKL-E001"),
    /** Two plugins provide the same id for the same kind of component. */
    DUPLICATE_COMPONENT("OKL-E002"),
    /** A plugin failed to load or initialise; the others still load. */
    BROKEN_PLUGIN("OKL-E003"),
    /** A parameter value a component cannot accept. */
    INVALID_PARAMETER("OKL-E004"),
    /** A pipeline file or pipeline composition that cannot work. */
    INVALID_PIPELINE("OKL-E005"),
    /** A model file that is truncated, corrupt or from a newer OKL. */
    INVALID_MODEL("OKL-E006"),
    /** Input data OKL cannot use. */
    INVALID_DATA("OKL-E007"),
    /** A plugin folder that does not exist or cannot be read. */
    PLUGIN_FOLDER("OKL-E008"),
    /** A command line that cannot run: an unknown or missing option, options that exclude each other, a value out
     *  of range for the data (more folds than rows). */
    USAGE("OKL-E009"),
    /** A data set download that failed: unreachable address, HTTP error, interrupted transfer, checksum mismatch. */
    DATA_DOWNLOAD("OKL-E010"),
    /** An error OKL did not expect: a bug in OKL or in a plugin (the stack trace is printed with --verbose). */
    INTERNAL("OKL-E011"),
    /** An output file (report, predictions, results) that cannot be written. */
    OUTPUT_FILE("OKL-E012"),
    /** A third-party plugin's code failed while OKL fitted, predicted or evaluated with it. */
    PLUGIN_FAILURE("OKL-E013"),
    /** Something too large for the heap: refused before allocating, or out of memory while building it. */
    OUT_OF_MEMORY("OKL-E014"),
    /**
     * A model refused by a trust policy: unsigned, signed by a key that is not trusted, or whose signature does not
     * verify.
     */
    UNTRUSTED_MODEL("OKL-E015"),
    /** A signing key file that is missing, unreadable, not an Ed25519 key, or that exists and may not be replaced. */
    KEY_FILE("OKL-E016"),
    /**
     * A server at capacity: more rows wait for a prediction than it queues, so the request is refused (HTTP 503 with
     * Retry-After) instead of growing its memory; the client retries later.
     */
    OVERLOADED("OKL-E017");

    private final String code;

    ErrorCode(String code) {
        this.code = code;
    }

    /** The code as printed, for example {@code OKL-E002}. */
    public String code() {
        return code;
    }

    /** Where the code is explained. */
    public String reference() {
        return "docs/errors.md#" + code.toLowerCase(java.util.Locale.ROOT);
    }
}
