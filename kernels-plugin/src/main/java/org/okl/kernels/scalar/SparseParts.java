package org.okl.kernels.scalar;

import java.util.List;
import org.okl.api.kernel.SparseVectorKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/** What composite kernels (scaled, sum, product, normalized) need to take sparse rows: parts that take them. */
final class SparseParts {
    private SparseParts() {
    }

    /** Whether every part takes sparse rows. */
    static boolean takeSparse(List<VectorKernel> parts) {
        return parts.stream().allMatch(k -> k instanceof SparseVectorKernel s && s.takesSparse());
    }

    /** The part as a kernel of sparse rows, or an error naming the composite. */
    static SparseVectorKernel of(VectorKernel part, String composite) {
        if (part instanceof SparseVectorKernel s && s.takesSparse()) {
            return s;
        }
        throw new IllegalArgumentException(composite + ": its part " + part.getClass().getSimpleName()
                + " does not take sparse rows (kernels that do: linear, polynomial, gaussian, tanimoto, "
                + "gaussian-tanimoto)");
    }

    /** {@code k(a, b)} for any rows: the dense Gram when both are dense, else the part's sparse one. */
    static Matrix gram(VectorKernel part, InputRows a, InputRows b, String composite) {
        if (a instanceof Matrix da && b instanceof Matrix db) {
            return part.gram(da, db);
        }
        return of(part, composite).gram(a, b);
    }

    /** {@code k(a, a)} for any rows. */
    static Matrix gram(VectorKernel part, InputRows a, String composite) {
        return a instanceof Matrix da ? part.gram(da) : of(part, composite).gram(a);
    }

    /** The diagonal for any rows. */
    static double[] diagonal(VectorKernel part, InputRows a, String composite) {
        return a instanceof Matrix da ? part.diagonal(da) : of(part, composite).diagonal(a);
    }
}
