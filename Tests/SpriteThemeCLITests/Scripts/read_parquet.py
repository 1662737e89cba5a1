#!/usr/bin/env python3
"""Prints each row of a Parquet dataset as one JSON line (Spark's own reader), so a test can
check what the Spark job's --parquet wrote.

usage: with-spark.sh VENV read_parquet.py DIR
"""

import sys

from pyspark.sql import SparkSession


def main(directory):
    """Prints the rows of `directory`."""
    spark = SparkSession.builder.master("local[1]").appName("read-parquet").getOrCreate()
    for line in spark.read.parquet(directory).toJSON().collect():
        print(line)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1])
