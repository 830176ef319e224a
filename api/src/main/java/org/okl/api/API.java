package org.okl.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How stable a part of the OKL api is, for plugin authors (after JUnit's {@code @API} from apiguardian). Every
 * public type of this module carries it; a member may carry its own when it differs from its type.
 */
@API(status = API.Status.STABLE, since = "0.1")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface API {

    /** The stability of the annotated element. */
    Status status();

    /** The OKL version in which the element reached its status, for example {@code 0.1}. */
    String since();

    /** Stability levels, from the least to the most stable. */
    enum Status {
        /** For OKL's own plugins and core only; may change or go without notice. Plugins must not use it. */
        INTERNAL,
        /** New; may change or go in a minor release, based on feedback. */
        EXPERIMENTAL,
        /** Kept compatible within a major release; not expected to change, but not promised for ever. */
        MAINTAINED,
        /** Compatible within a major release: a plugin built against it keeps working until the next major one. */
        STABLE
    }
}
