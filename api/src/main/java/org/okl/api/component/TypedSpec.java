package org.okl.api.component;

import java.util.Objects;
import org.okl.api.API;

/**
 * A component spec that knows its kind: {@code TypedSpec<VectorKernel>} names a kernel,
 * {@code TypedSpec<SpectralFilter>} a filter. The typed specs of OKL's plugins ({@code Kernels.gaussian(2.0)}, {@code Filters.tikhonov(1e-3)}) return
 * one, and a pipeline builder's stage takes only its own kind, so that {@code kernel(Filters.tikhonov(1e-3))} does
 * not compile. A third party's component gets one with {@link #of(Class, String)}. The JSON form is the untyped
 * {@link ComponentSpec} it wraps, unchanged.
 *
 * @param kind the api type of the component, for example {@code VectorKernel.class}
 * @param spec the component's name and parameters
 * @param <T>  the kind
 */
@API(status = API.Status.MAINTAINED, since = "0.2")
public record TypedSpec<T>(Class<T> kind, ComponentSpec spec) {

    /** Checks that both parts are given. */
    public TypedSpec {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(spec, "spec");
    }

    /** A component of a kind by name, without parameters ({@code TypedSpec.of(VectorKernel.class, "my-kernel")}). */
    public static <T> TypedSpec<T> of(Class<T> kind, String name) {
        return new TypedSpec<>(kind, ComponentSpec.of(name));
    }

    /** A component of a kind from an untyped spec. */
    public static <T> TypedSpec<T> of(Class<T> kind, ComponentSpec spec) {
        return new TypedSpec<>(kind, spec);
    }

    /** The component's id. */
    public String name() {
        return spec.name();
    }

    /** A copy with one parameter set (added or replaced); a nested typed spec is stored as its untyped form. */
    public TypedSpec<T> with(String parameter, Object value) {
        return new TypedSpec<>(kind, spec.with(parameter, value instanceof TypedSpec<?> t ? t.spec() : value));
    }

    /** The untyped form, for example {@code gaussian(sigma=2.0)}. */
    @Override
    public String toString() {
        return spec.toString();
    }
}
