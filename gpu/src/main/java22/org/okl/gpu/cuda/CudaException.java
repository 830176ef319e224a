package org.okl.gpu.cuda;

/** A CUDA library call that returned an error status. */
public final class CudaException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final int status;

    /**
     * @param message the call and the library's description of the status
     * @param status  the status code
     */
    public CudaException(String message, int status) {
        super(message);
        this.status = status;
    }

    /** The status code. */
    public int status() {
        return status;
    }
}
