# Writes the Arrow IPC test files with pyarrow (run: python3 generate.py here; pyarrow 25 wrote the stored ones).
# The rows are those of okl-parquet's data.csv (same seed and draws), read back from data.csv.
import csv, pyarrow as pa, pyarrow.feather as feather, pyarrow.ipc as ipc
rows = list(csv.DictReader(open("data.csv")))
t = pa.table({"x1": pa.array([float(r["x1"]) for r in rows], pa.float64()),
              "x2": pa.array([float(r["x2"]) for r in rows], pa.float64()),
              "k": pa.array([int(r["k"]) for r in rows], pa.int32()),
              "c": pa.array([int(r["c"]) for r in rows], pa.int64()),
              "flag": pa.array([r["flag"] == "1" for r in rows], pa.bool_()),
              "f": pa.array([float(r["f"]) for r in rows], pa.float32()),
              "y1": pa.array([float(r["y1"]) for r in rows], pa.float64()),
              "y2": pa.array([float(r["y2"]) for r in rows], pa.float64())})
batches = t.to_batches(max_chunksize=7)  # 6 record batches
def write_file(name, table_batches, schema, codec=None):
    with ipc.new_file(name, schema, options=ipc.IpcWriteOptions(compression=codec)) as w:
        for b in table_batches:
            w.write_batch(b)
write_file("data.arrow", batches, t.schema)
write_file("data-lz4.arrow", batches, t.schema, "lz4")
write_file("data-zstd.arrow", batches, t.schema, "zstd")
feather.write_feather(t, "data.feather", chunksize=7)  # Feather v2: an IPC file, LZ4 by default
with ipc.new_stream("data.arrows", t.schema) as w:
    for b in batches:
        w.write_batch(b)
x2n = [None if i % 5 == 3 else v for i, v in enumerate(t.column("x2").to_pylist())]
tn = t.set_column(1, "x2", pa.array(x2n, pa.float64()))
write_file("nulls.arrow", tn.to_batches(max_chunksize=7), tn.schema)
nested = pa.table({"x1": pa.array([1.0, 2.0]), "s": pa.array([{"a": 1}, {"a": 2}])})
write_file("nested.arrow", nested.to_batches(), nested.schema)
# text: a dictionary-encoded and a plain string column (with a null) over 3 batches; codes.csv holds the same rows
# with each text coded by its level's 0-based index among the sorted distinct texts
colour = ["red", "green", "blue", "green", "red", "red", "blue", "green", "red"]
size = ["s", "m", "l", "m", None, "s", "l", "l", "m"]
x = [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5]
y = [1.2, 2.1, 2.9, 4.2, 5.1, 6.3, 6.8, 8.1, 9.2]
text = pa.table({"x": pa.array(x), "colour": pa.array(colour).dictionary_encode(), "size": pa.array(size),
                 "y": pa.array(y)})
write_file("text.arrow", text.to_batches(max_chunksize=3), text.schema)
levels_c = sorted(set(colour)); levels_s = sorted(set(s for s in size if s is not None))
with open("codes.csv", "w") as out:
    out.write("x,colour,size,y\n")
    for i in range(len(x)):
        s = "" if size[i] is None else str(levels_s.index(size[i]))
        out.write(f"{x[i]!r},{levels_c.index(colour[i])},{s},{y[i]!r}\n")
# categories.arrow: a dictionary (pandas Categorical) with a category no row uses ("yellow"), 2 batches
cat = pa.DictionaryArray.from_arrays(pa.array([2, 1, 0, 1], pa.int8()), pa.array(["blue", "green", "red", "yellow"]))
categories = pa.table({"x": pa.array([1.0, 2.0, 3.0, 4.0]), "colour": cat})
write_file("categories.arrow", categories.to_batches(max_chunksize=2), categories.schema)
