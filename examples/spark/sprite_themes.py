#!/usr/bin/env python3
"""SpriteTheme on Apache Spark: themes for a list of sprites, as JSON lines (SPEC section 14).

Reads a list of inputs (one path or http(s) URL per line), spreads it over partitions and pipes
each partition through `sprite-theme batch --jsonl -` with RDD.pipe: one JSON line per input,
the theme document or {"error": {"message", "stage"}, "input"}. The lines are written as Spark's
text output, DIR/part-*, in input order (partition after partition); with --parquet, also as a
Parquet dataset in DIR/parquet.

    python examples/spark/sprite_themes.py --input sprites.txt --output out \\
        --binary .build/release/sprite-theme                       # local[2]
    spark-submit --master spark://host:7077 --files .build/release/sprite-theme \\
        examples/spark/sprite_themes.py --input hdfs:///sprites.txt --output hdfs:///themes \\
        --binary sprite-theme                                       # a cluster

On a cluster, ship the binary with --files and give its file name as --binary: Spark places it
in each executor's working directory. With a local master, --binary is a path on this machine
(or the name of a file shipped with --files). Every input gives exactly one line; a partition whose binary stopped
short (a crash, exit 2 or 3) makes the job fail rather than lose lines.
"""

import argparse
import os
import shlex
import sys

from pyspark import SparkConf, SparkFiles
from pyspark.sql import SparkSession


def parse_arguments(argv):
    """The command line."""
    parser = argparse.ArgumentParser(
        description="Themes for a list of sprites on Apache Spark, through sprite-theme batch --jsonl -.")
    parser.add_argument("--input", required=True, metavar="LIST",
                        help="a text file (any Hadoop path) with one path or URL per line")
    parser.add_argument("--output", required=True, metavar="DIR",
                        help="where the JSON lines go (DIR/part-*); must not exist")
    parser.add_argument("--binary", required=True, metavar="PATH",
                        help="the sprite-theme binary: a path on the driver (local master) or "
                             "the name of a file shipped with spark-submit --files")
    parser.add_argument("--master", default=None, metavar="URL",
                        help="the Spark master (default: spark-submit's, else local[2])")
    parser.add_argument("--partitions", type=int, default=None, metavar="N",
                        help="partitions of the list (default: Spark's default parallelism)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="sprite-theme --jobs in each partition (default 1: Spark runs one "
                             "task per core)")
    parser.add_argument("--parquet", action="store_true",
                        help="also write the lines as a Parquet dataset in DIR/parquet")
    return parser.parse_args(argv)


def binary_command(binary, master, jobs):
    """The command each partition runs. With a local master the executors are this process, so
    the binary is a path here: --binary itself, or the file spark-submit --files shipped (in the
    driver's SparkFiles folder). On a cluster, a shipped file is in each executor's working
    directory (Spark's SparkFiles folder there), hence ./NAME."""
    name = os.path.basename(binary)
    if master.startswith("local"):
        program = binary if os.path.isfile(binary) else SparkFiles.get(name)
        if not os.path.isfile(program):
            raise SystemExit(f"sprite_themes.py: error: --binary {binary}: no such file here, "
                             f"and none shipped with --files")
        program = os.path.abspath(program)
    else:
        program = "./" + name
    return [program, "batch", "--jsonl", "-", "--jobs", str(jobs), "--quiet"]


def main(argv=None):
    """Runs the job; exit 0 when every input has its line (failed inputs are error lines)."""
    arguments = parse_arguments(argv)
    conf = SparkConf().setAppName("sprite-themes")
    if arguments.master:
        conf.setMaster(arguments.master)
    elif not conf.contains("spark.master"):  # spark-submit sets it; plain python does not
        conf.setMaster("local[2]")
    spark = SparkSession.builder.config(conf=conf).getOrCreate()
    context = spark.sparkContext
    partitions = arguments.partitions or context.defaultParallelism

    inputs = (context.textFile(arguments.input, minPartitions=partitions)
              .map(lambda line: line.strip())
              .filter(lambda line: line != ""))
    # PySpark splits the pipe's command with shlex: each word is quoted.
    command = " ".join(shlex.quote(word) for word in
                       binary_command(arguments.binary, context.master, arguments.jobs))
    lines = inputs.pipe(command).cache()

    expected, written = inputs.count(), lines.count()
    if written != expected:
        print(f"sprite_themes.py: error: {written} lines for {expected} inputs: a partition's "
              f"sprite-theme stopped short (see the executors' logs)", file=sys.stderr)
        spark.stop()
        return 1
    lines.saveAsTextFile(arguments.output)
    if arguments.parquet:
        spark.read.json(lines).write.parquet(arguments.output.rstrip("/") + "/parquet")
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
