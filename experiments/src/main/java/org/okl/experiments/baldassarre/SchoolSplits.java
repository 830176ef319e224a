package org.okl.experiments.baldassarre;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.okl.api.linalg.Matrix;

/**
 * The school-data protocol of B12 (Table 1): from every school, a seeded random {@code fraction} of its
 * students, split equally into training, validation and test; and the student-level inputs.
 */
final class SchoolSplits {
    /** Column indices of the school-exam inputs (see the datasets plugin's school-exam reader). */
    private static final int VR = 3;
    private static final int INTAKE = 4;
    private static final int STAND_LRT = 5;
    private static final int SEX = 6;

    private SchoolSplits() {
    }

    /**
     * Row indices of one draw.
     *
     * @param train      training rows
     * @param validation validation rows
     * @param test       test rows
     */
    record Split(int[] train, int[] validation, int[] test) {
    }

    /**
     * Per group: shuffle its rows with the seed, keep round(fraction · size) of them (at least one), and deal them
     * into training, validation and test: the training part gets ceil(m/3), the validation part half of the rest
     * (rounded down), the test part the remainder. Index arrays are sorted.
     */
    static Split split(int[] groups, double fraction, long seed) {
        TreeMap<Integer, List<Integer>> byGroup = new TreeMap<>();
        for (int i = 0; i < groups.length; i++) {
            byGroup.computeIfAbsent(groups[i], g -> new ArrayList<>()).add(i);
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Integer> train = new ArrayList<>();
        List<Integer> validation = new ArrayList<>();
        List<Integer> test = new ArrayList<>();
        for (List<Integer> rows : byGroup.values()) {
            int[] r = rows.stream().mapToInt(Integer::intValue).toArray();
            for (int i = r.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = r[i];
                r[i] = r[j];
                r[j] = t;
            }
            int m = Math.max(1, (int) Math.round(fraction * r.length));
            int tr = (m + 2) / 3;
            int va = (m - tr) / 2;
            for (int i = 0; i < m; i++) {
                (i < tr ? train : i < tr + va ? validation : test).add(r[i]);
            }
        }
        return new Split(sorted(train), sorted(validation), sorted(test));
    }

    /**
     * Group labels renumbered so that the group with the most rows in {@code rows} gets the highest label: OKL's
     * multi-task solver counts tasks as 1 + the highest label it sees, so the highest label must appear in every
     * inner training part of the model selection (a school with a few students may be missing from one).
     * Groups absent from {@code rows} keep relative order below the others.
     */
    static int[] relabel(int[] groups, int[] rows) {
        int max = Arrays.stream(groups).max().orElse(-1);
        int[] count = new int[max + 1];
        for (int i : rows) {
            count[groups[i]]++;
        }
        Integer[] order = new Integer[max + 1];
        for (int g = 0; g <= max; g++) {
            order[g] = g;
        }
        Arrays.sort(order, (a, b) -> count[a] != count[b] ? Integer.compare(count[a], count[b])
                : Integer.compare(a, b));
        int[] label = new int[max + 1];
        for (int k = 0; k <= max; k++) {
            label[order[k]] = k;
        }
        int[] out = new int[groups.length];
        for (int i = 0; i < groups.length; i++) {
            out[i] = label[groups[i]];
        }
        return out;
    }

    /**
     * The student-level inputs of B12 (school attributes unused): sex (M = 1), the VR band and the intake band one-hot
     * (3 bits each), and the standardised London Reading Test score; 8 columns. The paper's gender, VR band and ethnic
     * group are one-hot bits; this data has no ethnic group but has the intake band and the LRT score.
     */
    static Matrix studentInputs(Matrix exam) {
        Matrix x = Matrix.zeros(exam.rows(), 8);
        for (int i = 0; i < exam.rows(); i++) {
            x.set(i, 0, exam.get(i, SEX));
            x.set(i, 1 + (int) exam.get(i, VR), 1);
            x.set(i, 4 + (int) exam.get(i, INTAKE), 1);
            x.set(i, 7, exam.get(i, STAND_LRT));
        }
        return x;
    }

    private static int[] sorted(List<Integer> rows) {
        int[] out = rows.stream().mapToInt(Integer::intValue).toArray();
        Arrays.sort(out);
        return out;
    }
}
