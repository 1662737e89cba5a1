"""Runs a command and prints its exit status and its peak resident memory in KiB.

    python3 peak_rss.py COMMAND [ARG...]

The command's standard error is passed through; its standard output is dropped. The peak is the
largest resident set of the command and its children (RUSAGE_CHILDREN), which this process
measures for the command alone.
"""
import resource
import subprocess
import sys

result = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
sys.stderr.write(result.stderr.decode("utf-8", errors="replace"))
print(result.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
