import math, random, pyarrow as pa, pyarrow.parquet as pq
random.seed(7)
n = 40
cols = {"x1": [], "x2": [], "k": [], "c": [], "flag": [], "f": [], "y1": [], "y2": []}
for i in range(n):
    x1 = random.gauss(0, 1); x2 = random.uniform(-2, 2); k = random.randint(-5, 5); c = random.choice([10, 20, 30])
    flag = random.random() < 0.5; f = random.uniform(0, 1)
    cols["x1"].append(x1); cols["x2"].append(x2); cols["k"].append(k); cols["c"].append(c)
    cols["flag"].append(flag); cols["f"].append(f)
    cols["y1"].append(math.sin(x1) + 0.1 * k); cols["y2"].append(x2 * x2 - 0.5 * c / 10 + (1 if flag else 0))
t = pa.table({"x1": pa.array(cols["x1"], pa.float64()), "x2": pa.array(cols["x2"], pa.float64()),
              "k": pa.array(cols["k"], pa.int32()), "c": pa.array(cols["c"], pa.int64()),
              "flag": pa.array(cols["flag"], pa.bool_()), "f": pa.array(cols["f"], pa.float32()),
              "y1": pa.array(cols["y1"], pa.float64()), "y2": pa.array(cols["y2"], pa.float64())})
for codec in ["snappy", "zstd", "gzip", "none"]:
    pq.write_table(t, f"data-{codec}.parquet", compression=codec, row_group_size=7, use_dictionary=True)
with open("data.csv", "w") as out:
    out.write(",".join(t.column_names) + "\n")
    f32 = t.column("f").to_pylist()
    for i in range(n):
        row = [repr(cols["x1"][i]), repr(cols["x2"][i]), str(cols["k"][i]), str(cols["c"][i]),
               "1" if cols["flag"][i] else "0", repr(float(f32[i])), repr(cols["y1"][i]), repr(cols["y2"][i])]
        out.write(",".join(row) + "\n")
x2n = [None if i % 5 == 3 else v for i, v in enumerate(cols["x2"])]
tn = t.set_column(1, "x2", pa.array(x2n, pa.float64()))
pq.write_table(tn, "nulls.parquet", compression="snappy", row_group_size=7)
pq.write_table(pa.table({"x1": pa.array([1.0, 2.0]), "s": pa.array([{"a": 1}, {"a": 2}])}), "nested.parquet")
pq.write_table(pa.table({"x1": pa.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), "name": pa.array(["a", "b", "a", "c", "b", "a"]),
                        "y": pa.array([2.0, 4.1, 5.9, 8.2, 9.8, 12.1])}), "text.parquet")
md = pq.ParquetFile("data-snappy.parquet").metadata
print(md.num_row_groups, md.row_group(0).column(3).encodings, md.created_by)
# folder/: data-snappy.parquet's rows in two part files (zstd, snappy) and Spark's empty _SUCCESS marker
# Text for one-hot (written separately: python3 generate.py text): okl-arrow's text rows in row groups of 3, the
# colour column with dictionary pages, size plain with a null; codes.csv the same rows with each text coded by its
# index among the sorted distinct texts; text-parts/ the rows in two files whose texts differ; a decimal column
import sys, decimal, os
colour = ["red", "green", "blue", "green", "red", "red", "blue", "green", "red"]
size = ["s", "m", "l", "m", None, "s", "l", "l", "m"]
x = [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5]
y = [1.2, 2.1, 2.9, 4.2, 5.1, 6.3, 6.8, 8.1, 9.2]
text = pa.table({"x": pa.array(x), "colour": pa.array(colour), "size": pa.array(size), "y": pa.array(y)})
pq.write_table(text, "text-groups.parquet", row_group_size=3, use_dictionary=["colour"], compression="zstd")
os.makedirs("text-parts", exist_ok=True)
pq.write_table(text.slice(0, 2), "text-parts/part-0.parquet", use_dictionary=["colour"])
pq.write_table(text.slice(2), "text-parts/part-1.parquet", use_dictionary=["colour"])
lc = sorted(set(colour)); ls = sorted(set(s for s in size if s is not None))
with open("codes.csv", "w") as out:
    out.write("x,colour,size,y\n")
    for i in range(len(x)):
        s = "" if size[i] is None else str(ls.index(size[i]))
        out.write(f"{x[i]!r},{lc.index(colour[i])},{s},{y[i]!r}\n")
pq.write_table(pa.table({"x1": pa.array([1.0, 2.0]), "d": pa.array([decimal.Decimal("1.5"), decimal.Decimal("2.5")])}),
               "decimal.parquet")
