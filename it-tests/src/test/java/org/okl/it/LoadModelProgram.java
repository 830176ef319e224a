package org.okl.it;

import java.nio.file.Path;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;

/** A program that embeds OKL: loads a model with {@code Model.load(path)} and prints one prediction. */
public final class LoadModelProgram {
    private LoadModelProgram() {
    }

    /** Loads {@code args[0]} and predicts at an input of {@code args[1]} zeros. */
    public static void main(String[] args) {
        Model model = Model.load(Path.of(args[0]));
        Matrix x = Matrix.zeros(1, Integer.parseInt(args[1]));
        System.out.println("prediction " + model.predict(x).outputs().get(0, 0));
    }
}
