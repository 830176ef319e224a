package org.okl.gpu.cuda;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

/**
 * Binds a native function of a CUDA library to a method handle of the type its descriptor gives
 * ({@link FunctionDescriptor#toMethodType()}).
 */
public interface Binder {

    /**
     * @param library    which library ({@code cudart}, {@code cublas}, {@code cusolver}, {@code nvrtc},
     *                   {@code cuda})
     * @param symbol     the function's name
     * @param descriptor its C signature
     * @throws IllegalStateException when the library lacks the function
     */
    MethodHandle bind(String library, String symbol, FunctionDescriptor descriptor);
}
